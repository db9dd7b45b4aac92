/**
 * Confidence from the retrieval evidence, never from the answer's wording. Pure.
 *
 * Let C be the best weighted coverage of the question's content terms by one of the first three
 * passages or by the passage of the best answer fact, F the coverage by the best answer fact (with its headings), E an exact match of a number
 * the question names, A agreement of the full-text and vector lists (a top-3 passage in both top 3s).
 *
 * - no passage, or no fact to quote                          -> 'unknown', below the floor
 * - the best fact is the corpus saying it holds no confirmed value (and states none) -> 'low', below the floor
 * - the question asks for a figure (how many/much/long, minimum...) and the best fact states none
 *   ('How many lanes does I-85 have?' matched only lane-closure rules)            -> 'low', below the floor
 * - the question names a route (I-95) and the best fact does not concern it (nor interstates) -> 'low', below
 * - high:   (E and C >= 0.5 and F >= 0.34) or (C >= 0.75 and F >= 0.5 and A)
 * - medium: C >= 0.5 and F >= 0.4
 * - low:    anything else
 * - below the floor ("I don't know"): C < 0.4 (0.25 with E), or F < 0.3 without E (low confidence
 *   with poor coverage).
 */
import type { Confidence } from './types'
import type { Evidence } from './evidence'
import type { SelectedFact } from './extractive'
import { headingStems, quantitiesOf, saysNoConfirmedValue, termFound } from './text'

/** A route the question names: i-26, us-17, sc-277 (tokens of the tokenizer). */
const ROUTE_CODE = /^(?:i|us|sc)-\d{1,3}$/

export const FLOOR_COVERAGE = 0.4
export const FLOOR_FACT_COVERAGE = 0.3
/** With an exact number match the floor is lower, never gone: a number alone is not an answer. */
export const FLOOR_COVERAGE_EXACT = 0.25

export interface ConfidenceVerdict {
  confidence: Confidence
  /** True when the answer must say "I don't know" and list the nearest sources instead. */
  belowFloor: boolean
  /** Plain account of the rule that fired, for logs and tests. */
  reason: string
}

export function judgeConfidence(evidence: Evidence, facts: readonly SelectedFact[]): ConfidenceVerdict {
  if (evidence.passageCount === 0) return { confidence: 'unknown', belowFloor: true, reason: 'no passage retrieved' }
  if (evidence.terms.terms.length === 0 && evidence.terms.numbers.length === 0) {
    return { confidence: 'unknown', belowFloor: true, reason: 'the question has no content words' }
  }
  const best = facts[0]
  if (!best) return { confidence: 'unknown', belowFloor: true, reason: 'no passage sentence matches the question' }
  if (saysNoConfirmedValue(best.fact)) {
    return { confidence: 'low', belowFloor: true, reason: 'the corpus says it holds no confirmed value for this' }
  }
  const route = evidence.terms.terms.find((term) => ROUTE_CODE.test(term))
  if (route && !termFound(evidence.terms, route, best.fact.stems, headingStems(best.passage))) {
    return { confidence: 'low', belowFloor: true, reason: `the best passage does not concern ${route.toUpperCase()}` }
  }
  if (evidence.terms.wantsFigure && quantitiesOf(best.fact.body).length === 0) {
    // Fact selection puts a fact with a figure first when one matches closely enough: none did.
    return { confidence: 'low', belowFloor: true, reason: 'the question asks for a figure and no matching passage states one' }
  }
  const c = Math.max(evidence.topCoverage, evidence.coverages[best.rank] ?? 0)
  const f = best.coverage
  const e = evidence.exact
  const numbers = `C=${c.toFixed(2)} F=${f.toFixed(2)} exact=${e} agreement=${evidence.agreement}`
  if (c < (e ? FLOOR_COVERAGE_EXACT : FLOOR_COVERAGE) || (!e && f < FLOOR_FACT_COVERAGE)) {
    return { confidence: c < 0.2 ? 'unknown' : 'low', belowFloor: true, reason: `below the floor (${numbers})` }
  }
  if ((e && c >= 0.5 && f >= 0.34) || (c >= 0.75 && f >= 0.5 && evidence.agreement)) {
    return { confidence: 'high', belowFloor: false, reason: `high (${numbers})` }
  }
  if (c >= 0.5 && f >= 0.4) return { confidence: 'medium', belowFloor: false, reason: `medium (${numbers})` }
  return { confidence: 'low', belowFloor: false, reason: `low (${numbers})` }
}
