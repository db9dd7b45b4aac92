/**
 * From retrieved passages to a §3 search result: evidence, scope, confidence, the extractive answer,
 * citations, sources and suggestions. Pure: the model path (llm.server.ts) supplies its own answer text
 * and passages through `buildResult`, everything else stays the same.
 */
import type { AnswerEngine, Passage, QueryAnalysis, SearchResult } from './types'
import { exactCitationsOf, labelOf, quotedCitationsOf, sourcesOf } from './citations'
import { judgeConfidence, type ConfidenceVerdict } from './confidence'
import { gatherEvidence, type Evidence } from './evidence'
import { passagesUsed, selectFacts, type SelectedFact } from './extractive'
import { checkScope, hasFieldVocabulary, type ScopeVerdict } from './scope'
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
  passages: Passage[]
  terms: QuestionTerms
  evidence: Evidence
  facts: SelectedFact[]
  verdict: ConfidenceVerdict
  scope: ScopeVerdict
  sheets: CheatSheetInfo[]
}

export function prepare(query: string, analysis: QueryAnalysis, passages: Passage[], sheets: CheatSheetInfo[]): Prepared {
  const terms = questionTerms(analysis)
  // Plain words the corpus never uses are discounted only in a question that is about field work;
  // without field vocabulary they keep their full weight, so 'Who won the World Series?' stays out.
  const unknown = hasFieldVocabulary(analysis.corrected || analysis.original, analysis) ? analysis.unknownStems : []
  const evidence = gatherEvidence(terms, passages, unknown)
  const facts = selectFacts(evidence, passages)
  return {
    query,
    analysis,
    passages,
    terms,
    evidence,
    facts,
    verdict: judgeConfidence(evidence, facts),
    scope: checkScope(analysis, evidence),
    sheets,
  }
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
  if (prepared.verdict.confidence === 'low') {
    parts.push('The corpus holds only a partial match for this question; check the sources below before relying on it.')
  }
  parts.push(line(facts[0]!))
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
          (prepared.evidence.topCoverage >= 0.4 ? ' For South Carolina work, the nearest SCDOT sources are listed below.' : '')
        : `${SCOPE_MESSAGE} This question is outside that scope: ask about SCDOT specifications, standard drawings, test methods or field inspection work.`
    return { answer, used: [], engine: 'scope', searchEngine: SCOPE_ENGINE }
  }
  const best = prepared.facts[0]
  if (best && saysNoConfirmedValue(best.fact)) {
    // The corpus's own words on what it does not hold help the inspector look in the right document.
    const answer = `${DONT_KNOW}\n\nWhat the corpus says: ${best.fact.text} (${labelOf(best.passage)})`
    return { answer, used: [], engine: 'extractive', searchEngine: EXTRACTIVE_ENGINE }
  }
  return { answer: DONT_KNOW, used: [], engine: 'extractive', searchEngine: EXTRACTIVE_ENGINE }
}

/** Nearest sources for an abstention: none for an off-topic question, else the first passages retrieved. */
function nearestSources(prepared: Prepared): Passage[] {
  if (!prepared.scope.inScope && (prepared.scope.kind === 'off-topic' || prepared.evidence.topCoverage < 0.4)) return []
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
