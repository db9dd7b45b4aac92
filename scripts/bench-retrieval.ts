// Retrieval and answer quality on the embedded default: a fresh PGlite directory, the bundled corpus
// ingested, then for ../shared/eval/dev-questions.jsonl (when present), tests/eval/questions.jsonl (the own
// set, which fusion settings are tuned on) and tests/eval/paraphrases.jsonl (held out: plain-language and
// voice-style wordings, never tuned on): hit@1, hit@3 and MRR per retrieval mode (full-text, vectors, fused)
// on the answerable questions, the abstention rate and answer pass rate from runSearch, and in-process
// latency of 200 queries.
// Usage: npm run bench:retrieval [-- --limit 10 --queries 200]
//        npm run bench:retrieval -- --sweep   fusion and embedding settings on the dev and own sets only
//                                             (docs/decisions/001-lsa-embeddings.md records the outcome)
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { invalidateQueryEmbedder } from '../app/lib/search/embedder.server'
import { embed, LSA_FORMAT, serializeLsa, trainLsa } from '../app/lib/search/core/lsa'
import { DEFAULT_FUSION, retrieve, type FusionConfig } from '../app/lib/search/retrieve.server'
import { rowsOf, type DbHandle } from '../db/client'
import { openCorpusDatabase } from './corpus-database'
import { runSearch } from '../app/lib/search/search.server'
import type { RetrievalMode } from '../app/lib/search/core/types'
import MiniSearch from 'minisearch'
import { answerOffline, prepareIndex } from '../app/lib/offline/answer'
import { offlineIndex } from '../app/lib/offline/index.server'
import { TUNING_SETS, fieldOutcome, formatFieldFailures, formatFieldSummary, parseFieldQuestions, summarizeField, type FieldQuestion } from '../tests/eval/field-score'
import {
  containsAny,
  firstHitRank,
  formatFailures,
  formatRate,
  parseQuestions,
  percentile,
  retrievalMetrics,
  scoreResult,
  summarize,
  type EvalQuestion,
} from '../tests/eval/score'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.env.APP_ROOT ??= ROOT

function argument(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const LIMIT = argument('limit', 10)
const LATENCY_QUERIES = argument('queries', 200)
const VERBOSE = process.argv.includes('--verbose')
const MODES: RetrievalMode[] = ['fts', 'vector', 'fused']

const SWEEP = process.argv.includes('--sweep')
/** `--only field`: the plain-language field set alone (tuning loops); `--data-dir DIR`: keep the database between runs. */
const ONLY = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : null
const DATA_DIR_ARG = process.argv.includes('--data-dir') ? process.argv[process.argv.indexOf('--data-dir') + 1] : null

const sets: Array<{ name: string; questions: EvalQuestion[]; heldOut?: boolean }> = []
const devFile = path.resolve(ROOT, '..', 'shared', 'eval', 'dev-questions.jsonl')
if (fs.existsSync(devFile)) sets.push({ name: 'dev-questions', questions: parseQuestions(fs.readFileSync(devFile, 'utf8'), devFile) })
else console.log(`(${devFile} absent: dev questions skipped)`)
const ownFile = path.join(ROOT, 'tests', 'eval', 'questions.jsonl')
sets.push({ name: 'own set', questions: parseQuestions(fs.readFileSync(ownFile, 'utf8'), ownFile) })
const paraphraseFile = path.join(ROOT, 'tests', 'eval', 'paraphrases.jsonl')
sets.push({ name: 'held-out paraphrases', questions: parseQuestions(fs.readFileSync(paraphraseFile, 'utf8'), paraphraseFile), heldOut: true })
const fieldFile = path.join(ROOT, 'tests', 'eval', 'field-language.jsonl')
const fieldQuestions = parseFieldQuestions(fs.readFileSync(fieldFile, 'utf8'), fieldFile)
if (ONLY === 'field') sets.length = 0
const answerableOf = (questions: EvalQuestion[]) => questions.filter((q) => q.expect === 'answer' && (q.answer_any || q.cite_any))

async function ranksOf(handle: DbHandle, questions: EvalQuestion[], mode: RetrievalMode, fusion: FusionConfig = DEFAULT_FUSION) {
  const ranks: (number | null)[] = []
  for (const question of questions) {
    const { passages } = await retrieve(handle, question.q, { mode, specBook: 'both', limit: LIMIT }, fusion)
    ranks.push(firstHitRank(question, passages))
  }
  return ranks
}

/**
 * Retrains the LSA model with other settings and rewrites every vector under a new model name (a sweep
 * only: ingest owns the real model). `headingPath: false` embeds the body alone.
 */
async function retrainLsa(handle: DbHandle, name: string, dimensions: number, headingPath: boolean) {
  const rows = rowsOf<{ id: string; section: string | null; section_title: string | null; heading_path: string; text: string }>(
    await handle.db.execute(sql`select id, section, section_title, heading_path, text from chunks order by id`),
  )
  const texts = rows.map((r) => (headingPath ? [r.section, r.section_title, r.heading_path, r.text] : [r.text]).filter(Boolean).join('\n'))
  const model = trainLsa(texts, { dimensions })
  for (let i = 0; i < rows.length; i++) {
    const v = embed(model, texts[i]!)
    const literal = v.every((x) => x === 0) ? null : `[${v.join(',')}]`
    await handle.db.execute(sql`update chunks set embedding = ${literal}::vector, embedding_model = ${name} where id = ${rows[i]!.id}`)
  }
  await handle.db.execute(sql`delete from embedding_models`)
  await handle.db.execute(sql`insert into embedding_models (name, format, dimensions, training_hash, model, trained_at)
    values (${name}, ${LSA_FORMAT}, ${model.dimensions}, 'sweep', ${JSON.stringify(serializeLsa(model))}::jsonb, now())`)
  invalidateQueryEmbedder()
}

async function sweep(handle: DbHandle) {
  const tuning = sets.filter((set) => !set.heldOut).map((set) => ({ name: set.name, questions: answerableOf(set.questions) }))
  const line = (m: ReturnType<typeof retrievalMetrics>) => `${pct(m.hitAt1).padStart(6)} ${pct(m.hitAt3).padStart(6)} ${m.mrr.toFixed(3)}`
  const report = async (label: string, mode: RetrievalMode, fusion: FusionConfig = DEFAULT_FUSION) => {
    const cells = []
    for (const set of tuning) cells.push(line(retrievalMetrics(await ranksOf(handle, set.questions, mode, fusion))))
    console.log(`  ${label.padEnd(46)} ${cells.join('   |  ')}`)
  }
  const header = () => console.log(`  ${''.padEnd(46)} ${tuning.map((t) => `${t.name.slice(0, 20).padEnd(20)}`).join('    ')}\n  ${''.padEnd(46)} ${tuning.map(() => ' hit@1  hit@3  MRR  ').join('    ')}`)
  const d = DEFAULT_FUSION
  const variants: Array<[string, FusionConfig]> = [
    ['RRF k=60 w=1 (previous default)', { ...d, k: 60, vectorWeight: 1, vectorOnly: null, minSimilarity: 0.15, candidates: 40 }],
  ]
  for (const w of [0.25, 0.3, 0.4, 0.5, 0.6, 0.75]) variants.push([`RRF k=60 vector weight ${w}`, { ...d, k: 60, vectorWeight: w, vectorOnly: null }])
  for (const k of [10, 20, 30, 100]) for (const w of [1, 0.5, 0.25]) variants.push([`RRF k=${k} vector weight ${w}`, { ...d, k, vectorWeight: w, vectorOnly: null }])
  for (const floor of [0.3, 0.5, 0.6]) for (const max of [1, 3]) for (const w of [1, 0.5]) {
    variants.push([`re-rank fts + ${max} vec-only >= ${floor}, w ${w}`, { ...d, k: 60, vectorWeight: w, vectorOnly: { minSimilarity: floor, max } }])
  }
  variants.push(['re-rank fts, no vector-only, w 0.5', { ...d, vectorWeight: 0.5, vectorOnly: { minSimilarity: 2, max: 0 } }])
  for (const floor of [0, 0.25, 0.35]) for (const w of [1, 0.5]) variants.push([`RRF vector floor ${floor} w ${w}`, { ...d, minSimilarity: floor, vectorWeight: w, vectorOnly: null }])
  for (const candidates of [10, 20, 80]) for (const w of [1, 0.5]) variants.push([`RRF candidates ${candidates} w ${w}`, { ...d, candidates, vectorWeight: w, vectorOnly: null }])

  console.log('\n== sweep (tuning sets only; the held-out paraphrases are not scored here)')
  header()
  await report('full text alone', 'fts')
  await report('vectors alone (the ingested model)', 'vector')
  for (const [label, fusion] of variants) await report(label, 'fused', fusion)
  if (process.argv.includes('--no-retrain')) return
  for (const [dimensions, headingPath] of [[128, true], [64, true], [256, true], [128, false], [64, false], [256, false]] as const) {
    await retrainLsa(handle, `sweep-${dimensions}-${headingPath}`, dimensions, headingPath)
    console.log(`\n-- LSA ${dimensions} dimensions, ${headingPath ? 'section, title and heading path with the text' : 'text alone'}`)
    await report('vectors alone', 'vector')
    for (const k of [60, 20]) for (const w of [1, 0.5, 0.4, 0.25]) await report(`RRF k=${k} vector weight ${w}`, 'fused', { ...d, k, vectorWeight: w, vectorOnly: null })
  }
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const ms = (x: number) => `${x.toFixed(1)} ms`

/**
 * The plain-language field set, tuning and test halves apart: the engine's measures (tests/eval/field-score.ts)
 * and, beside them on the same questions, a plain keyword peer: BM25 (MiniSearch, its defaults with prefix and
 * fuzzy matching off) over the same chunks, which are the corpus split at its headings. The peer 'answers'
 * when one of its first three chunks holds the figure. Failures are printed for the tuning half only
 * (--verbose): the test half is scored, never read question by question.
 */
async function fieldBench(handle: DbHandle) {
  const rows = rowsOf<{ id: string; title: string; section: string | null; heading_path: string; text: string }>(
    await handle.db.execute(sql`select c.id, d.title, c.section, c.heading_path, c.text from chunks c join documents d on d.id = c.document_id`),
  )
  const peer = new MiniSearch({ fields: ['title', 'section', 'heading', 'text'], storeFields: ['text'] })
  peer.addAll(rows.map((r) => ({ id: r.id, title: r.title, section: r.section ?? '', heading: r.heading_path, text: r.text })))
  for (const split of ['tune', 'test'] as const) {
    const questions = fieldQuestions.filter((q) => q.split === split)
    const outcomes = []
    let peerHits = 0
    const answerable = questions.filter((q) => q.kind === 'answer')
    for (const question of questions) {
      const result = await runSearch(handle, { query: question.q, specBook: 'both', userRole: 'inspector' })
      outcomes.push(fieldOutcome(question, result))
    }
    for (const question of answerable) {
      const top = peer.search(question.q).slice(0, 3)
      if (top.some((hit) => containsAny(String(hit.text), question.answer_any ?? []))) peerHits += 1
    }
    const summary = summarizeField(outcomes)
    console.log(`\n== field-language, ${split} half: ${questions.length} questions (${summary.answerable} answerable, ${summary.unknown} unknown in domain, ${summary.outOfScope} out of scope)`)
    console.log(formatFieldSummary(summary))
    console.log(`  keyword peer (BM25, MiniSearch): figure in its top 3   ${peerHits}/${answerable.length} (${((100 * peerHits) / answerable.length).toFixed(1)}%)`)
    if (VERBOSE && split === 'tune') console.log(`  failures (tuning half):\n${formatFieldFailures(outcomes).replace(/^/gm, '    ')}`)
  }
  // The tuning sets: fitted on, so their figures say nothing about generalisation (the test half does).
  for (const name of TUNING_SETS) {
    const file = path.join(ROOT, 'tests', 'eval', `${name}.jsonl`)
    const outcomes = []
    for (const question of parseFieldQuestions(fs.readFileSync(file, 'utf8'), file)) outcomes.push(fieldOutcome(question, await runSearch(handle, { query: question.q, specBook: 'both', userRole: 'inspector' })))
    const t = summarizeField(outcomes)
    console.log(`\n== ${name} (tuning set): answered with the figure ${t.withFigure}/${t.answerable}, abstention ${t.unknownAbstained + t.outOfScopeAbstained}/${t.unknown + t.outOfScope}, wrong at high ${t.wrongAtHigh}`)
    if (VERBOSE) console.log(formatFieldFailures(outcomes))
  }

  // Offline answers from the same engine: the phone's answerer on the offline index against the server.
  const { index } = await offlineIndex(handle)
  const device = prepareIndex(index)
  const lead = (answer: string) => (answer.startsWith("I don't know") || answer.startsWith('This product covers') ? 'abstain' : answer.split('\n\n')[0])
  let agree = 0
  const offlineMillis: number[] = []
  for (const question of fieldQuestions) {
    const online = await runSearch(handle, { query: question.q, specBook: 'both', userRole: 'inspector' })
    const started = performance.now()
    const offline = answerOffline(device, question.q)
    offlineMillis.push(performance.now() - started)
    if (lead(online.answer) === lead(offline.answer)) agree += 1
  }
  console.log(`\n== offline/online agreement on the lead fact (field-language, both halves): ${agree}/${fieldQuestions.length} (${((100 * agree) / fieldQuestions.length).toFixed(1)}%)`)
  console.log(`  offline index ${index.passages.length} passages; on-device answer in-process p50 ${ms(percentile(offlineMillis, 50))}, p95 ${ms(percentile(offlineMillis, 95))}`)
  return fieldQuestions satisfies FieldQuestion[]
}

const database = await openCorpusDatabase({ dataDir: DATA_DIR_ARG, prefix: 'bench-retrieval' })
const { handle } = database
try {
  console.log(`corpus ingested into a fresh PGlite in ${(database.ingestMillis / 1000).toFixed(1)} s`)
  if (SWEEP) await sweep(handle)
  if (!SWEEP) await fieldBench(handle)

  for (const set of SWEEP ? [] : sets) {
    const answerable = answerableOf(set.questions)
    console.log(`\n== ${set.name}: ${set.questions.length} questions (${answerable.length} answerable with expected text, ${set.questions.length - answerable.length} other)`)
    console.log(`retrieval on the answerable questions, top ${LIMIT}:`)
    console.log('  mode     hit@1    hit@3    MRR')
    for (const mode of MODES) {
      const ranks: (number | null)[] = []
      const misses: string[] = []
      for (const question of answerable) {
        const { passages } = await retrieve(handle, question.q, { mode, specBook: 'both', limit: LIMIT })
        const rank = firstHitRank(question, passages)
        ranks.push(rank)
        if (rank === null || rank > 3) misses.push(`${JSON.stringify(question.q)} rank ${rank ?? '-'}; top: ${passages[0] ? `${passages[0].documentTitle} / ${passages[0].headingPath}` : 'none'}`)
      }
      const m = retrievalMetrics(ranks)
      console.log(`  ${mode.padEnd(7)}  ${pct(m.hitAt1).padStart(6)}   ${pct(m.hitAt3).padStart(6)}   ${m.mrr.toFixed(3)}`)
      if (VERBOSE && misses.length > 0) console.log(misses.map((line) => `      miss@3 ${line}`).join('\n'))
    }

    const scores = []
    for (const question of set.questions) {
      const result = await runSearch(handle, { query: question.q, specBook: 'both', userRole: 'inspector' })
      scores.push(scoreResult(question, result))
    }
    const summary = summarize(scores)
    const answerableScores = scores.filter((s) => s.question.expect === 'answer')
    const falseAbstentions = answerableScores.filter((s) => s.checks.abstained).length
    console.log('answers (runSearch, extractive unless a model is configured):')
    console.log(`  answerable pass rate     ${formatRate(summary.answerable)}  (answer text ${formatRate(summary.answerText)}, citations ${formatRate(summary.citation)})`)
    console.log(`  abstention on unknown    ${formatRate(summary.abstention)}  (unknown answered high: ${summary.unknownAnsweredHigh})`)
    console.log(`  abstention on answerable ${falseAbstentions}/${answerableScores.length}`)
    console.log(`  overall abstention rate  ${pct(scores.filter((s) => s.checks.abstained).length / scores.length)}`)
    console.log(`  suggestions (calc/sheet) ${formatRate(summary.suggestions)}`)
    if (summary.failures.length > 0) console.log(`  failures:\n${formatFailures(summary.failures).replace(/^/gm, '    ')}`)
  }

  const pool = [...sets.flatMap((set) => set.questions.map((q) => q.q)), ...fieldQuestions.map((q) => q.q)]
  for (let i = 0; i < (SWEEP ? 0 : 10); i++) await retrieve(handle, pool[i % pool.length]!, { mode: 'fused', specBook: 'both', limit: LIMIT })
  const latencies: Record<string, number[]> = { fts: [], vector: [], fused: [], runSearch: [] }
  for (let i = 0; i < (SWEEP ? 0 : LATENCY_QUERIES); i++) {
    const query = pool[i % pool.length]!
    for (const mode of MODES) {
      const started = performance.now()
      await retrieve(handle, query, { mode, specBook: 'both', limit: LIMIT })
      latencies[mode]!.push(performance.now() - started)
    }
    const started = performance.now()
    await runSearch(handle, { query, specBook: 'both', userRole: 'inspector' })
    latencies.runSearch!.push(performance.now() - started)
  }
  if (!SWEEP) console.log(`\nin-process latency, ${LATENCY_QUERIES} queries each (PGlite, one process):`)
  for (const [name, values] of SWEEP ? [] : Object.entries(latencies)) {
    console.log(`  ${name.padEnd(10)} p50 ${ms(percentile(values, 50)).padStart(9)}   p95 ${ms(percentile(values, 95)).padStart(9)}   max ${ms(Math.max(...values)).padStart(9)}`)
  }
} finally {
  await database.close()
}
