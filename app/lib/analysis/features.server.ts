/**
 * Identified features and relevant specifications (§3 Image analysis): each element found in the text, the
 * question or the vision model's findings is looked up in the SCDOT corpus with the search's own retrieval
 * (`retrieve`), and the evidence decides:
 *
 * - coverage C: the weighted share of the element's terms found in the best of the first three passages
 *   (`gatherEvidence`, the same measure the search's confidence uses);
 * - C at or above the search's floor (0.4): the passage is the element's specification, cited with
 *   `citationOf`; below it: the feature is listed with 'no passage matched' and no citation;
 * - confidence = C x the reading's own certainty (OCR mean confidence / 100 for text read by OCR, the model's
 *   stated confidence for its findings, 1 for text typed or extracted from a PDF), rounded to 2 decimals.
 *
 * Nothing here is made up: a feature without a passage says so.
 */
import type { DbHandle } from '@db/client'
import { citationOf } from '~/lib/search/core/citations'
import { FLOOR_COVERAGE, gatherEvidence } from '~/lib/search/core/evidence'
import { questionTerms } from '~/lib/search/core/text'
import { retrieve } from '~/lib/search/retrieve.server'
import type { FindingOrigin, IdentifiedFeature, Passage, SpecBook } from '~/lib/search/core/types'

/** Elements looked up at most (each is one retrieval). */
export const MAX_FEATURES = 8
const PASSAGES_PER_FEATURE = 5
export const NO_PASSAGE = 'No passage of the SCDOT corpus matched this item.'

export interface FeatureCandidate {
  /** As shown: '24" RCP', 'Catch basin type 1'. */
  name: string
  origin: FindingOrigin
  /** How sure the reading itself is, 0-1. */
  certainty: number
}

export interface FeatureFindings {
  identifiedFeatures: IdentifiedFeature[]
  /** 'Section 714 (2007): Pipe Culverts', one per passage that backs a feature. */
  relevantSpecs: string[]
  recommendations: string[]
  /** Passages backing a feature (primary sources), then the other passages retrieved. */
  used: Passage[]
  retrieved: Passage[]
  /** Best coverage among the features found in the corpus, 0 when none. */
  bestCoverage: number
}

/** The element as a search: a sized pipe by its material, a structure without its type number. */
export function featureQuery(name: string): string {
  const pipe = /^\d+(?:\.\d)?"\s+(.+)$/.exec(name)
  if (pipe) return /pipe|culvert|drain|sewer/i.test(pipe[1]!) ? pipe[1]! : `${pipe[1]} pipe`
  const payItem = /^Pay item\s+(\d+)$/i.exec(name)
  if (payItem) return `pay item ${payItem[1]}`
  return name.replace(/\s+type\s+\w+$/i, '').replace(/\s+/g, ' ').trim()
}

/**
 * What can stand as an element's specification: specifications, drawings, test methods, manuals and federal
 * rules. The product's own summaries (cheat sheets, the defect guide, the catalogue) are not.
 */
const NOT_SPECIFICATIONS = new Set(['cheat-sheet', 'defect', 'catalogue'])

/** 'Catch basin type 1' reads 'catch basin type 1' inside a sentence; '24" RCP' and 'HMA' stay as they are. */
export function inSentence(name: string): string {
  return /^[A-Z][a-z]/.test(name) ? `${name[0]!.toLowerCase()}${name.slice(1)}` : name
}

const round2 = (value: number) => Math.round(Math.max(0, Math.min(1, value)) * 100) / 100

export function specLabel(passage: Passage): string {
  const { reference } = citationOf(passage)
  const title = passage.documentTitle
  if (title.toLowerCase().startsWith(reference.toLowerCase())) return title
  return reference === title ? reference : `${reference}: ${title}`
}

interface Lookup {
  candidate: FeatureCandidate
  best: Passage | null
  coverage: number
  passages: Passage[]
}

async function lookUp(handle: DbHandle, candidate: FeatureCandidate, specBook: SpecBook): Promise<Lookup> {
  const retrieval = await retrieve(handle, featureQuery(candidate.name), { specBook, limit: PASSAGES_PER_FEATURE * 2 })
  const passages = retrieval.passages.filter((passage) => !NOT_SPECIFICATIONS.has(passage.documentKind)).slice(0, PASSAGES_PER_FEATURE)
  const evidence = gatherEvidence(questionTerms(retrieval.analysis), passages)
  let bestIndex = -1
  evidence.coverages.slice(0, 3).forEach((coverage, index) => {
    if (bestIndex < 0 || coverage > evidence.coverages[bestIndex]!) bestIndex = index
  })
  const coverage = bestIndex >= 0 ? evidence.coverages[bestIndex]! : 0
  return { candidate, best: bestIndex >= 0 ? passages[bestIndex]! : null, coverage, passages }
}

/** De-duplicated by name (case-insensitive), first origin kept, at most MAX_FEATURES. */
export function uniqueCandidates(candidates: readonly FeatureCandidate[]): FeatureCandidate[] {
  const seen = new Set<string>()
  const out: FeatureCandidate[] = []
  for (const candidate of candidates) {
    const key = candidate.name.toLowerCase()
    if (seen.has(key) || candidate.name.trim() === '') continue
    seen.add(key)
    out.push(candidate)
    if (out.length >= MAX_FEATURES) break
  }
  return out
}

export async function findFeatures(
  handle: DbHandle,
  input: { candidates: readonly FeatureCandidate[]; specBook: SpecBook },
): Promise<FeatureFindings> {
  const lookups: Lookup[] = []
  // One at a time: PGlite answers one statement at a time anyway, and PostgreSQL's pool stays free for others.
  for (const candidate of uniqueCandidates(input.candidates)) lookups.push(await lookUp(handle, candidate, input.specBook))

  const identifiedFeatures: IdentifiedFeature[] = []
  const relevantSpecs: string[] = []
  const recommendations: string[] = []
  const used: Passage[] = []
  const retrieved: Passage[] = []
  let bestCoverage = 0
  for (const { candidate, best, coverage, passages } of lookups) {
    const supported = best !== null && coverage >= FLOOR_COVERAGE
    identifiedFeatures.push({
      feature: candidate.name,
      specifications: supported ? `${specLabel(best)} (${citationOf(best).documentType})` : NO_PASSAGE,
      confidence: round2(coverage * candidate.certainty),
      origin: candidate.origin,
    })
    for (const passage of passages) if (!retrieved.some((p) => p.chunkId === passage.chunkId)) retrieved.push(passage)
    if (!supported) continue
    bestCoverage = Math.max(bestCoverage, coverage)
    if (!used.some((p) => p.chunkId === best.chunkId)) used.push(best)
    const label = specLabel(best)
    if (!relevantSpecs.includes(label)) relevantSpecs.push(label)
    if (recommendations.length < 5) {
      const from = candidate.origin === 'model' ? ' (seen by the vision model; confirm on site)' : ''
      recommendations.push(`Check the ${inSentence(candidate.name)}${from} against ${citationOf(best).reference}.`)
    }
  }
  return {
    identifiedFeatures,
    relevantSpecs,
    recommendations,
    used,
    retrieved: retrieved.filter((p) => !used.some((u) => u.chunkId === p.chunkId)),
    bestCoverage,
  }
}
