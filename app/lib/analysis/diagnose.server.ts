/**
 * Problem diagnosis from the defect guide (corpus/defects): the user's description and the text read from
 * the upload are matched against the guide's names and symptoms (defect-match.ts, with spelling corrected
 * against the corpus vocabulary), and retrieval over the ingested defect records breaks near-ties. Nothing is
 * diagnosed from retrieval alone, and when no defect matches well enough the answer is null, so the caller
 * says it could not diagnose instead of guessing. Everything in the result comes from one guide record; the
 * guide holds no cost data, so no cost is estimated.
 */
import type { DbHandle } from '@db/client'
import { logger } from '../logger.server'
import { createVocabulary, type Vocabulary } from '../search/core/spelling'
import { retrieve } from '../search/retrieve.server'
import type { DetectedProblem, DiagnosticRecommendation, DiagnosticResult, RelatedSpec, SpecBook } from '../search/core/types'
import { PRIORITIES } from '../search/core/types'
import { getVocabulary } from '../search/vocabulary.server'
import type { Defect } from '../corpus/schema'
import { loadDefectGuide } from './defect-guide.server'
import { defectWordCounts, matchConfidence, matchDefects, matchedOnText, type DefectMatch } from './defect-match'

export const NO_COST_DATA = 'Not estimated: the defect guide holds no cost data'

/** Longest description or text sent to retrieval (the matcher reads more). */
const RETRIEVAL_CHARS = 600
/** Retrieval can lift a match by at most this much (the matcher's scores run from about 2.5 to 20). */
const RETRIEVAL_BONUS = 1.5

const PRIORITY_ORDER = new Map(PRIORITIES.map((p, i) => [p, i]))

async function vocabularyFor(handle: DbHandle, guide: readonly Defect[]): Promise<Vocabulary> {
  try {
    return await getVocabulary(handle)
  } catch (error) {
    logger.warn({ err: error }, 'corpus vocabulary unavailable; correcting spelling against the defect guide only')
    return createVocabulary(defectWordCounts(guide))
  }
}

/** Rank of each defect record among the retrieved passages (0 = best), for the records retrieval found. */
async function retrievalRanks(handle: DbHandle, query: string, specBook: SpecBook): Promise<Map<string, number>> {
  const ranks = new Map<string, number>()
  if (!query.trim()) return ranks
  try {
    const { passages } = await retrieve(handle, query.slice(0, RETRIEVAL_CHARS), { specBook, limit: 20 })
    for (const passage of passages) {
      if (passage.documentKind !== 'defect') continue
      const id = /defects\/(defect-[a-z0-9-]+)\.md/.exec(passage.documentId)?.[1]
      if (id && !ranks.has(id)) ranks.set(id, ranks.size)
    }
  } catch (error) {
    logger.warn({ err: error }, 'defect retrieval failed; diagnosing from the guide match alone')
  }
  return ranks
}

function sentence(text: string): string {
  const t = text.trim()
  return t ? `${t[0]!.toUpperCase()}${t.slice(1)}${/[.!?]$/.test(t) ? '' : '.'}` : ''
}

function problemOf(match: DefectMatch<Defect>, input: { description: string; text: string }, vocabulary: Vocabulary): DetectedProblem {
  return {
    problem: match.defect.title,
    description: `${sentence(match.defect.symptoms[0] ?? '')} ${matchedOnText(match, input, vocabulary)}`,
    severity: match.defect.severity,
    causeLikely: [...match.defect.likelyCauses],
    origin: match.origin,
  }
}

function recommendationsOf(defect: Defect): DiagnosticRecommendation[] {
  return [...defect.recommendations]
    .sort((a, b) => (PRIORITY_ORDER.get(a.priority) ?? 9) - (PRIORITY_ORDER.get(b.priority) ?? 9))
    .map((r) => ({ action: r.action, priority: r.priority, scdotReference: r.scdotReference, estimatedCost: NO_COST_DATA }))
}

/** A 2007 section is never presented as a 2025 number: the guide says so when the 2025 book is asked for. */
function relatedSpecsOf(defect: Defect, specBook: SpecBook): RelatedSpec[] {
  return defect.relatedSpecs.map((spec) => ({
    specification: spec.specification,
    section: spec.section,
    relevance:
      specBook === '2025' && /\(2007\)/.test(spec.specification)
        ? `${spec.relevance} (2007 numbering; the 2025 number is not confirmed)`
        : spec.relevance,
  }))
}

export async function diagnose(
  handle: DbHandle,
  input: { description: string; text: string; specBook: SpecBook },
): Promise<DiagnosticResult | null> {
  const description = input.description.trim()
  const text = input.text.trim()
  if (!description && !text) return null
  const guide = await loadDefectGuide()
  const vocabulary = await vocabularyFor(handle, guide)
  const found = matchDefects(guide, { description, text }, { vocabulary, limit: 5 })
  if (found.length === 0) return null
  const ranks = await retrievalRanks(handle, description || text, input.specBook)
  const matches = found
    .map((m) => {
      const rank = ranks.get(m.defect.id)
      return rank === undefined ? m : { ...m, score: m.score + RETRIEVAL_BONUS / (1 + rank) }
    })
    .sort((a, b) => b.score - a.score || a.defect.id.localeCompare(b.defect.id))
    .slice(0, 3)
  const primary = matches[0]!.defect
  return {
    primaryIssue: primary.title,
    severity: primary.severity,
    confidence: matchConfidence(matches),
    issueType: primary.issueType,
    detectedProblems: matches.map((match) => problemOf(match, { description, text }, vocabulary)),
    recommendations: recommendationsOf(primary),
    inspectionChecklist: [...primary.inspectionChecklist],
    preventiveMeasures: [...primary.preventiveMeasures],
    relatedSpecs: relatedSpecsOf(primary, input.specBook),
  }
}
