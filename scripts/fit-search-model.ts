// Fits the search core's two models (docs/decisions/015) and writes app/lib/search/core/model.json:
// - the fact model, a conditional logit over each question's candidate facts (which one answers it?);
// - the answer model, a logistic regression on the composed answer (is it right?), with the confidence
//   thresholds chosen on out-of-fold predictions: 'high' where the answers were right at least HIGH_PRECISION
//   of the time, and the answer floor where the unknown and out-of-scope questions are abstained on at
//   least MIN_ABSTENTION of the time.
// Fitted on the tuning questions only: tests/eval/questions.jsonl (the own set), the tuning half of
// tests/eval/field-language.jsonl, and the tuning sets named in tests/eval/field-score.ts (TUNING_SETS). The
// test half, tests/eval/paraphrases.jsonl and the shared dev sample are never read here; bench:retrieval
// scores them.
// Usage: npm run fit:search [-- --data-dir DIR] [--dry-run] [--repeats N] [--misses FILE]
// `--misses FILE` writes one JSON line per tuning question, out of fold (the first fold assignment): whether an
// answering fact was among the candidates and ranked first, the answer's probability, the rule that settled it,
// and the start of the answer, to read where the models lose.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { CANDIDATES } from '../app/lib/search/chain.server'
import { labelOf } from '../app/lib/search/core/citations'
import { answerTypeOf } from '../app/lib/search/core/answer-type'
import { decide } from '../app/lib/search/core/decide'
import { ANSWER_FEATURES, type SearchModel } from '../app/lib/search/core/model'
import { askedScorer, factKey, type AskedData, type AskedMemory, type AskedQuestion } from '../app/lib/search/core/asked'
import { FACT_FEATURES, stemWeigher, termWeights } from '../app/lib/search/core/rank'
import { questionTerms } from '../app/lib/search/core/text'
import type { Passage, QueryAnalysis } from '../app/lib/search/core/types'
import { retrieve } from '../app/lib/search/retrieve.server'
import { getCorpusKnowledge } from '../app/lib/search/vocabulary.server'
import { TUNING_SETS, parseFieldQuestions } from '../tests/eval/field-score'
import { containsAny, parseQuestions, type EvalQuestion } from '../tests/eval/score'
import { openCorpusDatabase } from './corpus-database'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.env.APP_ROOT ??= ROOT
const arg = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined)
const DRY_RUN = process.argv.includes('--dry-run')
const FOLDS = 5
// 'High' promises a right answer: no wrong answer out of fold at or above its threshold (with at least
// MIN_HIGH answers there), rather than a share that would allow one wrong in a hundred.
const HIGH_PRECISION = 1
const MIN_HIGH = 20
// `--repeats 1` for a quick look while trying a change; the model in model.json is fitted with 5.
const FOLD_REPEATS = Number(arg('repeats') ?? 5)
const MIN_ABSTENTION = 0.95
/**
 * L2 penalties (on standardised features, per question). The fact model's is fixed: out of fold, a quarter
 * of it put the same answering fact first (1,766 against 1,765 of 2,208 questions). The answer model's is
 * chosen from these by cross-validation: a lighter one answered 25-35 more tuning questions right out of
 * fold than the 0.05 it used to have.
 */
const FACT_LAMBDA = 0.02
const ANSWER_LAMBDAS = [0.05, 0.02, 0.01, 0.005, 0.002]
const MODEL_FILE = path.join(ROOT, 'app', 'lib', 'search', 'core', 'model.json')
/**
 * Facts an answerable question is remembered by: every candidate that answered it, up to this many. Not just
 * the first few: the same fact is often printed in several records (a drawing, its cheat sheet, a topic note),
 * and remembering only some copies made the memory, not the record's kind, pick which one is cited.
 */
const ASKED_FACTS = 12
const ASKED = FACT_FEATURES.indexOf('askedBefore')

interface Item {
  question: EvalQuestion
  answerable: boolean
  analysis: QueryAnalysis
  passages: Passage[]
  fold: number
}

type Logistic = SearchModel['fact']

// ---------------------------------------------------------------------------------------------------
// Small, deterministic optimisers (full-batch gradient descent with momentum): the data is a few
// thousand rows, and the fitted weights must be the same on every machine.

function standardise(rows: number[][], width: number): { mean: number[]; scale: number[] } {
  const mean = Array.from({ length: width }, (_, j) => rows.reduce((s, r) => s + r[j]!, 0) / Math.max(1, rows.length))
  const scale = Array.from({ length: width }, (_, j) => {
    const variance = rows.reduce((s, r) => s + (r[j]! - mean[j]!) ** 2, 0) / Math.max(1, rows.length)
    return Math.sqrt(variance) || 1
  })
  return { mean, scale }
}

const z = (row: number[], m: { mean: number[]; scale: number[] }) => row.map((x, j) => (x - m.mean[j]!) / m.scale[j]!)

/** Conditional logit: each group is one question's candidates, `positive` marks the ones that answer it. */
function fitConditionalLogit(groups: Array<{ rows: number[][]; positive: boolean[] }>, names: readonly string[], lambda: number, steps = 800): Logistic {
  const all = groups.flatMap((g) => g.rows)
  const norm = standardise(all, names.length)
  const data = groups.map((g) => ({ rows: g.rows.map((r) => z(r, norm)), positive: g.positive }))
  const w = new Array<number>(names.length).fill(0)
  const velocity = new Array<number>(names.length).fill(0)
  const rate = 0.5
  for (let step = 0; step < steps; step++) {
    const grad = w.map((wi) => lambda * wi)
    for (const g of data) {
      const scores = g.rows.map((r) => r.reduce((s, x, j) => s + x * w[j]!, 0))
      const max = Math.max(...scores)
      const exps = scores.map((s) => Math.exp(s - max))
      const total = exps.reduce((a, b) => a + b, 0)
      const posTotal = exps.reduce((a, e, i) => a + (g.positive[i] ? e : 0), 0)
      // d/dw of -log(sum_pos p) = E_all[x] - E_pos[x]
      for (let i = 0; i < g.rows.length; i++) {
        const coefficient = exps[i]! / total - (g.positive[i] ? exps[i]! / posTotal : 0)
        if (coefficient === 0) continue
        const row = g.rows[i]!
        for (let j = 0; j < w.length; j++) grad[j]! += (coefficient * row[j]!) / data.length
      }
    }
    for (let j = 0; j < w.length; j++) {
      velocity[j] = 0.9 * velocity[j]! - rate * grad[j]!
      w[j]! += velocity[j]!
    }
  }
  return { features: [...names], mean: norm.mean, scale: norm.scale, weights: w.map(round), bias: 0 }
}

function fitLogistic(rows: number[][], labels: number[], names: readonly string[], lambda: number, steps = 2000): Logistic {
  const norm = standardise(rows, names.length)
  const data = rows.map((r) => z(r, norm))
  const w = new Array<number>(names.length).fill(0)
  let b = 0
  const vw = new Array<number>(names.length).fill(0)
  let vb = 0
  const rate = 0.3
  for (let step = 0; step < steps; step++) {
    const grad = w.map((wi) => lambda * wi)
    let gb = 0
    data.forEach((row, i) => {
      const p = 1 / (1 + Math.exp(-(b + row.reduce((s, x, j) => s + x * w[j]!, 0))))
      const e = (p - labels[i]!) / data.length
      gb += e
      for (let j = 0; j < w.length; j++) grad[j]! += e * row[j]!
    })
    for (let j = 0; j < w.length; j++) {
      vw[j] = 0.9 * vw[j]! - rate * grad[j]!
      w[j]! += vw[j]!
    }
    vb = 0.9 * vb - rate * gb
    b += vb
  }
  return { features: [...names], mean: norm.mean, scale: norm.scale, weights: w.map(round), bias: round(b) }
}

const round = (x: number) => Math.round(x * 1e6) / 1e6

function predictLogistic(m: Logistic, row: number[]): number {
  let s = m.bias
  row.forEach((x, j) => (s += m.weights[j]! * ((x - m.mean[j]!) / (m.scale[j] || 1))))
  return 1 / (1 + Math.exp(-s))
}

// ---------------------------------------------------------------------------------------------------

function hash(text: string): number {
  let h = 2166136261
  for (const ch of text) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0
  return h
}

/** The fact answers when the answer line it makes (the fact and its citation label) holds an expected string. */
function isPositive(question: EvalQuestion, text: string, passage: Passage): boolean {
  if (question.answer_any) return containsAny(`${text} (${labelOf(passage)})`, question.answer_any)
  if (question.cite_any) return containsAny(`${passage.section ?? ''} ${passage.headingPath}`, question.cite_any)
  return false
}

async function main() {
  const own = parseQuestions(fs.readFileSync(path.join(ROOT, 'tests/eval/questions.jsonl'), 'utf8'))
  const tune = parseFieldQuestions(fs.readFileSync(path.join(ROOT, 'tests/eval/field-language.jsonl'), 'utf8')).filter((q) => q.split === 'tune')
  const tuningSets = TUNING_SETS.map((name) => [name, parseFieldQuestions(fs.readFileSync(path.join(ROOT, 'tests/eval', `${name}.jsonl`), 'utf8'), name)] as const)
  const sets: ReadonlyArray<readonly [string, readonly EvalQuestion[]]> = [['own set', own], ['field tune half', tune], ...tuningSets]
  const questions: EvalQuestion[] = sets.flatMap(([, set]) => set)
  const database = await openCorpusDatabase({ dataDir: arg('data-dir'), prefix: 'fit-search' })
  const { handle } = database
  try {
    const { stats } = await getCorpusKnowledge(handle)
    const items: Item[] = []
    for (const question of questions) {
      const { analysis, passages } = await retrieve(handle, question.q, { specBook: 'both', limit: CANDIDATES })
      items.push({ question, answerable: question.expect === 'answer', analysis, passages, fold: hash(question.q) % FOLDS })
    }
    console.log(`${items.length} tuning questions (${items.filter((i) => i.answerable).length} answerable), ${FOLDS} folds`)

    const placeholder = JSON.parse(fs.readFileSync(MODEL_FILE, 'utf8')) as SearchModel
    const withFact = (fact: Logistic, answer: Logistic = placeholder.answer): SearchModel => ({ version: 'fitting', fact, answer, thresholds: { high: 2, answer: 2 } })

    // Each answerable question's candidate facts, their features and which of them answer: the same in every
    // fold and every fold assignment (the features do not depend on the fact model), so worked out once.
    // The 'asked before' feature is the exception: it depends on which questions the memory holds, so it is
    // filled in per fold (factGroups), from the candidates' fact keys and the question's stems kept here.
    const groupOf = new Map(
      items.map((item) => {
        if (!item.answerable) return [item, null] as const
        const terms = questionTerms(item.analysis)
        const decision = decide(item.analysis, terms, item.passages, stats, withFact(placeholder.fact), { memory: new Map() })
        const rows = decision.candidates.map((c) => c.features)
        const positive = decision.candidates.map((c) => isPositive(item.question, c.fact.text, c.passage))
        const keys = decision.candidates.map((c) => factKey(c.fact.body))
        const weightOf = stemWeigher(termWeights(terms, stats), stats)
        return [item, positive.some(Boolean) ? { rows, positive, keys, stems: terms.terms, weightOf } : null] as const
      }),
    )
    /** An answerable question's entry in the memory: its stems and the facts that answered it (up to ASKED_FACTS). */
    const askedEntry = (item: Item) => {
      const group = groupOf.get(item)
      if (!group) return null
      const facts = [...new Set(group.keys.filter((_, i) => group.positive[i]))].slice(0, ASKED_FACTS)
      return { id: item.question.q, stems: group.stems, facts }
    }
    const memoryOf = (subset: Item[]): Map<string, AskedQuestion[]> => {
      const memory = new Map<string, AskedQuestion[]>()
      for (const item of subset) {
        const entry = askedEntry(item)
        if (!entry) continue
        for (const key of entry.facts) {
          const questions = memory.get(key) ?? []
          questions.push({ id: entry.id, stems: entry.stems })
          memory.set(key, questions)
        }
      }
      return memory
    }
    /** The fact model's rows of some questions, 'asked before' measured against `memory` without the question itself. */
    const factGroups = (subset: Item[], memory: AskedMemory) =>
      subset.flatMap((item) => {
        const group = groupOf.get(item)
        if (!group) return []
        const askedBefore = askedScorer(memory, group.stems, group.weightOf, item.question.q)
        const rows = group.rows.map((row, i) => {
          const out = [...row]
          out[ASKED] = askedBefore(group.keys[i]!)
          return out
        })
        return [{ rows, positive: group.positive }]
      })

    type OofRow = { item: Item; features: number[]; label: number; lead: string; rule: string | null; p: number; reachable: boolean; top1: boolean }
    /**
     * Out-of-fold, first stage: the fact model of the other folds ranks each question; its answer gives the
     * answer features (the same whatever the answer model's regularisation, so worked out once per fold
     * assignment).
     */
    const factStage = (foldOf: (item: Item) => number) => {
      const oof: Array<Omit<OofRow, 'p'>> = []
      let top1 = 0
      let reachable = 0
      for (let fold = 0; fold < FOLDS; fold++) {
        const training = items.filter((i) => foldOf(i) !== fold)
        const memory = memoryOf(training)
        const fact = fitConditionalLogit(factGroups(training, memory), FACT_FEATURES, FACT_LAMBDA)
        for (const item of items.filter((i) => foldOf(i) === fold)) {
          const decision = decide(item.analysis, questionTerms(item.analysis), item.passages, stats, withFact(fact), { memory })
          const answerText = decision.facts.map((f) => f.fact.text).join('\n')
          const correct = item.answerable && decision.facts.some((f) => isPositive(item.question, f.fact.text, f.passage))
          const canAnswer = item.answerable && decision.candidates.some((c) => isPositive(item.question, c.fact.text, c.passage))
          const first = decision.candidates[0]
          const firstAnswers = canAnswer && first !== undefined && isPositive(item.question, first.fact.text, first.passage)
          if (canAnswer) reachable += 1
          if (firstAnswers) top1 += 1
          oof.push({ item, features: decision.answerFeatures, label: correct ? 1 : 0, lead: answerText.slice(0, 160), rule: decision.rule, reachable: canAnswer, top1: firstAnswers })
        }
      }
      return { oof, foldOf, top1, reachable }
    }
    /**
     * Second stage: the answer model of the other folds (regularised by `lambda`) gives each answer its
     * probability (-1 for a question a rule settled, which is an abstention whatever its label).
     */
    const answerStage = ({ oof, foldOf }: ReturnType<typeof factStage>, lambda: number) => {
      const decided = oof.filter((row) => row.rule === null)
      const probabilities = new Array<number>(oof.length).fill(-1)
      for (let fold = 0; fold < FOLDS; fold++) {
        const train = decided.filter((row) => foldOf(row.item) !== fold)
        const answer = fitLogistic(train.map((r) => r.features), train.map((r) => r.label), ANSWER_FEATURES, lambda)
        oof.forEach((row, i) => {
          if (foldOf(row.item) === fold && row.rule === null) probabilities[i] = predictLogistic(answer, row.features)
        })
      }
      const rows: OofRow[] = oof.map((row, i) => ({ ...row, p: probabilities[i]! }))
      return { rows, decided }
    }
    /** The probabilities a threshold can sit at: each answer model's out-of-fold value, lowest first. */
    const thresholdsOf = (rows: OofRow[]) => [...new Set(rows.map((r) => r.p))].filter((p) => p >= 0).sort((a, b) => a - b)
    /** 'High': the lowest probability with no wrong answer at or above it, and at least MIN_HIGH answers there. */
    const highOf = (rows: OofRow[]) => {
      for (const t of thresholdsOf(rows)) {
        const above = rows.filter((r) => r.p >= t)
        if (above.length >= MIN_HIGH && above.filter((r) => r.label === 1).length / above.length >= HIGH_PRECISION) return t
      }
      return 1.01
    }
    /**
     * The answer floor: where the unknown and out-of-scope questions are abstained on at least MIN_ABSTENTION
     * of the time, the one that maximises right answers minus twice the wrong ones.
     */
    const floorAndUtility = (rows: OofRow[]) => {
      const negatives = rows.filter((r) => !r.item.answerable)
      let floor = 1.01
      let bestUtility = -Infinity
      for (const t of thresholdsOf(rows)) {
        if (negatives.filter((r) => r.p < t).length / Math.max(1, negatives.length) < MIN_ABSTENTION) continue
        const given = rows.filter((r) => r.p >= t)
        const utility = given.filter((r) => r.label === 1).length - 2 * given.filter((r) => r.label === 0).length
        if (utility > bestUtility) {
          bestUtility = utility
          floor = t
        }
      }
      return { floor, utility: bestUtility }
    }
    // Both thresholds hang on a few questions (the highest wrong answer; the fifteenth unknown question from
    // the top), and where those land depends on how the questions fall into folds. So the answer model's
    // regularisation and both thresholds are chosen under FOLD_REPEATS assignments of the questions to folds.
    const assignments = [factStage((item) => item.fold)]
    for (let repeat = 1; repeat < FOLD_REPEATS; repeat++) assignments.push(factStage((item) => hash(`${repeat}:${item.question.q}`) % FOLDS))
    const { top1, reachable } = assignments[0]!
    console.log(`fact model, out of fold: the lead is an answering fact for ${top1}/${reachable} questions whose candidates hold one`)
    // The answer model's L2 penalty: the one whose out-of-fold answers, at their answer floor, give the most
    // right answers minus twice the wrong ones, summed over the fold assignments.
    const stages = ANSWER_LAMBDAS.map((lambda) => assignments.map((assignment) => answerStage(assignment, lambda)))
    const utilities = stages.map((byAssignment) => byAssignment.reduce((sum, stage) => sum + floorAndUtility(stage.rows).utility, 0))
    const best = utilities.indexOf(Math.max(...utilities))
    const answerLambda = ANSWER_LAMBDAS[best]!
    console.log(`answer model's L2 penalty: ${answerLambda} (right minus twice wrong, summed over ${FOLD_REPEATS} fold assignments: ${ANSWER_LAMBDAS.map((l, i) => `${l} -> ${utilities[i]}`).join(', ')})`)
    const outOfFold = stages[best]!
    const { rows, decided } = outOfFold[0]!
    const missesFile = arg('misses')
    if (missesFile) {
      const setOf = (item: Item) => sets.find(([, set]) => set.includes(item.question))?.[0]
      const lines = rows.map((r) => JSON.stringify({
        set: setOf(r.item), q: r.item.question.q, expect: r.item.question.expect, want: r.item.question.answer_any ?? r.item.question.cite_any,
        type: answerTypeOf(r.item.analysis.corrected), reachable: r.reachable, top1: r.top1, right: r.label === 1, p: Number(r.p.toFixed(3)), rule: r.rule, lead: r.lead.replace(/\s+/g, ' '), fold: r.item.fold, features: r.features.map((x) => Number(x.toFixed(4))),
      }))
      fs.writeFileSync(missesFile, `${lines.join('\n')}\n`)
      console.log(`wrote ${lines.length} out-of-fold rows to ${missesFile}`)
    }

    if (process.argv.includes('--verbose')) {
      ANSWER_FEATURES.forEach((name, j) => {
        const mean = (label: number) => { const r = rows.filter((x) => x.label === label); return r.reduce((s, x) => s + x.features[j]!, 0) / r.length }
        console.log(`  ${name.padEnd(20)} right ${mean(1).toFixed(3)}  wrong ${mean(0).toFixed(3)}`)
      })
    }
    // The answer model decides the questions no rule settles; out-of-fold probabilities choose the thresholds.
    console.log(`rules settled ${rows.length - decided.length} questions: ${JSON.stringify(Object.fromEntries([...new Set(rows.map((r) => r.rule))].filter(Boolean).map((rule) => [rule, `${rows.filter((r) => r.rule === rule && r.item.answerable).length} answerable, ${rows.filter((r) => r.rule === rule && !r.item.answerable).length} other`])))}`)
    if (process.argv.includes('--verbose')) {
      for (const r of rows.filter((x) => (x.p >= 0.75 && x.label === 0) || (!x.item.answerable && x.p >= 0.4)).sort((a, b) => b.p - a.p)) {
        console.log(`  wrong at ${r.p.toFixed(2)} [${r.item.question.expect}] ${JSON.stringify(r.item.question.q)} want ${JSON.stringify(r.item.question.answer_any ?? r.item.question.cite_any)}\n      ${r.lead.replace(/\s+/g, ' ')}`)
      }
    }
    const negatives = rows.filter((r) => !r.item.answerable)
    // 'High' is the strictest of the fold assignments' thresholds, the answer floor their median. The
    // figures printed below are those of the first assignment.
    const highs = outOfFold.map((o) => highOf(o.rows))
    const floors = outOfFold.map((o) => floorAndUtility(o.rows).floor).sort((a, b) => a - b)
    console.log(`under ${FOLD_REPEATS} fold assignments: 'high' ${highs.map((h) => h.toFixed(3)).join(', ')}; answer floor ${floors.map((f) => f.toFixed(3)).join(', ')}`)
    const answerFloor = floors[Math.floor(floors.length / 2)]!
    const high = Math.max(...highs, answerFloor)
    if (process.argv.includes('--curve')) {
      const answerableRows = rows.filter((r) => r.item.answerable)
      for (const t of [0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85]) {
        const right = answerableRows.filter((r) => r.p >= t && r.label === 1).length
        const wrong = rows.filter((r) => r.p >= t && r.label === 0).length
        const abst = negatives.filter((r) => r.p < t).length
        console.log(`  t=${t.toFixed(2)} answered right ${((100 * right) / answerableRows.length).toFixed(1)}%  wrong answers ${wrong}  abstention ${((100 * abst) / negatives.length).toFixed(1)}%`)
      }
    }

    console.log('\nreliability of the answer model, out of fold (predicted probability -> share right):')
    for (const [lo, hi] of [[-1, 0], [0, 0.1], [0.1, 0.3], [0.3, 0.5], [0.5, 0.7], [0.7, 0.9], [0.9, 1.01]] as const) {
      const bin = rows.filter((r) => r.p >= lo && r.p < hi)
      const right = bin.filter((r) => r.label === 1).length
      console.log(`  ${lo.toFixed(1)}-${Math.min(hi, 1).toFixed(1)}  ${String(bin.length).padStart(4)} answers  ${bin.length ? ((100 * right) / bin.length).toFixed(1) : '-'.padStart(4)}% right`)
    }
    for (const [name, set] of sets) {
      const inSet = rows.filter((r) => set.includes(r.item.question))
      const ans = inSet.filter((r) => r.item.answerable)
      const neg = inSet.filter((r) => !r.item.answerable)
      console.log(`  out of fold, ${name}: answered right ${ans.filter((r) => r.p >= answerFloor && r.label === 1).length}/${ans.length}, abstained ${neg.filter((r) => r.p < answerFloor).length}/${neg.length}, high wrong ${inSet.filter((r) => r.p >= high && r.label === 0).length}`)
    }
    const answered = rows.filter((r) => r.p >= answerFloor)
    const highRows = rows.filter((r) => r.p >= high)
    const answerable = rows.filter((r) => r.item.answerable)
    console.log(`\nthresholds: high >= ${high.toFixed(3)}, answer >= ${answerFloor.toFixed(3)}`)
    console.log(`  out of fold: high ${highRows.length} answers, ${highRows.filter((r) => r.label === 1).length} right; medium or high ${answered.length}, ${answered.filter((r) => r.label === 1).length} right`)
    console.log(`  answerable answered right: ${answerable.filter((r) => r.p >= answerFloor && r.label === 1).length}/${answerable.length}; unknown and out of scope abstained: ${negatives.filter((r) => r.p < answerFloor).length}/${negatives.length}`)

    const memory = memoryOf(items)
    const fact = fitConditionalLogit(factGroups(items, memory), FACT_FEATURES, FACT_LAMBDA)
    const answer = fitLogistic(decided.map((r) => r.features), decided.map((r) => r.label), ANSWER_FEATURES, answerLambda)
    const asked: AskedData = Object.fromEntries([...memory].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([key, questions]) => [key, questions.map((q) => q.stems.join(' '))]))
    const model: SearchModel = {
      version: new Date().toISOString().slice(0, 10),
      fact,
      answer,
      thresholds: { high: round(high), answer: round(answerFloor) },
      asked,
    }
    console.log(`memory of questions asked before: ${memory.size} facts, ${[...memory.values()].reduce((n, q) => n + q.length, 0)} entries`)
    console.log('\nfact model weights:', FACT_FEATURES.map((name, j) => `${name} ${fact.weights[j]!.toFixed(2)}`).join(', '))
    console.log('answer model weights:', ANSWER_FEATURES.map((name, j) => `${name} ${answer.weights[j]!.toFixed(2)}`).join(', '))
    if (DRY_RUN) console.log('\n--dry-run: model.json not written')
    else {
      fs.writeFileSync(MODEL_FILE, `${JSON.stringify(model, null, 1)}\n`)
      console.log(`\nwrote ${path.relative(ROOT, MODEL_FILE)}`)
    }
  } finally {
    await database.close()
  }
}

await main()
