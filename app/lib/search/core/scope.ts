/**
 * The scope check: the product covers South Carolina (SCDOT) road construction only. Pure.
 *
 * Out of scope:
 * - a question that names another US state or its DOT (`analysis.otherState`, or query.ts `findOtherState`
 *   when the analysis came from elsewhere: 'Georgia DOT', 'NCDOT', 'Caltrans'...);
 * - a question with no construction or field vocabulary (no work topic, no section/drawing/test number,
 *   no route number, none of the words below) whose retrieval is weak (best coverage under 0.5): 'Who won the World Series?'.
 * A question with field words but a fact the corpus does not hold is not a scope case: the confidence
 * floor answers it with "I don't know".
 */
import { topicsOfQuery } from '~/lib/dashboard/topics'
import { findOtherState } from './query'
import type { QueryAnalysis } from './types'
import type { Evidence } from './evidence'

const FIELD_WORDS =
  /\b(road|roads|roadway|highway|interstate|street|pavement|paving|pave|construction|contractor|project|inspector|inspection|spec|specs|specification|specifications|section|drawing|drawings|scdot|dot|material|materials|mix|lane|lanes|shoulder|traffic|bridge|culvert|slope|grade|sign|station|stations|plans|engineer|subcontract|field|sample|test|tests|psi|inches|feet|ft|cubic|yards|tons|gallons|speed|mph|route|routes|intersection|ramp|median|curb|sidewalk|permit|permits|acre|acres|bar|bars|dirt|soil|dig|digging|excavation|hole|ditch|trench|crew|crews|worker|workers|equipment|truck|trucks|paint|stripe|stripes|storm|stormwater|water|grinding|dust)\b/i

/** A route number: I-26, US 17, SC-277. */
const ROUTE = /\b(?:I|US|SC)[- ]?\d{1,3}\b/

export function hasFieldVocabulary(query: string, analysis: Pick<QueryAnalysis, 'numbers'>): boolean {
  return analysis.numbers.length > 0 || topicsOfQuery(query).length > 0 || FIELD_WORDS.test(query) || ROUTE.test(query)
}

export type ScopeVerdict = { inScope: true } | { inScope: false; kind: 'other-state'; state: string } | { inScope: false; kind: 'off-topic' }

export function checkScope(analysis: QueryAnalysis, evidence: Evidence): ScopeVerdict {
  const state = analysis.otherState ?? findOtherState(analysis.original)
  if (state) return { inScope: false, kind: 'other-state', state }
  if (!hasFieldVocabulary(analysis.corrected || analysis.original, analysis) && evidence.topCoverage < 0.5) {
    return { inScope: false, kind: 'off-topic' }
  }
  return { inScope: true }
}
