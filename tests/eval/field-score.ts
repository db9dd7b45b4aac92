/**
 * Scoring of the plain-language field set (tests/eval/field-language.jsonl): questions asked the way people
 * talk on site, each with the figure a right answer holds, plus in-domain questions the corpus cannot
 * answer and out-of-scope ones. Shared by scripts/bench-retrieval.ts and
 * tests/integration/search-quality.test.ts. Pure.
 *
 * The measures (issue: answers in the inspector's own words):
 * - answered with the figure: not an abstention, confidence medium or high, and the answer holds one of
 *   `answer_any`;
 * - abstention on unknown and out-of-scope questions (scored as score.ts `isAbstention`);
 * - wrong at high: confidence high and the answer lacks the figure, or any unknown/out-of-scope question at
 *   high: must be 0;
 * - out-of-scope refusals of field questions: an answerable question answered by the scope check;
 * - citation: one citation holds a `cite_any` string (reported, not part of 'answered with the figure').
 */
import { z } from 'zod'
import type { SearchResult } from '../../app/lib/search/core/types'
import { citationTexts, containsAny, evalQuestionSchema, isAbstention } from './score'

/** The plain-language tuning sets beside the held-out set's tuning half, in the order they were written (README). */
export const TUNING_SETS = ['field-language-tune2', 'field-language-tune3', 'field-language-tune4', 'field-language-tune5', 'field-language-tune6', 'field-language-tune7'] as const

export const FIELD_KINDS = ['answer', 'unknown-in-domain', 'out-of-scope'] as const
export const fieldQuestionSchema = evalQuestionSchema.extend({
  topic: z.string().min(1),
  kind: z.enum(FIELD_KINDS),
  style: z.string().optional(),
  split: z.enum(['tune', 'test']),
  source: z.string().optional(),
})
export type FieldQuestion = z.infer<typeof fieldQuestionSchema>

export function parseFieldQuestions(text: string, source = 'field-language'): FieldQuestion[] {
  const out: FieldQuestion[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    const parsed = fieldQuestionSchema.safeParse(JSON.parse(line))
    if (!parsed.success) throw new Error(`${source}:${index + 1}: ${parsed.error.issues.map((i) => i.message).join('; ')}`)
    out.push(parsed.data)
  }
  return out
}

export interface FieldOutcome {
  question: FieldQuestion
  confidence: SearchResult['confidence']
  engine: SearchResult['engine']
  abstained: boolean
  /** Answerable: medium/high, not an abstention, the figure in the answer. */
  withFigure: boolean
  /** Answerable: the figure is in the answer at any confidence (low included). */
  figureShown: boolean
  cited: boolean
  refusedAsOutOfScope: boolean
  wrongAtHigh: boolean
  answerExcerpt: string
}

export function fieldOutcome(question: FieldQuestion, result: SearchResult): FieldOutcome {
  const abstained = isAbstention(result)
  const figureShown = question.expect === 'answer' && containsAny(result.answer, question.answer_any ?? [])
  const confident = result.confidence === 'high' || result.confidence === 'medium'
  const withFigure = question.expect === 'answer' && !abstained && confident && figureShown
  const cited = question.cite_any ? citationTexts(result).some((text) => containsAny(text, question.cite_any!)) : false
  const wrongAtHigh = result.confidence === 'high' && (question.expect !== 'answer' || !figureShown)
  return {
    question,
    confidence: result.confidence,
    engine: result.engine,
    abstained,
    withFigure,
    figureShown,
    cited,
    refusedAsOutOfScope: question.expect === 'answer' && result.engine === 'scope',
    wrongAtHigh,
    answerExcerpt: result.answer.replace(/\s+/g, ' ').slice(0, 200),
  }
}

export interface FieldSummary {
  answerable: number
  withFigure: number
  figureShown: number
  cited: number
  falseAbstentions: number
  scopeRefusals: number
  unknown: number
  unknownAbstained: number
  outOfScope: number
  outOfScopeAbstained: number
  wrongAtHigh: number
  highAnswers: number
  perTopic: Array<{ topic: string; n: number; withFigure: number }>
}

export function summarizeField(outcomes: readonly FieldOutcome[]): FieldSummary {
  const answerable = outcomes.filter((o) => o.question.kind === 'answer')
  const unknown = outcomes.filter((o) => o.question.kind === 'unknown-in-domain')
  const outOfScope = outcomes.filter((o) => o.question.kind === 'out-of-scope')
  const topics = new Map<string, { n: number; withFigure: number }>()
  for (const o of answerable) {
    const t = topics.get(o.question.topic) ?? { n: 0, withFigure: 0 }
    t.n += 1
    if (o.withFigure) t.withFigure += 1
    topics.set(o.question.topic, t)
  }
  return {
    answerable: answerable.length,
    withFigure: answerable.filter((o) => o.withFigure).length,
    figureShown: answerable.filter((o) => o.figureShown && !o.abstained).length,
    cited: answerable.filter((o) => o.cited).length,
    falseAbstentions: answerable.filter((o) => o.abstained).length,
    scopeRefusals: answerable.filter((o) => o.refusedAsOutOfScope).length,
    unknown: unknown.length,
    unknownAbstained: unknown.filter((o) => o.abstained).length,
    outOfScope: outOfScope.length,
    outOfScopeAbstained: outOfScope.filter((o) => o.abstained).length,
    wrongAtHigh: outcomes.filter((o) => o.wrongAtHigh).length,
    highAnswers: outcomes.filter((o) => o.confidence === 'high').length,
    perTopic: [...topics].map(([topic, t]) => ({ topic, ...t })).sort((a, b) => a.topic.localeCompare(b.topic)),
  }
}

const pct = (part: number, whole: number) => `${part}/${whole} (${whole === 0 ? '-' : ((100 * part) / whole).toFixed(1)}%)`

export function formatFieldSummary(s: FieldSummary): string {
  return [
    `  answered with the figure (medium/high)  ${pct(s.withFigure, s.answerable)}`,
    `  figure shown at any confidence          ${pct(s.figureShown, s.answerable)}`,
    `  cited as expected                       ${pct(s.cited, s.answerable)}`,
    `  abstained on answerable                 ${pct(s.falseAbstentions, s.answerable)}`,
    `  field questions refused as out of scope ${s.scopeRefusals}`,
    `  abstention, unknown in domain           ${pct(s.unknownAbstained, s.unknown)}`,
    `  abstention, out of scope                ${pct(s.outOfScopeAbstained, s.outOfScope)}`,
    `  abstention, unknown + out of scope      ${pct(s.unknownAbstained + s.outOfScopeAbstained, s.unknown + s.outOfScope)}`,
    `  wrong answers at high confidence        ${s.wrongAtHigh} of ${s.highAnswers} high`,
    `  per topic (with the figure):`,
    ...s.perTopic.map((t) => `    ${t.topic.padEnd(20)} ${pct(t.withFigure, t.n)}`),
  ].join('\n')
}

export function formatFieldFailures(outcomes: readonly FieldOutcome[]): string {
  return outcomes
    .filter((o) => (o.question.kind === 'answer' ? !o.withFigure : !o.abstained) || o.wrongAtHigh)
    .map((o) => `- [${o.question.kind}] ${JSON.stringify(o.question.q)} (${o.confidence}, ${o.engine}) want ${JSON.stringify(o.question.answer_any ?? [])}\n    ${o.answerExcerpt}`)
    .join('\n')
}
