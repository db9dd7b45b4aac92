/**
 * Evidence about how well the retrieved passages answer the question, shared by fact selection,
 * confidence and the scope check. Pure.
 *
 * Term weights are inverse document frequencies over the passages considered: a term found in every
 * passage ('traffic' in a work-zone search) weighs 1, a term found in none weighs most, and identifiers
 * and figures (i-26, 2024, 401.4) weigh half as much again, except a bare figure that no passage holds,
 * which is a parameter of the question ('55 mph') and weighs 0.5. So a question whose specific words appear in
 * no passage (a road's lane count, a sports result) has low coverage even when its generic words match.
 */
import type { Passage } from './types'
import { coverage, passageStems, termFound, type QuestionTerms } from './text'

/** Passages considered for weights, coverage and answer facts. */
export const CONSIDERED_PASSAGES = 8

/** Below this weighted coverage a passage does not support a feature named in a photo (features.server.ts). */
export const FLOOR_COVERAGE = 0.4

export interface Evidence {
  terms: QuestionTerms
  weights: Map<string, number>
  /** Stems of each considered passage (title, section, headings, body). */
  stems: ReadonlySet<string>[]
  /** Weighted coverage of the question by each considered passage, 0-1. */
  coverages: number[]
  /** Best coverage among the first three passages. */
  topCoverage: number
  /** A number named in the question matched one of the first three passages exactly. */
  exact: boolean
  /** Full-text and vector lists agree: one of the first three passages is in the top 3 of both. */
  agreement: boolean
  /** The first passage was found by full-text search (not by vectors alone). */
  ftsHit: boolean
  passageCount: number
}

export function weightsFor(terms: QuestionTerms, stems: readonly ReadonlySet<string>[], unknownStems: readonly string[] = []): Map<string, number> {
  const n = stems.length
  const weights = new Map<string, number>()
  for (const term of terms.terms) {
    // A plain word the whole corpus never uses ('shiny', 'blacktop') says nothing about whether these
    // passages are the right ones: it weighs like a parameter. A corpus word missing from them does.
    if (unknownStems.includes(term) && !(terms.alternatives.get(term)?.length)) {
      weights.set(term, 0.5)
      continue
    }
    const df = stems.filter((set) => termFound(terms, term, set)).length
    const idf = 1 + Math.log((n + 1) / (df + 1))
    // A bare figure no passage holds is a parameter of the question ('55 mph'), not its subject; a
    // code no passage holds (I-26, SC-T-99) is the subject and weighs most.
    if (df === 0 && /^\d+(?:\.\d+)?$/.test(term)) weights.set(term, 0.5)
    else weights.set(term, /\d/.test(term) ? idf * 1.5 : idf)
  }
  return weights
}

export function gatherEvidence(terms: QuestionTerms, passages: readonly Passage[], unknownStems: readonly string[] = []): Evidence {
  const considered = passages.slice(0, CONSIDERED_PASSAGES)
  const stems = considered.map(passageStems)
  const weights = weightsFor(terms, stems, unknownStems)
  const coverages = stems.map((set) => coverage(terms, set, weights))
  const top = considered.slice(0, 3)
  return {
    terms,
    weights,
    stems,
    coverages,
    topCoverage: Math.max(0, ...coverages.slice(0, 3)),
    exact: terms.numbers.length > 0 && top.some((passage) => passage.scores.exact),
    agreement: top.some(
      (passage) =>
        passage.scores.ftsRank !== null && passage.scores.ftsRank <= 3 && passage.scores.vectorRank !== null && passage.scores.vectorRank <= 3,
    ),
    ftsHit: considered[0]?.scores.ftsRank != null,
    passageCount: passages.length,
  }
}
