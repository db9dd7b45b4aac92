/**
 * Photo and document analysis (§7 POST /api/analyze-image), from a checked upload to a §3 search result:
 *
 *   text       OCR for a photo (ocr.server.ts), the text layer for a PDF (pdf-text.server.ts)
 *   details    stations, annotations and elements of that text (plan-details.ts)
 *   vision     the photo to the vision model when one is configured (vision.server.ts), its findings
 *              marked origin 'model'; without one a notice says visual detection needs it
 *   features   each element (text, question, model) looked up in the corpus (features.server.ts)
 *   diagnosis  the defect guide (diagnose.server.ts) on the description + text: always for 'diagnostic'
 *              (a notice says so when nothing matches); for 'general' only a match of medium or high
 *              confidence is added; 'features' (What is this?) identifies elements only
 *   question   when the user asked one: the normal search answer (runCachedSearch) for the question and the
 *              main elements, so its citations, sources, suggestions and confidence are the search's own
 *
 * The result says what was read and how; it never states a finding that none of these produced. Client
 * problems (unreadable image, protected PDF, nothing to analyse) are AnalysisErrors with a 4xx status.
 */
import type { DbHandle } from '@db/client'
import { logger } from '~/lib/logger.server'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'
import { exactCitationsOf, sourcesOf } from '~/lib/search/core/citations'
import { featureSuggestions } from '~/lib/search/core/answer-suggestions'
import { runCachedSearch } from '~/lib/search/search.server'
import type {
  AnalysisType,
  Confidence,
  DetectedProblem,
  DiagnosticResult,
  ImageAnalysis,
  SearchResult,
  SpecBook,
} from '~/lib/search/core/types'
import { diagnose } from './diagnose.server'
import { findFeatures, inSentence, NO_PASSAGE, type FeatureCandidate, type FeatureFindings } from './features.server'
import { ocrImage, OcrError } from './ocr.server'
import { pdfText, PdfTextError } from './pdf-text.server'
import { extractPlanDetails, type PlanDetails } from './plan-details'
import type { UploadedFile } from './upload.server'
import { visionModelConfig } from '~/lib/providers.server'
import { analyseWithVision, type VisionOutcome } from './vision.server'

/** Longest extracted text returned in the result (and stored in history). */
export const MAX_EXTRACTED_TEXT = 4000
/** Elements added to the question for its search. */
const QUESTION_ELEMENTS = 3
/** A vision model's finding is never shown surer than this: it is unconfirmed model output. */
export const MODEL_CERTAINTY_CAP = 0.8
/** Below this OCR mean confidence the text is called hard to read. */
const LOW_OCR_CONFIDENCE = 60

export const NO_VISION_NOTICE =
  'Visual defect detection needs a vision model, and none is configured: the findings below come only from the text read from the file and from your description.'
export const NO_TEXT_MESSAGE =
  'No text could be read from this image, and there is no question to answer. Describe what the photo shows in the question box (for example "cracks in the asphalt along the wheel path") and try again.'
export const NO_DIAGNOSIS_NOTICE =
  'The defect guide has no defect that matches your description or the text read from the file. Describe the problem in the question box (what it looks like, where, how large) for a diagnosis.'

/** What the history lists for an analysis: the question, else 'Photo: <name>' ('Document: <name>' for a PDF). */
export function historyQuery(input: Pick<AnalysisInput, 'file' | 'query'>): string {
  if (input.query) return input.query
  if (!input.file) return ''
  return `${input.file.type === 'application/pdf' ? 'Document' : 'Photo'}: ${input.file.name}`
}

export class AnalysisError extends Error {
  override readonly name = 'AnalysisError'
  constructor(
    readonly status: number,
    message: string,
    /** Seconds for a Retry-After header (503: the photo reader is busy). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export interface AnalysisInput {
  file: UploadedFile | null
  analysisType: AnalysisType
  query: string
  specBook: SpecBook
  userRole: string
}

interface TextReading {
  text: string
  source: 'ocr' | 'pdf-text' | 'none'
  /** How sure the reading is, 0-1 (OCR mean confidence / 100; 1 for a PDF's text layer). */
  certainty: number
  engine: string | null
  summary: string
  notices: string[]
}

/** OCR text with its lines trimmed and runs of blank lines collapsed. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

/** True when OCR output holds real words rather than the noise a photo without text gives. */
export function hasReadableText(text: string, confidence: number): boolean {
  const words = text.match(/[A-Za-z0-9]{3,}/g) ?? []
  return words.length >= 5 || (words.length >= 2 && confidence >= 40) || (words.length >= 1 && confidence >= 75)
}

async function readText(file: UploadedFile | null, query: string): Promise<TextReading> {
  const none = (summary: string, notices: string[] = []): TextReading => ({ text: '', source: 'none', certainty: 1, engine: null, summary, notices })
  if (!file) return none('')
  if (file.type === 'application/pdf') {
    try {
      const pdf = await pdfText(file.bytes)
      const notices = pdf.truncated ? [`Only the first ${pdf.pagesRead} of ${pdf.pageCount} pages (and at most 20,000 characters) of this PDF were analysed.`] : []
      return {
        text: pdf.text,
        source: 'pdf-text',
        certainty: 1,
        engine: 'PDF text extraction (pdf.js)',
        summary: `Read the text of ${pdf.pagesRead} of ${pdf.pageCount} page${pdf.pageCount === 1 ? '' : 's'} of the PDF.`,
        notices,
      }
    } catch (error) {
      if (!(error instanceof PdfTextError)) throw error
      // A scan still gets its question answered; a protected or broken file cannot be analysed.
      if (error.code === 'no-text' && query) return { ...none('No text could be read from this PDF.', [error.message]), source: 'pdf-text' }
      throw new AnalysisError(error.status, error.message)
    }
  }
  let ocr
  try {
    ocr = await ocrImage(file.bytes)
  } catch (error) {
    if (error instanceof OcrError) throw new AnalysisError(error.status, error.message, error.retryAfter)
    throw error
  }
  const text = tidyText(ocr.text)
  const confidence = Math.round(ocr.confidence)
  if (!hasReadableText(text, ocr.confidence)) {
    return { text: '', source: 'ocr', certainty: 0, engine: 'OCR (tesseract.js)', summary: 'No text could be read from the image.', notices: [] }
  }
  const notices =
    confidence < LOW_OCR_CONFIDENCE
      ? [`Part of the text was hard to read (OCR mean confidence ${confidence}%): check the extracted text against the image before relying on it.`]
      : []
  return {
    text,
    source: 'ocr',
    certainty: ocr.confidence / 100,
    engine: 'OCR (tesseract.js)',
    summary: `Read ${text.length} characters of text from the image with OCR (mean confidence ${confidence}%, ${(ocr.durationMs / 1000).toFixed(1)} s).`,
    notices,
  }
}

function capText(text: string): string {
  return text.length > MAX_EXTRACTED_TEXT ? `${text.slice(0, MAX_EXTRACTED_TEXT - 1)}…` : text
}

function list(values: readonly string[], max = 5): string {
  const shown = values.slice(0, max).join(', ')
  return values.length > max ? `${shown} and ${values.length - max} more` : shown
}

function confidenceOf(coverage: number): Confidence {
  if (coverage >= 0.75) return 'high'
  if (coverage >= 0.5) return 'medium'
  if (coverage >= 0.4) return 'low'
  return 'unknown'
}

/** The question plus the main elements it does not already name, for the search. */
export function questionWithElements(query: string, elements: readonly string[]): string {
  const lower = query.toLowerCase()
  const extra = elements.filter((element) => !lower.includes(element.toLowerCase())).slice(0, QUESTION_ELEMENTS)
  const combined = extra.length > 0 ? `${query} (${extra.join(', ')})` : query
  return combined.length <= 1000 ? combined : query
}

function modelProblems(vision: VisionOutcome | null): DetectedProblem[] {
  if (!vision?.ok) return []
  return vision.defects.map((defect) => ({
    problem: defect.defect,
    description: `${defect.description ?? 'Reported by the vision model.'} [vision model output, not verified]`,
    // The model was asked for a severity; when it gave none, the lowest is shown rather than a guess.
    severity: defect.severity ?? 'low',
    causeLikely: [],
    origin: 'model' as const,
  }))
}

async function runDiagnosis(handle: DbHandle, input: AnalysisInput, text: string, vision: VisionOutcome | null): Promise<DiagnosticResult | null> {
  const seen = vision?.ok ? vision.defects.map((d) => d.defect).join('\n') : ''
  const result = await diagnose(handle, { description: input.query, text: [text, seen].filter(Boolean).join('\n'), specBook: input.specBook })
  if (!result) return null
  const fromModel = modelProblems(vision)
  return fromModel.length > 0 ? { ...result, detectedProblems: [...result.detectedProblems, ...fromModel] } : result
}

function answerText(parts: {
  input: AnalysisInput
  reading: TextReading
  details: PlanDetails
  features: FeatureFindings
  vision: VisionOutcome | null
  diagnosis: DiagnosticResult | null
  question: SearchResult | null
}): string {
  const { input, reading, details, features, vision, diagnosis, question } = parts
  const out: string[] = []
  if (diagnosis) {
    out.push(
      `Likely issue: ${diagnosis.primaryIssue} (severity ${diagnosis.severity}, confidence ${diagnosis.confidence}), from the product's defect guide (general practice, with confirmed SCDOT references) matched against ${input.query ? 'your description' : 'the text read from the file'}.`,
    )
  }
  if (reading.summary) out.push(reading.summary)
  const found: string[] = []
  if (details.stationNumbers.length > 0) found.push(`stations ${list(details.stationNumbers)}`)
  if (details.elements.length > 0) found.push(`elements ${list(details.elements)}`)
  if (details.annotations.length > 0) found.push(`${details.annotations.length} annotation${details.annotations.length === 1 ? '' : 's'}`)
  if (found.length > 0) out.push(`Found in the text: ${found.join('; ')}.`)
  else if (reading.text) out.push('No stations, plan notes or construction elements were recognised in the text.')
  const matched = features.identifiedFeatures.filter((feature) => feature.specifications !== NO_PASSAGE)
  if (matched.length > 0) {
    out.push(`Specifications found in the SCDOT corpus for ${list(matched.map((f) => inSentence(f.feature)))}: ${list(features.relevantSpecs, 4)}.`)
  } else if (features.identifiedFeatures.length > 0) {
    out.push('No passage of the SCDOT corpus matched the elements found.')
  }
  if (vision?.ok) {
    const seen = [...vision.features.map((f) => f.feature), ...vision.defects.map((d) => d.defect)]
    out.push(
      seen.length > 0
        ? `The vision model (${vision.model}) reported: ${list(seen, 8)}. These are model output, not verified findings.`
        : `The vision model (${vision.model}) reported no features or defects.`,
    )
  }
  if (question) out.push(`Your question: ${input.query}\n\n${question.answer}`)
  return out.join('\n\n')
}

export async function analyze(handle: DbHandle, input: AnalysisInput): Promise<SearchResult> {
  const started = performance.now()
  const { file } = input
  const isImage = file !== null && file.type !== 'application/pdf'
  const visionConfig = isImage ? visionModelConfig() : null
  // The model call and the OCR run side by side: one waits on the network, the other on a worker thread.
  const visionPromise = visionConfig && file ? analyseWithVision(visionConfig, { bytes: file.bytes, type: file.type as 'image/jpeg' | 'image/png' }, input.query) : null
  let reading: TextReading
  try {
    reading = await readText(file, input.query)
  } catch (error) {
    await visionPromise // never left running unobserved (it resolves, never rejects)
    throw error
  }
  const vision = visionPromise ? await visionPromise : null

  const notices = [...reading.notices]
  if (isImage && !visionConfig) notices.push(NO_VISION_NOTICE)
  if (vision && !vision.ok) notices.push(vision.notice)
  const visionFound = vision?.ok === true && vision.features.length + vision.defects.length > 0
  if (isImage && !reading.text) {
    if (!input.query && !visionFound) throw new AnalysisError(422, NO_TEXT_MESSAGE)
    notices.push('No text could be read from the image; the analysis uses your description' + (visionFound ? ' and the vision model’s findings.' : '.'))
  }

  const details = extractPlanDetails(reading.text, { ocr: reading.source === 'ocr' })
  const described = input.query ? extractPlanDetails(input.query).elements : []
  const candidates: FeatureCandidate[] = [
    ...details.elements.map((name) => ({ name, origin: 'text' as const, certainty: reading.certainty })),
    ...described.map((name) => ({ name, origin: 'description' as const, certainty: 1 })),
    ...(vision?.ok
      ? vision.features.map((f) => ({ name: f.feature, origin: 'model' as const, certainty: Math.min(MODEL_CERTAINTY_CAP, f.confidence ?? 1) }))
      : []),
  ]
  const features = await findFeatures(handle, { candidates, specBook: input.specBook })

  let diagnosis: DiagnosticResult | null = null
  if (input.analysisType === 'diagnostic') {
    diagnosis = await runDiagnosis(handle, input, reading.text, vision)
    if (!diagnosis) notices.push(NO_DIAGNOSIS_NOTICE)
  } else if (input.analysisType === 'general') {
    const found = await runDiagnosis(handle, input, reading.text, vision)
    diagnosis = found && found.confidence !== 'low' ? found : null
  }

  const question = input.query
    ? await runCachedSearch(handle, { query: questionWithElements(input.query, details.elements), specBook: input.specBook, userRole: input.userRole })
    : null

  const recommendations = [...features.recommendations]
  if (details.stationNumbers.length > 0 && reading.source === 'ocr') {
    recommendations.push(`Confirm the stations read from the image (${list(details.stationNumbers)}) against the plan sheet: OCR can misread characters.`)
  }
  const relevantSpecs = [...features.relevantSpecs]
  for (const citation of question?.exactCitations ?? []) if (!relevantSpecs.includes(citation.reference)) relevantSpecs.push(citation.reference)

  const imageAnalysis: ImageAnalysis = {
    identifiedFeatures: features.identifiedFeatures,
    planDetails: details,
    relevantSpecs: relevantSpecs.slice(0, 10),
    recommendations,
    extractedText: capText(reading.text),
    textSource: reading.source,
    notices,
    visionModel: vision?.ok ? vision.model : null,
  }

  const engines = [
    reading.engine,
    vision?.ok ? `vision model ${vision.model} (output marked as model findings)` : null,
    diagnosis ? 'defect guide (the product’s own, not an SCDOT publication)' : null,
    question ? question.searchEngine.replace(/^Extractive answer/, 'extractive answer') : features.identifiedFeatures.length > 0 ? 'corpus retrieval (SCDOT)' : null,
  ].filter((engine): engine is string => engine !== null)

  const featureCitations = exactCitationsOf(features.used)
  const citations = [...(question?.exactCitations ?? [])]
  for (const citation of featureCitations) if (!citations.some((c) => c.reference === citation.reference && c.documentType === citation.documentType)) citations.push(citation)
  const sources = [...(question?.sources ?? [])]
  for (const source of sourcesOf(features.used, features.retrieved, 8)) {
    if (!sources.some((s) => s.title === source.title && s.section === source.section)) sources.push(source)
  }
  const tips = question?.roleSpecificNotes.filter((note) => note !== VERIFICATION_NOTICE) ?? []
  if (reading.source === 'ocr' && reading.text) tips.unshift('OCR can confuse similar characters (O and 0, l and 1, S and 5): check stations, sizes and item numbers against the original.')

  const confidence: Confidence = question?.confidence ?? diagnosis?.confidence ?? confidenceOf(features.bestCoverage)
  const name = file?.name ?? null
  const result: SearchResult = {
    query: historyQuery(input),
    answer: answerText({ input, reading, details, features, vision, diagnosis, question }),
    confidence,
    roleSpecificNotes: [...tips.slice(0, 3), VERIFICATION_NOTICE],
    isDiagnostic: input.analysisType === 'diagnostic',
    diagnosticResult: diagnosis,
    fileName: name,
    exactCitations: citations.slice(0, 8),
    cheatSheetSuggestions: question?.cheatSheetSuggestions ?? [],
    calculationSuggestions: question?.calculationSuggestions ?? [],
    sources: sources.slice(0, 10),
    searchEngine: engines.length > 0 ? engines.join(' + ') : 'SCDOT corpus',
    engine: question?.engine ?? 'extractive',
    featureSuggestions: question?.featureSuggestions ?? featureSuggestions(),
    engagementText:
      features.identifiedFeatures.length > 0
        ? `${features.identifiedFeatures.length} element${features.identifiedFeatures.length === 1 ? '' : 's'} looked up in the SCDOT corpus; ${features.used.length > 0 ? `${features.relevantSpecs.length} specification passage${features.relevantSpecs.length === 1 ? '' : 's'} matched` : 'none matched a passage'}.`
        : (question?.engagementText ?? 'Nothing in the file matched an element the corpus covers.'),
    imageAnalysis,
    corrections: question?.corrections ?? [],
  }
  logger.info(
    {
      ms: Math.round(performance.now() - started),
      textSource: reading.source,
      chars: reading.text.length,
      features: features.identifiedFeatures.length,
      vision: vision ? vision.ok : null,
      diagnostic: input.analysisType === 'diagnostic',
    },
    'analysis done',
  )
  return result
}
