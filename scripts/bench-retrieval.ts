// Retrieval and answer quality on the embedded default: a fresh PGlite directory, the bundled corpus
// ingested, then for ../shared/eval/dev-questions.jsonl (when present) and tests/eval/questions.jsonl:
// hit@1, hit@3 and MRR per retrieval mode (full-text, vectors, fused) on the answerable questions,
// the abstention rate and answer pass rate from runSearch, and in-process latency of 200 queries.
// Usage: npm run bench:retrieval [-- --limit 10 --queries 200]
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { migrateDatabase, openDatabase } from '../db/client'
import { ingestCorpus } from '../ingest/index'
import { retrieve } from '../app/lib/search/retrieve.server'
import { runSearch } from '../app/lib/search/search.server'
import type { RetrievalMode } from '../app/lib/search/types'
import {
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

const sets: Array<{ name: string; questions: EvalQuestion[] }> = []
const devFile = path.resolve(ROOT, '..', 'shared', 'eval', 'dev-questions.jsonl')
if (fs.existsSync(devFile)) sets.push({ name: 'dev-questions', questions: parseQuestions(fs.readFileSync(devFile, 'utf8'), devFile) })
else console.log(`(${devFile} absent: dev questions skipped)`)
const ownFile = path.join(ROOT, 'tests', 'eval', 'questions.jsonl')
sets.push({ name: 'own set', questions: parseQuestions(fs.readFileSync(ownFile, 'utf8'), ownFile) })

const pct = (x: number) => `${(x * 100).toFixed(1)}%`
const ms = (x: number) => `${x.toFixed(1)} ms`

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-retrieval-'))
const handle = await openDatabase({ dataDir, databaseUrl: '' })
try {
  await migrateDatabase(handle)
  const ingestStarted = performance.now()
  await ingestCorpus(handle, path.join(ROOT, 'corpus'))
  console.log(`corpus ingested into a fresh PGlite in ${((performance.now() - ingestStarted) / 1000).toFixed(1)} s`)

  for (const set of sets) {
    const answerable = set.questions.filter((q) => q.expect === 'answer' && (q.answer_any || q.cite_any))
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

  const pool = sets.flatMap((set) => set.questions.map((q) => q.q))
  for (let i = 0; i < 10; i++) await retrieve(handle, pool[i % pool.length]!, { mode: 'fused', specBook: 'both', limit: LIMIT })
  const latencies: Record<string, number[]> = { fts: [], vector: [], fused: [], runSearch: [] }
  for (let i = 0; i < LATENCY_QUERIES; i++) {
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
  console.log(`\nin-process latency, ${LATENCY_QUERIES} queries each (PGlite, one process):`)
  for (const [name, values] of Object.entries(latencies)) {
    console.log(`  ${name.padEnd(10)} p50 ${ms(percentile(values, 50)).padStart(9)}   p95 ${ms(percentile(values, 95)).padStart(9)}   max ${ms(Math.max(...values)).padStart(9)}`)
  }
} finally {
  await handle.close()
  fs.rmSync(dataDir, { recursive: true, force: true })
}
