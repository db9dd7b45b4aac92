/**
 * From candidate passages to a §3 search result: the core's ranking, the answer's facts, confidence and
 * scope (decide.ts), the extractive answer, citations, sources and suggestions. Pure: the server and the
 * browser's offline answerer both call `prepare` and `extractiveResult`; the chat-model path
 * (llm.server.ts) supplies its own answer text and passages through `buildResult`.
 */
import type { AnswerEngine, Passage, QueryAnalysis, SearchResult } from './types'
import { exactCitationsOf, labelOf, quotedCitationsOf, sourcesOf } from './citations'
import { leadFigure } from './answer-type'
import { decide, type Decision, type ScopeVerdict, type SelectedFact, type Verdict } from './decide'
import type { CorpusStats } from './rank'
import {
  calculationSuggestions,
  calculatorNote,
  cheatSheetSuggestions,
  engagementText,
  featureSuggestions,
  inspectorTips,
  type CheatSheetInfo,
} from './answer-suggestions'
import { questionTerms, saysNoConfirmedValue, type QuestionTerms } from './text'

export const EXTRACTIVE_ENGINE = 'Extractive answer from the SCDOT corpus (no AI model)'
export const SCOPE_ENGINE = 'Scope check: South Carolina (SCDOT) road construction only'

export const DONT_KNOW =
  "I don't know: the SCDOT corpus does not hold a confirmed answer to this question. The nearest sources are listed below; check them, or the official SCDOT documents."

export const SCOPE_MESSAGE = 'This product covers South Carolina (SCDOT) road construction only.'

export interface Prepared {
  query: string
  analysis: QueryAnalysis
  /** The candidates in the core's order, best first. */
  passages: Passage[]
  terms: QuestionTerms
  decision: Decision
  facts: SelectedFact[]
  verdict: Verdict
  scope: ScopeVerdict
  sheets: CheatSheetInfo[]
}

export function prepare(query: string, analysis: QueryAnalysis, candidates: readonly Passage[], stats: CorpusStats, sheets: CheatSheetInfo[]): Prepared {
  const terms = questionTerms(analysis)
  const decision = decide(analysis, terms, candidates, stats)
  return {
    query,
    analysis,
    passages: decision.ranked.map((scored) => scored.passage),
    terms,
    decision,
    facts: decision.facts,
    verdict: decision.verdict,
    scope: decision.scope,
    sheets,
  }
}

/** The passages the chosen facts come from, in the core's order, once each. */
export function passagesUsed(facts: readonly SelectedFact[]): Passage[] {
  const byRank = [...facts].sort((a, b) => a.rank - b.rank)
  const seen = new Set<string>()
  return byRank.filter((f) => (seen.has(f.passage.chunkId) ? false : (seen.add(f.passage.chunkId), true))).map((f) => f.passage)
}

/** True when the answer is a real answer (in scope and above the confidence floor). */
export function answerable(prepared: Prepared): boolean {
  return prepared.scope.inScope && !prepared.verdict.belowFloor
}

export interface AnswerBody {
  answer: string
  /** Passages the answer quotes or cites (primary sources). */
  used: Passage[]
  engine: AnswerEngine
  searchEngine: string
  /** Extra Inspector Tips (the model's, already checked). */
  tips?: string[]
}

/** The extractive answer: the best fact first, up to three more, then the calculator line when one fits. */
export function extractiveBody(prepared: Prepared, searchEngine = EXTRACTIVE_ENGINE): AnswerBody {
  const { facts } = prepared
  const line = (fact: SelectedFact) => `${fact.fact.text} (${labelOf(fact.passage)})`
  const parts: string[] = []
  // The figure asked for leads ('36 in: Drums are at least 36 in tall...'); the fact follows as written.
  const figure = leadFigure(facts[0]!.fact.body, prepared.decision.answerType)
  parts.push(figure ? `${figure}: ${line(facts[0]!)}` : line(facts[0]!))
  if (facts.length > 1) parts.push(['Also in the corpus:', ...facts.slice(1).map((fact) => `- ${line(fact)}`)].join('\n'))
  const note = calculatorNote(prepared.query, calculationSuggestions(prepared.query))
  if (note) parts.push(note)
  return { answer: parts.join('\n\n'), used: passagesUsed(facts), engine: 'extractive', searchEngine }
}

/** The answer when the product must not answer: out of scope, or below the confidence floor. */
export function abstainBody(prepared: Prepared): AnswerBody {
  const { scope } = prepared
  if (!scope.inScope) {
    const answer =
      scope.kind === 'other-state'
        ? `${SCOPE_MESSAGE} It does not hold ${scope.state}'s requirements: check with that state's department of transportation.` +
          ((prepared.decision.ranked[0]?.coverage ?? 0) >= 0.4 ? ' For South Carolina work, the nearest SCDOT sources are listed below.' : '')
        : `${SCOPE_MESSAGE} This question is outside that scope: ask about SCDOT specifications, standard drawings, test methods or field inspection work.`
    return { answer, used: [], engine: 'scope', searchEngine: SCOPE_ENGINE }
  }
  const best = prepared.facts[0]
  if (best && saysNoConfirmedValue(best.fact)) {
    // The corpus's own words on what it does not hold help the inspector look in the right document.
    const answer = `${DONT_KNOW}\n\nWhat the corpus says: ${best.fact.text} (${labelOf(best.passage)})`
    return { answer, used: [], engine: 'extractive', searchEngine: EXTRACTIVE_ENGINE }
  }
  // The nearest fact, for the inspector to check: never presented as the answer (the opening says so).
  const nearest = best && prepared.verdict.probability > 0 ? `\n\nThe closest passage found, not confirmed as the answer: ${best.fact.text} (${labelOf(best.passage)})` : ''
  return { answer: `${DONT_KNOW}${nearest}`, used: [], engine: 'extractive', searchEngine: EXTRACTIVE_ENGINE }
}

/** Nearest sources for an abstention: none for an off-topic question, else the first passages retrieved. */
function nearestSources(prepared: Prepared): Passage[] {
  if (!prepared.scope.inScope && (prepared.scope.kind === 'off-topic' || (prepared.decision.ranked[0]?.coverage ?? 0) < 0.4)) return []
  const best = prepared.facts[0]?.passage
  const rest = prepared.passages.filter((passage) => passage !== best)
  return [...(best ? [best] : []), ...rest].slice(0, 5)
}

export function buildResult(prepared: Prepared, body: AnswerBody): SearchResult {
  const abstained = body.used.length === 0
  const confidence = !prepared.scope.inScope ? 'unknown' : prepared.verdict.confidence
  const reference = abstained ? nearestSources(prepared) : prepared.passages.filter((p) => !body.used.includes(p))
  const cheatSheets = abstained && !prepared.scope.inScope ? [] : cheatSheetSuggestions(prepared.query, body.used, prepared.sheets)
  const calculators = abstained && !prepared.scope.inScope ? [] : calculationSuggestions(prepared.query)
  // The grounded tips end with the verification reminder; the model's checked tips go first, three at most.
  const grounded = abstained
    ? inspectorTips(prepared.terms, [], [], [], [])
    : inspectorTips(prepared.terms, prepared.passages, prepared.facts, prepared.sheets, cheatSheets)
  const notice = grounded.pop()!
  const tips = [...new Set([...(body.tips ?? []), ...grounded])].slice(0, 3).concat(notice)
  const passageCitations = exactCitationsOf(body.used)
  return {
    query: prepared.query,
    answer: body.answer,
    confidence,
    roleSpecificNotes: tips,
    isDiagnostic: false,
    diagnosticResult: null,
    fileName: null,
    exactCitations: [...passageCitations, ...quotedCitationsOf(body.answer, body.used, passageCitations)].slice(0, 8),
    cheatSheetSuggestions: cheatSheets,
    calculationSuggestions: calculators,
    sources: sourcesOf(body.used, reference),
    searchEngine: body.searchEngine,
    engine: body.engine,
    // Out of scope, no feature is suggested from the question's words.
    featureSuggestions: featureSuggestions(prepared.scope.inScope ? prepared.query : ''),
    engagementText: abstained
      ? `No passage of the SCDOT corpus confirms an answer (${prepared.passages.length} passage${prepared.passages.length === 1 ? '' : 's'} searched).`
      : engagementText(body.used, prepared.passages.length),
    imageAnalysis: null,
    corrections: prepared.analysis.corrections,
  }
}

/** The whole extractive path: abstain or answer. */
export function extractiveResult(prepared: Prepared, searchEngine?: string): SearchResult {
  return buildResult(prepared, answerable(prepared) ? extractiveBody(prepared, searchEngine) : abstainBody(prepared))
}
