// POST /api/search under load. For each server mode it starts the built server (BUILD_DIR, default build/)
// as `npm start` serves it (scripts/serve.mjs: one process per core on PostgreSQL, WEB_CONCURRENCY to
// change it) on a free port with a fresh database: a PGlite data directory, or with --database postgres a
// new database on the server BENCH_DATABASE_URL (else TEST_DATABASE_URL) points at, dropped afterwards.
// It signs up a member, warms up, then runs autocannon with 1 connection and with --connections (default
// 20) for --duration seconds (default 15) each, POSTing the eval questions in rotation:
// - uncached: the server runs with SEARCH_ANSWER_CACHE=0, so every request searches (retrieval + answer);
// - cached: the answer cache is on and warmed with one pass over the questions, so every request is a
//   repeated question (the session check, the count and the history record still run per request).
// - mixed: pages and searches together, as signed-in members use the app: --clients (default 50) clients
//   split over GET /, GET /documents, GET /field-calculations (a quarter each) and POST /api/search
//   (the rest; uncached), with --members members' sessions (default 10) in rotation, for --duration
//   seconds. It prints each page's HTML size as a member (raw and gzipped) and percentiles per kind.
// Prints p50/p95/p99, throughput and the non-2xx count per run, and the server's resident memory (all its
// processes) at rest after start and after the measured searches; asserts nothing (target: p95 <= 100 ms with
// 20 clients on PostgreSQL; pages p50 <= 250 ms in the mixed load). Builds nothing: run `npm run build` first.
// Usage: npm run bench:search [-- --connections 20 --duration 15 --modes uncached,cached,mixed --database pglite
//        --clients 50 --members 10 --port N --cpu-prof DIR]
// --cpu-prof DIR writes V8 CPU profiles of each server process and thread to DIR (open them in Chrome
// DevTools).
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import { gzipSync } from 'node:zlib'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const option = (name) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : undefined
}
const connections = Number(option('connections') ?? 20)
const duration = Number(option('duration') ?? 15)
const modes = (option('modes') ?? 'uncached,cached').split(',').map((m) => m.trim())
const cpuProfDir = option('cpu-prof') ? path.resolve(option('cpu-prof')) : undefined
const database = option('database') ?? 'pglite'
const mixedClients = Number(option('clients') ?? 50)
const members = Number(option('members') ?? 10)
const fixedPort = option('port') ? Number(option('port')) : undefined
const MODES = ['uncached', 'cached', 'mixed']
for (const mode of modes) if (!MODES.includes(mode)) throw new Error(`unknown mode ${mode} (${MODES.join(', ')})`)
if (database !== 'pglite' && database !== 'postgres') throw new Error(`unknown database ${database} (pglite, postgres)`)
const adminUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL
if (database === 'postgres' && !adminUrl) {
  console.error('--database postgres needs BENCH_DATABASE_URL (or TEST_DATABASE_URL): a PostgreSQL server with pgvector where it may create a database.')
  process.exit(1)
}
// The production entry when this checkout has one (it runs the cluster); older checkouts had only server.mjs.
const ENTRY = fs.existsSync(path.join(ROOT, 'scripts', 'serve.mjs')) ? 'scripts/serve.mjs' : 'server.mjs'
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')
if (!fs.existsSync(path.join(buildDir, 'server', 'index.js'))) {
  console.error(`No build in ${buildDir}: run \`npm run build\` first (or set BUILD_DIR).`)
  process.exit(1)
}

function questionsOf(file) {
  if (!fs.existsSync(file)) return []
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line).q)
}
const questions = [
  ...questionsOf(path.join(ROOT, 'tests', 'eval', 'questions.jsonl')),
  ...questionsOf(path.resolve(ROOT, '..', 'shared', 'eval', 'dev-questions.jsonl')),
]
if (questions.length === 0) throw new Error('no questions found in tests/eval/questions.jsonl')

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
    server.on('error', reject)
  })
}

/** A fresh database for one server: its environment and how to remove it. */
async function freshDatabase() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'))
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true })
  if (database === 'pglite') return { env: { DATA_DIR: dataDir, DATABASE_URL: '' }, remove: removeDir }
  const { default: postgres } = await import('postgres')
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  const name = `bench_${Date.now()}_${process.pid}`
  await admin.unsafe(`create database ${name}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
    remove: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.end({ timeout: 5 })
      removeDir()
    },
  }
}

async function startServer(env) {
  const port = fixedPort ?? (await freePort())
  const base = `http://127.0.0.1:${port}`
  const fresh = await freshDatabase()
  let output = ''
  const profile = cpuProfDir ? ['--cpu-prof', `--cpu-prof-dir=${cpuProfDir}`] : []
  const child = spawn(process.execPath, [...profile, ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      BUILD_DIR: buildDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      ...fresh.env,
      // One client address for everything: the load comes from one member, not from an attack.
      TRUST_PROXY: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout.on('data', (chunk) => (output += chunk))
  child.stderr.on('data', (chunk) => (output += chunk))
  const exited = new Promise((resolve) => child.once('exit', resolve))
  const stop = async () => {
    if (child.exitCode === null) child.kill('SIGTERM')
    await exited
    await fresh.remove()
  }
  const started = performance.now()
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`)
      try {
        if ((await fetch(`${base}/healthz`)).ok) break
      } catch {
        // not listening yet
      }
      if (performance.now() - started > 180_000) throw new Error(`server did not start within 180 s:\n${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  } catch (error) {
    await stop()
    throw error
  }
  return { base, stop, startSeconds: (performance.now() - started) / 1000, cpuMs: () => treeCpuMs(child.pid), rssMb: () => treeRssMb(child.pid) }
}

/** A figure summed over a process and its descendants (Linux /proc; 0 where it cannot be read). */
function treeSum(pid, own) {
  try {
    let total = own(pid)
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      const children = fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim()
      for (const child of children ? children.split(' ') : []) total += treeSum(Number(child), own)
    }
    return total
  } catch {
    return 0
  }
}

/**
 * CPU time (user + system, ms) used so far by a process and its descendants.
 * On a machine shared with other work, CPU per request varies less than latency does.
 */
function treeCpuMs(pid) {
  const tick = 10 // USER_HZ is 100 on Linux
  return treeSum(pid, (one) => {
    const fields = fs.readFileSync(`/proc/${one}/stat`, 'utf8').split(') ')[1].split(' ')
    return (Number(fields[11]) + Number(fields[12])) * tick
  })
}

/** Resident memory (MB, VmRSS) of a process and its descendants. */
function treeRssMb(pid) {
  return treeSum(pid, (one) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${one}/status`, 'utf8'))?.[1] ?? 0) / 1024)
}

let signUps = 0
async function signUp(base) {
  const headers = { 'content-type': 'application/json', origin: base }
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: 'Load', lastName: 'Bench', email: `load-${Date.now()}-${signUps++}@example.com`, password: 'bench-pass-123' }),
  })
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`)
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  return { ...headers, cookie }
}

const bodyOf = (query) => JSON.stringify({ query, specBook: 'both', userRole: 'inspector' })

/** Waits until the corpus answers (the first start may still be ingesting it), then asks `passes` rounds of every question. */
async function warmUp(base, headers, passes) {
  const started = performance.now()
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/api/search`, { method: 'POST', headers, body: bodyOf(questions[i % questions.length]) })
    const body = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(`warm-up search failed: ${res.status} ${JSON.stringify(body)}`)
    if (i >= Math.max(20, passes * questions.length) && Array.isArray(body.sources) && body.sources.length > 0) break
    if (performance.now() - started > 300_000) throw new Error('searches never returned sources')
  }
}

const searchRequest = (headers) => {
  let next = 0
  return { method: 'POST', path: '/api/search', headers, setupRequest: (request) => ({ ...request, body: bodyOf(questions[next++ % questions.length]) }) }
}

/** One kind of request under load: `request` is an autocannon request (its setupRequest may vary it). */
async function measure(base, request, clients) {
  const cpuBefore = currentServer?.cpuMs() ?? 0
  const times = []
  const statuses = new Map()
  const instance = autocannon({ url: base, connections: clients, duration, requests: [request] })
  // Each response's own time, for exact percentiles (autocannon's summary has no p95).
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime)
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1)
  })
  const result = await instance
  const cpuMs = (currentServer?.cpuMs() ?? 0) - cpuBefore
  return {
    ...summarize(times, [{ clients, non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts }]),
    cpuPerRequest: cpuMs / Math.max(1, times.length),
    statuses: Object.fromEntries(statuses),
  }
}

/** Percentiles of response times, with the counts of the runs they came from added up. */
function summarize(times, runs) {
  const sorted = [...times].sort((a, b) => a - b)
  const pct = (p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  const sum = (key) => runs.reduce((total, run) => total + run[key], 0)
  return {
    clients: sum('clients'),
    times,
    requests: times.length,
    rps: times.length / duration,
    p50: pct(50),
    p95: pct(95),
    p99: pct(99),
    max: sorted.at(-1),
    non2xx: sum('non2xx'),
    errors: sum('errors'),
    timeouts: sum('timeouts'),
  }
}

const f = (x) => `${x.toFixed(1)} ms`
const PAGES = ['/', '/documents', '/field-calculations']

/** Pages and searches at once from members' sessions in rotation; per-kind percentiles and each page's HTML size. */
async function mixed(base) {
  const sessions = []
  for (let i = 0; i < members; i++) sessions.push(await signUp(base))
  // Every member has a history (the home page's dashboard reads it) and the corpus answers.
  for (const headers of sessions) await warmUp(base, headers, 0)
  for (const page of PAGES) {
    const res = await fetch(`${base}${page}`, { headers: { cookie: sessions[0].cookie } })
    const html = Buffer.from(await res.arrayBuffer())
    console.log(`  GET ${page} as a member: ${res.status}, HTML ${(html.length / 1024).toFixed(1)} KB (${(gzipSync(html).length / 1024).toFixed(1)} KB gzipped)`)
  }
  let turn = 0
  const member = () => sessions[turn++ % sessions.length]
  const perPage = Math.max(1, Math.floor(mixedClients / 4))
  const kinds = [
    ...PAGES.map((page) => ({
      kind: `GET ${page}`,
      clients: perPage,
      request: { method: 'GET', path: page, setupRequest: (request) => ({ ...request, headers: { cookie: member().cookie } }) },
    })),
    {
      kind: 'POST /api/search',
      clients: Math.max(1, mixedClients - 3 * perPage),
      request: { ...searchRequest(sessions[0]), setupRequest: (request) => ({ ...request, headers: member(), body: bodyOf(questions[turn % questions.length]) }) },
    },
  ]
  const runs = await Promise.all(kinds.map(({ request, clients }) => measure(base, request, clients)))
  // The kinds ran at once, so the server's CPU is not theirs one by one.
  const all = kinds.map((kind, i) => ({ mode: `mixed ${kind.kind}`, ...runs[i], cpuPerRequest: undefined }))
  const pages = runs.slice(0, PAGES.length).flatMap((run) => run.times)
  all.push({ mode: 'mixed all pages', ...summarize(pages, runs.slice(0, PAGES.length)) })
  return all
}

const rows = []
const memory = []
let currentServer
for (const mode of modes) {
  const server = (currentServer = await startServer({ SEARCH_ANSWER_CACHE: mode === 'cached' ? '1' : '0', RATE_LIMIT_SIGNUP_PER_IP: String(members + 10) }))
  try {
    const restMb = server.rssMb()
    console.log(`${mode}: server (${ENTRY}) up in ${server.startSeconds.toFixed(1)} s (fresh ${database === 'pglite' ? 'PGlite' : 'PostgreSQL database'}, corpus loaded at start), RSS at rest ${restMb.toFixed(0)} MB`)
    if (mode === 'mixed') {
      console.log(`mixed: ${mixedClients} clients, ${members} members, ${duration} s, searches uncached`)
      for (const run of await mixed(server.base)) {
        rows.push(run)
        console.log(`  ${run.mode}: ${run.clients} clients, ${run.rps.toFixed(1)} req/s, p50 ${f(run.p50)}, p95 ${f(run.p95)}, p99 ${f(run.p99)}, non-2xx ${run.non2xx}, errors ${run.errors}`)
      }
      continue
    }
    let searched = 0
    const headers = await signUp(server.base)
    await warmUp(server.base, headers, mode === 'cached' ? 1 : 0)
    for (const clients of [...new Set([1, connections])]) {
      const run = await measure(server.base, searchRequest(headers), clients)
      rows.push({ mode, ...run })
      console.log(`POST /api/search, ${mode}, ${clients} connection${clients === 1 ? '' : 's'}, ${duration} s, ${questions.length} questions in rotation:`)
      console.log(`  requests ${run.requests}   throughput ${run.rps.toFixed(1)} req/s   server CPU ${run.cpuPerRequest.toFixed(1)} ms per request`)
      console.log(`  latency  p50 ${f(run.p50)}   p95 ${f(run.p95)}   p99 ${f(run.p99)}   max ${f(run.max)}`)
      console.log(`  status codes ${JSON.stringify(run.statuses)}   non-2xx ${run.non2xx}   errors ${run.errors}   timeouts ${run.timeouts}`)
      searched += run.requests
    }
    // The memory figure: the server's resident memory at rest and after its searches (all processes).
    memory.push(`${mode}: RSS ${restMb.toFixed(0)} MB at rest after start, ${server.rssMb().toFixed(0)} MB after ${searched} searches`)
  } finally {
    await server.stop()
  }
}
console.log(`\nsummary, ${database} via ${ENTRY} (targets: p95 <= 100 ms with 20 clients on PostgreSQL, mixed pages p50 <= 250 ms; ${os.cpus().length} CPUs, load average ${os.loadavg()[0].toFixed(1)} at the end):`)
console.log(`${'  mode'.padEnd(30)} clients     req/s       p50       p95       p99   non-2xx   server CPU/req`)
for (const r of rows) {
  console.log(
    `  ${r.mode.padEnd(28)} ${String(r.clients).padStart(7)} ${r.rps.toFixed(1).padStart(9)} ${f(r.p50).padStart(9)} ${f(r.p95).padStart(9)} ${f(r.p99).padStart(9)} ${String(r.non2xx).padStart(9)} ${r.cpuPerRequest === undefined ? '' : f(r.cpuPerRequest).padStart(16)}`,
  )
}
for (const line of memory) console.log(`  ${line}`)
