/**
 * From candidate passages to the answer's facts and its confidence, with the fitted models of model.ts
 * (docs/decisions/015). Pure; the same on the server and on the phone.
 *
 * 1. The core ranks the candidates itself (rank.ts BM25 over corpus-wide weights), whatever retrieval
 *    found them.
 * 2. Every fact of the best passages gets the fact model's probability of being the answer; the best leads.
 *    Up to three more follow when they come close (a tenth of the lead's probability and at least MIN_MORE),
 *    at most two from one passage, none that repeats a chosen one, and only facts with figures after a lead
 *    with a figure when the question asks for one. When the lead's record is cited only by its title and a
 *    close fact states the same figures in a record cited by number (a section, a drawing, a table), that
 *    fact leads instead, so the answer cites what an inspector can look up.
 * 3. The answer model turns the lead's probability, its margin over the next fact, coverage, the answer
 *    type, unknown words and the other signals into the probability that the answer is right. At or
 *    above `thresholds.high` the answer is 'high', at or above `thresholds.answer` 'medium'; below, the
 *    product says "I don't know" (and points at the nearest passage). The thresholds come from
 *    cross-validation, so 'high' means right at least 95 % of the time on questions the model was not
 *    fitted on.
 * 4. Rules that are not a matter of degree stay rules: the corpus saying it holds no confirmed value
 *    abstains; another state, or a question with no road-construction vocabulary at all, is out of scope.
 */
import { answerTypeOf, FIGURE_TYPES, type AnswerType } from './answer-type'
import { citationOf } from './citations'
import { LEXICON, expansionsOf } from './lexicon'
import { ANSWER_FEATURES, MODEL, answerProbability, factProbabilities, factScore, type SearchModel } from './model'
import { askedMemoryOf, askedScorer, type AskedMemory } from './asked'
import { FACT_FEATURES, corpusHasPrefix, factCandidates, questionFigures, questionPairs, scorePassages, stemWeigher, termWeights, type CorpusStats, type FactCandidate, type ScoredPassage } from './rank'
import { findOtherState } from './query'
import { hasFieldVocabulary } from './scope'
import { headingStems, quantitiesOf, saysNoConfirmedValue, termFound, type QuestionTerms } from './text'
import type { Confidence, Passage, QueryAnalysis } from './types'

export interface SelectedFact extends FactCandidate {
  probability: number
}

export interface Verdict {
  confidence: Confidence
  /** True when the answer must say "I don't know" and list the nearest sources instead. */
  belowFloor: boolean
  /** The answer model's probability that the answer is right (0 when there is none). */
  probability: number
  /** Plain account of the rule that fired, for logs and tests. */
  reason: string
}

export type ScopeVerdict = { inScope: true } | { inScope: false; kind: 'other-state'; state: string } | { inScope: false; kind: 'off-topic' }

export interface Decision {
  answerType: AnswerType | null
  weights: Map<string, number>
  /** Candidates in the core's order, best first. */
  ranked: ScoredPassage[]
  /** Every scored fact, best first. */
  candidates: SelectedFact[]
  /** The facts the answer quotes, the lead first. */
  facts: SelectedFact[]
  verdict: Verdict
  scope: ScopeVerdict
  /** The answer model's features, in ANSWER_FEATURES order (for the fitting script and tests). */
  answerFeatures: number[]
  /**
   * A rule that settled the answer whatever the answer model says (another state, no passage, the corpus
   * saying it holds no confirmed value), or null when the answer model decides. The fitting script trains
   * the answer model on the questions no rule settles.
   */
  rule: string | null
}

const EXACT = FACT_FEATURES.indexOf('exactNumber')
const FORMULA = FACT_FEATURES.indexOf('formulaMatch')
const ASKED = FACT_FEATURES.indexOf('askedBefore')
const MAX_FACTS = 4
const MAX_FACTS_PER_PASSAGE = 2
/** A further fact is quoted when its probability is at least this share of the lead's, and at least MIN_MORE. */
const RELATIVE_MORE = 0.1
const MIN_MORE = 0.02
/**
 * A question term this heavy (relative to the heaviest) that the lead lacks, said to be unconfirmed by a
 * candidate, settles the answer however the fact model ranks that candidate. Chosen out of fold on the
 * tuning questions between 0.5 and 0.7 (docs/decisions/015, fifth pass).
 */
const NO_VALUE_HEAVY = 0.7

function repeats(a: SelectedFact, b: SelectedFact): boolean {
  const shared = [...b.fact.stems].filter((stem) => a.fact.stems.has(stem)).length
  const overlap = shared / Math.max(1, Math.min(a.fact.stems.size, b.fact.stems.size))
  const fa = quantitiesOf(a.fact.body)
  const newFigure = quantitiesOf(b.fact.body).some((figure) => !fa.includes(figure))
  return overlap >= 0.8 || (!newFigure && overlap >= 0.5)
}

export function selectFacts(candidates: readonly SelectedFact[], terms: QuestionTerms): SelectedFact[] {
  const lead = candidates[0]
  if (!lead) return []
  const floor = Math.max(MIN_MORE, RELATIVE_MORE * lead.probability)
  const figuresOnly = terms.wantsFigure && quantitiesOf(lead.fact.body).length > 0
  const chosen: SelectedFact[] = [lead]
  const perPassage = new Map<string, number>([[lead.passage.chunkId, 1]])
  for (const candidate of candidates.slice(1)) {
    if (chosen.length >= MAX_FACTS || candidate.probability < floor) break
    if (figuresOnly && quantitiesOf(candidate.fact.body).length === 0) continue
    if (saysNoConfirmedValue(candidate.fact) !== saysNoConfirmedValue(lead.fact)) continue
    const count = perPassage.get(candidate.passage.chunkId) ?? 0
    if (count >= MAX_FACTS_PER_PASSAGE) continue
    if (chosen.some((other) => repeats(other, candidate))) continue
    perPassage.set(candidate.passage.chunkId, count + 1)
    chosen.push(candidate)
  }
  return chosen
}

/**
 * A fact with the lead's figures, from a record cited by number, may take the lead's place when it is at least
 * this share of the lead's probability (and covers the question as well).
 */
const SAME_FIGURE_SHARE = 0.5

/**
 * The same figure printed in a note cited only by its title ('Guardrail and barriers (topic note; section
 * numbers to verify)') and in a record cited by a number an inspector can look up (Drawing G501, a section,
 * a table): the numbered record leads, so the answer cites it. The figure, and so the answer, stays the same.
 */
export function preferNumberedRecord(candidates: SelectedFact[]): void {
  const top = candidates[0]
  if (!top || citationOf(top.passage).type !== 'other' || saysNoConfirmedValue(top.fact)) return
  const figures = quantitiesOf(top.fact.body)
  if (figures.length === 0) return
  const numbered = candidates.find(
    (c) =>
      c !== top &&
      c.probability >= SAME_FIGURE_SHARE * top.probability &&
      c.coverage >= top.coverage &&
      !saysNoConfirmedValue(c.fact) &&
      citationOf(c.passage).type !== 'other' &&
      figures.every((figure) => quantitiesOf(c.fact.body).includes(figure)),
  )
  if (numbered) candidates.splice(0, 0, ...candidates.splice(candidates.indexOf(numbered), 1))
}

/** The heaviest question term a candidate (fact and headings) lacks, or null when it holds them all. */
function heaviestMissing(terms: QuestionTerms, weights: ReadonlyMap<string, number>, candidate: FactCandidate): string | null {
  const heading = headingStems(candidate.passage)
  let best: string | null = null
  for (const term of terms.terms) {
    if (termFound(terms, term, candidate.fact.stems, heading)) continue
    if (best === null || (weights.get(term) ?? 0) > (weights.get(best) ?? 0)) best = term
  }
  return best
}

/**
 * A fact that says the corpus lacks something may still give what a 'which section' question asks:
 * '... starting with RCP materials in 714.2.1; the product does not hold the rest'.
 */
function namesNewReference(candidate: FactCandidate, terms: QuestionTerms, answerType: AnswerType | null): boolean {
  if (answerType !== 'reference') return false
  const refs = candidate.fact.body.match(/\b\d{3}(?:\.\d+)+\b|\b(?:SC-[MT]-\d+|AASHTO [MRT] ?\d+|ASTM [A-Z] ?\d+)\b/gi) ?? []
  return refs.some((ref) => !terms.numbers.some((n) => ref.toLowerCase().startsWith(n)))
}

function statesFigure(candidate: FactCandidate): boolean {
  return quantitiesOf(candidate.fact.body).length > 0 || [...candidate.types].some((type) => FIGURE_TYPES.has(type))
}

/** Share of the question's content terms that neither the corpus nor the lexicon knows. */
function unknownShare(terms: QuestionTerms, stats: CorpusStats): number {
  if (terms.terms.length === 0) return 1
  const unknown = terms.terms.filter((term) => !stats.df.has(term) && !(terms.alternatives.get(term)?.length) && !(term.length >= 4 && corpusHasPrefix(stats, term)))
  return unknown.length / terms.terms.length
}

/**
 * A question about road construction at all: a section or drawing number, a work topic, a field word
 * (scope.ts), a phrase of the field-language lexicon, or most of its words used by the corpus.
 */
export function inDomain(analysis: QueryAnalysis, terms: QuestionTerms, stats: CorpusStats): boolean {
  const text = analysis.corrected || analysis.original
  if (hasFieldVocabulary(text, analysis)) return true
  if (expansionsOf(text, LEXICON).length > 0) return true
  return terms.terms.length > 0 && unknownShare(terms, stats) <= 0.34 && terms.terms.length >= 2
}

export function decide(
  analysis: QueryAnalysis,
  terms: QuestionTerms,
  passages: readonly Passage[],
  stats: CorpusStats,
  model: SearchModel = MODEL,
  /** The fit only: the memory of earlier questions of its training folds, in place of the model's own. */
  asked?: { memory: AskedMemory },
): Decision {
  const answerType = answerTypeOf(analysis.corrected || analysis.original)
  const asksFigureType = answerType !== null && FIGURE_TYPES.has(answerType)
  const weights = termWeights(terms, stats)
  const ranked = scorePassages(terms, weights, passages, stats)
    .map((scored, index) => ({ scored, index }))
    .sort((a, b) => b.scored.bm25 - a.scored.bm25 || a.index - b.index)
    .map(({ scored }) => scored)
  const question = { terms, pairs: questionPairs(analysis.corrected || analysis.original, terms), answerType, figures: questionFigures(analysis), numbers: terms.numbers }
  const askedBefore = askedScorer(asked?.memory ?? askedMemoryOf(model.asked), terms.terms, stemWeigher(weights, stats))
  const raw = factCandidates(question, weights, ranked, askedBefore)
  const probabilities = factProbabilities(raw.map((candidate) => factScore(candidate.features, model)))
  const candidates: SelectedFact[] = raw
    .map((candidate, i) => ({ ...candidate, probability: probabilities[i]! }))
    .sort((a, b) => b.probability - a.probability || a.rank - b.rank)
  // The corpus saying it holds no confirmed value, in words closer to the question than the lead (the
  // question's heaviest term that the lead lacks), is the answer: a figure on a neighbouring subject is not.
  // A question asking for a formula is exempt: its answer is a method, not a value. The fact model is fitted
  // to find facts that answer, so it ranks these far down ('slump' asked, the no-value fact at 0.5 % beside a
  // strength figure at 20 %): when the term the lead lacks is heavy, its probability does not matter.
  const top = candidates[0]
  // Not when the lead states a figure of the kind asked for ('what psi do the cylinders break': a strength): the
  // no-value fact then holds a word of the question's setting ('cylinder frequencies'), not what it asks.
  const leadAnswersType = top !== undefined && asksFigureType && top.types.has(answerType!)
  if (top && !terms.wantsFormula && !leadAnswersType && !saysNoConfirmedValue(top.fact)) {
    const lacking = heaviestMissing(terms, weights, top)
    const negative = candidates.find(
      (c) =>
        saysNoConfirmedValue(c.fact) &&
        ((lacking !== null && termFound(terms, lacking, c.fact.stems) && (c.probability >= 0.05 * top.probability || top.missingMax >= NO_VALUE_HEAVY)) ||
          (c.probability >= 0.2 * top.probability && (c.missingMax < top.missingMax || c.coverage > top.coverage + 0.1))),
    )
    if (negative) candidates.splice(0, 0, ...candidates.splice(candidates.indexOf(negative), 1))
  }
  preferNumberedRecord(candidates)
  const facts = selectFacts(candidates, terms)
  const domain = inDomain(analysis, terms, stats)
  const lead = facts[0]
  const second = candidates.find((c) => lead && c.passage.chunkId !== lead.passage.chunkId && !quantitiesOf(c.fact.body).every((q) => quantitiesOf(lead.fact.body).includes(q)))
  const agreeing = lead ? facts.slice(1).filter((f) => quantitiesOf(f.fact.body).some((q) => quantitiesOf(lead.fact.body).includes(q))).length : 0
  const answerFeatures = [
    lead?.probability ?? 0,
    // The probability mass of the facts the answer quotes: the chance that one of them is the answer.
    facts.reduce((sum, f) => sum + f.probability, 0),
    lead ? lead.probability - (second?.probability ?? 0) : 0,
    lead?.coverage ?? 0,
    lead?.ownCoverage ?? 0,
    lead?.missingMax ?? 1,
    // The corpus saying, close to the question, that it holds no confirmed value for something.
    Math.max(0, ...candidates.filter((c) => saysNoConfirmedValue(c.fact)).map((c) => c.coverage * (1 - c.missingMax))),
    // A method answers a question asking how to work a figure out ('tons x 2,000 / square yards').
    lead && ((answerType && lead.types.has(answerType)) || (terms.wantsFormula && lead.features[FORMULA] === 1)) ? 1 : 0,
    answerType ? 1 : 0,
    ranked[0]?.coverage ?? 0,
    ranked[0]?.relative ?? 0,
    unknownShare(terms, stats),
    domain ? 1 : 0,
    lead && lead.features[EXACT] === 1 ? 1 : 0,
    Math.min(terms.terms.length, 8) / 8,
    Math.min(agreeing, 3) / 3,
    // Interactions the linear model cannot form alone: the lead covers the question both with and without
    // its headings, and it holds the question's heaviest term in a question about field work.
    (lead?.coverage ?? 0) * (lead?.ownCoverage ?? 0),
    (1 - (lead?.missingMax ?? 1)) * (domain ? 1 : 0) * (1 - unknownShare(terms, stats)),
    // Where the lead's passage stands in the core's ranking: a lead from far down is more often a stray match.
    lead ? Math.min(lead.rank, 12) / 12 : 1,
    // How close the question is to an earlier question the lead answered (asked.ts).
    lead?.features[ASKED] ?? 0,
  ]
  if (answerFeatures.length !== ANSWER_FEATURES.length) throw new Error('answer features out of step with ANSWER_FEATURES')

  const state = analysis.otherState ?? findOtherState(analysis.original)
  const probability = lead ? answerProbability(answerFeatures, model) : 0
  const scope: ScopeVerdict = state ? { inScope: false, kind: 'other-state', state } : !domain && probability < model.thresholds.answer ? { inScope: false, kind: 'off-topic' } : { inScope: true }

  const rule = state
    ? 'other-state'
    : passages.length === 0 || !lead
      ? 'nothing-found'
      : terms.terms.length === 0 && terms.numbers.length === 0
        ? 'no-content-words'
        : saysNoConfirmedValue(lead.fact) && !namesNewReference(lead, terms, answerType)
          ? 'not-confirmed'
          : ((terms.wantsFigure && answerType !== 'definition') || asksFigureType) && !terms.wantsFormula && !statesFigure(lead)
            ? 'no-figure'
            : null
  let verdict: Verdict
  if (passages.length === 0) verdict = { confidence: 'unknown', belowFloor: true, probability: 0, reason: 'no passage retrieved' }
  else if (terms.terms.length === 0 && terms.numbers.length === 0) verdict = { confidence: 'unknown', belowFloor: true, probability: 0, reason: 'the question has no content words' }
  else if (!lead) verdict = { confidence: 'unknown', belowFloor: true, probability: 0, reason: 'no passage sentence matches the question' }
  else if (rule === 'not-confirmed') verdict = { confidence: 'low', belowFloor: true, probability, reason: 'the corpus says it holds no confirmed value for this' }
  else if (rule === 'no-figure') verdict = { confidence: 'low', belowFloor: true, probability, reason: 'the question asks for a figure and no matching passage states one' }
  else if (probability >= model.thresholds.high) verdict = { confidence: 'high', belowFloor: false, probability, reason: `high (p=${probability.toFixed(2)})` }
  else if (probability >= model.thresholds.answer) verdict = { confidence: 'medium', belowFloor: false, probability, reason: `medium (p=${probability.toFixed(2)})` }
  else verdict = { confidence: probability < model.thresholds.answer / 3 ? 'unknown' : 'low', belowFloor: true, probability, reason: `below the floor (p=${probability.toFixed(2)})` }
  return { answerType, weights, ranked, candidates, facts, verdict, scope, answerFeatures, rule }
}
