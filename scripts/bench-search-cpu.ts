// CPU per search, in process: the figure that moves least on a machine shared with other work
// (docs/decisions/018). Opens a database (PGlite in its own worker thread as the server runs it, or with
// --database-url a PostgreSQL database), ingests the corpus when it has none, then runs runSearch over the
// eval questions in rotation, one at a time, and prints per search:
// - the request thread's CPU (from /proc: what a server process spends outside the database, its query
//   analysis and answer composition);
// - the whole process's CPU (process.cpuUsage: with PGlite that includes its thread, i.e. the database);
// - on PostgreSQL, the backend's CPU (from /proc, the database server on this machine: one pooled connection).
// Then the pure core alone (query analysis, ranking, facts, confidence and the result: `prepare` and
// `extractiveResult` over each question's retrieved candidates, retrieved once beforehand), per question.
// Usage: tsx scripts/bench-search-cpu.ts [--data-dir DIR] [--database-url URL] [--searches 600] [--warmup 100]
// Run under `node --cpu-prof` (NODE_OPTIONS) to see where the request thread's time goes.
import fs from 'node:fs'
import path from 'node:path'
import { performance } from 'node:perf_hooks'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.env.APP_ROOT ??= ROOT
const option = (name: string) => (process.argv.includes(`--${name}`) ? process.argv[process.argv.indexOf(`--${name}`) + 1] : undefined)
const databaseUrl = option('database-url') ?? ''
// One connection, so the backend whose CPU is read is the one that ran every statement.
if (databaseUrl) process.env.DATABASE_POOL_SIZE = '1'
const searches = Number(option('searches') ?? 600)
const warmup = Number(option('warmup') ?? 100)

const { rowsOf } = await import('../db/client')
const { openCorpusDatabase } = await import('./corpus-database')
const { runSearch } = await import('../app/lib/search/search.server')
const { retrieve } = await import('../app/lib/search/retrieve.server')
const { CANDIDATES } = await import('../app/lib/search/chain.server')
const { getCorpusKnowledge } = await import('../app/lib/search/vocabulary.server')
const { extractiveResult, prepare } = await import('../app/lib/search/core/compose')
const { parseQuestions } = await import('../tests/eval/score')

const questionsOf = (file: string) => (fs.existsSync(file) ? parseQuestions(fs.readFileSync(file, 'utf8'), file).map((question) => question.q) : [])
const questions = [
  ...questionsOf(path.join(ROOT, 'tests', 'eval', 'questions.jsonl')),
  ...questionsOf(path.resolve(ROOT, '..', 'shared', 'eval', 'dev-questions.jsonl')),
]

const database = await openCorpusDatabase({ dataDir: option('data-dir'), prefix: 'bench-search-cpu', databaseUrl, thread: !databaseUrl, ingest: 'when-empty' })
const { handle } = database
/** utime + stime of a thread or process, in clock ticks (1/100 s). */
const ticksOf = (statFile: string) => {
  const fields = fs.readFileSync(statFile, 'utf8').split(') ')[1]!.split(' ')
  return Number(fields[11]) + Number(fields[12])
}
const mainThreadTicks = () => ticksOf(`/proc/self/task/${process.pid}/stat`)
const backendTicks = async (): Promise<number | null> => {
  if (!databaseUrl) return null
  const [row] = rowsOf<{ pid: number }>(await handle.db.execute(sql`select pg_backend_pid() as pid`))
  return ticksOf(`/proc/${row!.pid}/stat`)
}
try {
  for (let i = 0; i < warmup; i++) await runSearch(handle, { query: questions[i % questions.length]!, specBook: 'both', userRole: 'inspector' })

  const ticksBefore = await backendTicks()
  const mainBefore = mainThreadTicks()
  const cpu = process.cpuUsage()
  const started = performance.now()
  for (let i = 0; i < searches; i++) await runSearch(handle, { query: questions[(warmup + i) % questions.length]!, specBook: 'both', userRole: 'inspector' })
  const wall = performance.now() - started
  const used = process.cpuUsage(cpu)
  const mainAfter = mainThreadTicks()
  const ticksAfter = await backendTicks()
  const per = (millis: number) => `${(millis / searches).toFixed(2)} ms`
  console.log(`${searches} searches (${handle.kind}), per search:`)
  console.log(`  wall                 ${per(wall)}`)
  console.log(`  request thread CPU   ${per((mainAfter - mainBefore) * 10)}`)
  console.log(`  process CPU          ${per((used.user + used.system) / 1000)}${databaseUrl ? '' : ' (with the PGlite thread)'}`)
  if (ticksBefore !== null && ticksAfter !== null) console.log(`  PostgreSQL backend   ${per((ticksAfter - ticksBefore) * 10)}`)

  const { stats } = await getCorpusKnowledge(handle)
  const retrieved = []
  for (const query of questions) retrieved.push({ query, retrieval: await retrieve(handle, query, { specBook: 'both', limit: CANDIDATES }) })
  const rounds = Number(option("rounds") ?? 3)
  const coreBefore = mainThreadTicks()
  for (let round = 0; round < rounds; round++) {
    for (const { query, retrieval } of retrieved) extractiveResult(prepare(query, retrieval.analysis, retrieval.passages, stats, []))
  }
  console.log(`  the core alone       ${((mainThreadTicks() - coreBefore) * 10 / (rounds * retrieved.length)).toFixed(2)} ms (${retrieved.length} questions x ${rounds})`)
} finally {
  await database.close()
}
