/**
 * Scoring of the search against an eval question set (tests/eval/questions.jsonl and
 * ../shared/eval/dev-questions.jsonl): shared by tests/integration/search-quality.test.ts and
 * scripts/bench-retrieval.ts. Pure: no database, no I/O.
 *
 * Matching ignores case and all whitespace ('6 ft 3 in' = '6ft 3in'), as the dev file's README asks, and
 * a hyphen between a figure and its unit ('30-in' = '30 in').
 */
import { z } from 'zod'
import type { Passage, SearchResult } from '../../app/lib/search/core/types'

export const evalQuestionSchema = z.object({
  q: z.string().min(1),
  expect: z.enum(['answer', 'unknown']),
  answer_any: z.array(z.string().min(1)).optional(),
  cite_any: z.array(z.string().min(1)).optional(),
  calc: z.string().min(1).optional(),
  sheet: z.string().min(1).optional(),
})
export type EvalQuestion = z.infer<typeof evalQuestionSchema>

/** One question a line; blank lines ignored; a bad line throws with its line number. */
export function parseQuestions(text: string, source = 'questions'): EvalQuestion[] {
  const questions: EvalQuestion[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const parsed = evalQuestionSchema.safeParse(JSON.parse(line))
    if (!parsed.success) throw new Error(`${source}:${index + 1}: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
    questions.push(parsed.data)
  }
  return questions
}

export function normalize(text: string): string {
  // A hyphen between a figure and its unit reads as a space: '30-in' is '30 in', '1,500-ft' is '1,500 ft'.
  return text.normalize('NFKC').toLowerCase().replace(/(\d)-(?=[a-z])/g, '$1').replace(/\s+/g, '')
}

export function containsLoose(haystack: string, needle: string): boolean {
  return normalize(haystack).includes(normalize(needle))
}

export function containsAny(haystack: string, needles: readonly string[]): boolean {
  return needles.some((needle) => containsLoose(haystack, needle))
}

/** Wordings by which an answer declines: it does not know, or the product covers South Carolina only. */
const DECLINE = [
  /\b(do|does)\s*n[o’']t\s+know\b/i,
  /\bdon[’']t\s+know\b/i,
  /\bcannot\s+(answer|find)\b/i,
  /\bno\s+(confirmed|reliable|grounded)\s+(answer|source|figure|value)/i,
  /\bsouth carolina\b[^.]*\bonly\b/i,
  /\bonly\b[^.]*\bsouth carolina\b/i,
]

/**
 * The corpus marks the figures it lacks 'not confirmed'; for a question about such a figure an
 * answer that says so (with low confidence) has declined as well.
 */
const UNCONFIRMED = /\bnot\s+confirmed\b/i

/**
 * The answer's opening sentence: a decline leads the answer, while later text (other passages quoted
 * as 'also in the corpus') may mention, say, a figure the corpus holds no confirmed value for.
 */
export function leadSentence(answer: string): string {
  const text = answer.trim()
  const end = text.search(/[.!?](\s|$)/)
  return end < 0 ? text : text.slice(0, end + 1)
}

export function saysItDoesNotKnow(answer: string): boolean {
  const lead = leadSentence(answer)
  return DECLINE.some((pattern) => pattern.test(lead))
}

/** Abstention: confidence low or unknown, and the answer declines or says the figure is not confirmed. */
export function isAbstention(result: Pick<SearchResult, 'confidence' | 'answer'>): boolean {
  return (result.confidence === 'low' || result.confidence === 'unknown') && (saysItDoesNotKnow(result.answer) || UNCONFIRMED.test(leadSentence(result.answer)))
}

/**
 * For an answerable question: the product gave up (confidence unknown, or an answer that says it
 * does not know). A field-reference value marked 'not confirmed' is still an answer.
 */
export function gaveUp(result: Pick<SearchResult, 'confidence' | 'answer'>): boolean {
  return result.confidence === 'unknown' || saysItDoesNotKnow(result.answer)
}

export function citationTexts(result: Pick<SearchResult, 'exactCitations' | 'sources'>): string[] {
  return [...result.exactCitations.map((c) => c.reference), ...result.sources.map((s) => s.section)]
}

export interface QuestionScore {
  question: EvalQuestion
  pass: boolean
  /** Each check that failed, in words ('answer lacks any of [...]'). */
  failures: string[]
  /** Per check: null when the question does not ask for it. */
  checks: { answer: boolean | null; cite: boolean | null; calc: boolean | null; sheet: boolean | null; abstained: boolean }
  confidence: SearchResult['confidence']
  answerExcerpt: string
}

export function scoreResult(question: EvalQuestion, result: SearchResult): QuestionScore {
  const failures: string[] = []
  const abstained = isAbstention(result)
  const checks: QuestionScore['checks'] = { answer: null, cite: null, calc: null, sheet: null, abstained }

  if (question.expect === 'unknown') {
    if (!abstained) failures.push(`expected an abstention, got confidence ${result.confidence}`)
  } else {
    if (gaveUp(result)) failures.push(`gave up (confidence ${result.confidence})`)
    if (question.answer_any) {
      checks.answer = containsAny(result.answer, question.answer_any)
      if (!checks.answer) failures.push(`answer lacks any of ${JSON.stringify(question.answer_any)}`)
    }
    if (question.cite_any) {
      const cited = citationTexts(result)
      checks.cite = cited.some((text) => containsAny(text, question.cite_any!))
      if (!checks.cite) failures.push(`citations ${JSON.stringify(cited.slice(0, 6))} lack any of ${JSON.stringify(question.cite_any)}`)
    }
  }
  if (question.calc) {
    checks.calc = result.calculationSuggestions.includes(question.calc)
    if (!checks.calc) failures.push(`calculators ${JSON.stringify(result.calculationSuggestions)} lack ${question.calc}`)
  }
  if (question.sheet) {
    checks.sheet = result.cheatSheetSuggestions.includes(question.sheet)
    if (!checks.sheet) failures.push(`cheat sheets ${JSON.stringify(result.cheatSheetSuggestions)} lack ${question.sheet}`)
  }
  return {
    question,
    pass: failures.length === 0,
    failures,
    checks,
    confidence: result.confidence,
    answerExcerpt: result.answer.replace(/\s+/g, ' ').slice(0, 160),
  }
}

export interface Rate {
  n: number
  passed: number
  /** passed / n, or 1 when n is 0. */
  rate: number
}

function rate(passed: number, n: number): Rate {
  return { n, passed, rate: n === 0 ? 1 : passed / n }
}

export interface Summary {
  /** Answerable questions that passed every check. */
  answerable: Rate
  /** Answerable questions whose answer text holds an expected string (answer_any only). */
  answerText: Rate
  /** Answerable questions with cite_any whose citations hold one. */
  citation: Rate
  /** Unknown questions answered with an abstention. */
  abstention: Rate
  /** Unknown questions answered with confidence high: must be none. */
  unknownAnsweredHigh: number
  /** Questions with calc or sheet whose suggestions include them. */
  suggestions: Rate
  failures: QuestionScore[]
}

export function summarize(scores: readonly QuestionScore[]): Summary {
  const answerable = scores.filter((s) => s.question.expect === 'answer')
  const unknown = scores.filter((s) => s.question.expect === 'unknown')
  const withText = answerable.filter((s) => s.checks.answer !== null)
  const withCite = answerable.filter((s) => s.checks.cite !== null)
  const suggestionChecks = scores.flatMap((s) => [s.checks.calc, s.checks.sheet]).filter((c): c is boolean => c !== null)
  return {
    answerable: rate(answerable.filter((s) => s.pass).length, answerable.length),
    answerText: rate(withText.filter((s) => s.checks.answer).length, withText.length),
    citation: rate(withCite.filter((s) => s.checks.cite).length, withCite.length),
    abstention: rate(unknown.filter((s) => s.checks.abstained).length, unknown.length),
    unknownAnsweredHigh: unknown.filter((s) => s.confidence === 'high').length,
    suggestions: rate(suggestionChecks.filter(Boolean).length, suggestionChecks.length),
    failures: scores.filter((s) => !s.pass),
  }
}

export function formatRate(r: Rate): string {
  return `${r.passed}/${r.n} (${(r.rate * 100).toFixed(1)}%)`
}

export function formatFailures(failures: readonly QuestionScore[]): string {
  return failures
    .map((s) => `- [${s.question.expect}] ${JSON.stringify(s.question.q)} (${s.confidence}): ${s.failures.join('; ')}\n    answer: ${s.answerExcerpt}`)
    .join('\n')
}

// ---------------------------------------------------------------------------------------------------
// Retrieval

/**
 * A passage answers a question when its text holds an answer_any string, or its section or heading
 * path holds a cite_any string (section numbers live in the heading, not always in the bullet).
 */
export function passageAnswers(question: EvalQuestion, passage: Pick<Passage, 'text' | 'section' | 'headingPath'>): boolean {
  if (question.answer_any && containsAny(passage.text, question.answer_any)) return true
  if (question.cite_any) {
    const refs = [passage.section ?? '', passage.headingPath]
    if (refs.some((ref) => containsAny(ref, question.cite_any!))) return true
  }
  return false
}

/** 1-based rank of the first passage that answers, or null. */
export function firstHitRank(question: EvalQuestion, passages: readonly Pick<Passage, 'text' | 'section' | 'headingPath'>[]): number | null {
  const index = passages.findIndex((passage) => passageAnswers(question, passage))
  return index < 0 ? null : index + 1
}

export interface RetrievalMetrics {
  n: number
  hitAt1: number
  hitAt3: number
  mrr: number
}

/** hit@1, hit@3 and mean reciprocal rank over first-hit ranks (null = no hit in the list). */
export function retrievalMetrics(ranks: readonly (number | null)[]): RetrievalMetrics {
  const n = ranks.length
  if (n === 0) return { n, hitAt1: 0, hitAt3: 0, mrr: 0 }
  const hits = (k: number) => ranks.filter((r) => r !== null && r <= k).length / n
  const mrr = ranks.reduce<number>((sum, r) => sum + (r === null ? 0 : 1 / r), 0) / n
  return { n, hitAt1: hits(1), hitAt3: hits(3), mrr }
}

/** Nearest-rank percentile (p in 0..100) of a non-empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!
}
