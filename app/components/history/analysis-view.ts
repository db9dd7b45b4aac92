import { z } from 'zod'
import { PRIORITIES, SEVERITIES, type DiagnosticResult, type ImageAnalysis } from '~/lib/search/core/types'

/**
 * The photo-analysis parts of a stored result (searches.result) for /history/<id>. Stored JSON is read
 * defensively like the rest of the result view: a part that does not have the expected shape is left
 * out (null), never half-shown or guessed.
 */
const MAX_ITEMS = 50
const str = (max = 2000) => z.string().max(max)
const strings = z.array(str()).max(MAX_ITEMS)
const origin = z.enum(['text', 'description', 'corpus', 'model']).optional()

const diagnosticSchema = z.object({
  primaryIssue: str(),
  severity: z.enum(SEVERITIES),
  confidence: z.enum(['low', 'medium', 'high']),
  issueType: str(200),
  detectedProblems: z
    .array(z.object({ problem: str(), description: str(), severity: z.enum(SEVERITIES), causeLikely: strings, origin }))
    .max(MAX_ITEMS),
  recommendations: z
    .array(z.object({ action: str(), priority: z.enum(PRIORITIES), scdotReference: str(), estimatedCost: str() }))
    .max(MAX_ITEMS),
  inspectionChecklist: strings,
  preventiveMeasures: strings,
  relatedSpecs: z.array(z.object({ specification: str(), section: str(), relevance: str() })).max(MAX_ITEMS),
}) satisfies z.ZodType<DiagnosticResult>

const imageAnalysisSchema = z.object({
  identifiedFeatures: z
    .array(z.object({ feature: str(), specifications: str(), confidence: z.number().min(0).max(1), origin }))
    .max(MAX_ITEMS),
  planDetails: z.object({ stationNumbers: strings, annotations: strings, elements: strings }),
  relevantSpecs: strings,
  recommendations: strings,
  extractedText: z.string().max(50_000).optional(),
  textSource: z.enum(['ocr', 'pdf-text', 'none']).optional(),
  notices: strings.optional(),
  visionModel: z.string().max(200).nullable().optional(),
}) satisfies z.ZodType<ImageAnalysis>

export interface AnalysisView {
  fileName: string | null
  diagnostic: DiagnosticResult | null
  imageAnalysis: ImageAnalysis | null
}

export function toAnalysisView(result: unknown): AnalysisView {
  const data = result && typeof result === 'object' && !Array.isArray(result) ? (result as Record<string, unknown>) : {}
  const fileName = typeof data.fileName === 'string' && data.fileName.trim() ? data.fileName.trim().slice(0, 200) : null
  const diagnostic = diagnosticSchema.safeParse(data.diagnosticResult)
  const imageAnalysis = imageAnalysisSchema.safeParse(data.imageAnalysis)
  return {
    fileName,
    diagnostic: diagnostic.success ? diagnostic.data : null,
    imageAnalysis: imageAnalysis.success ? imageAnalysis.data : null,
  }
}
