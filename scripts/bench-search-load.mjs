// POST /api/search under load on the embedded default: starts the built server (BUILD_DIR, default
// build/) on a free port with a fresh PGlite data directory, signs up a member, then runs autocannon
// with 20 connections for about 15 s, POSTing questions from the eval sets in rotation. Prints
// latency percentiles, throughput and the non-2xx count; asserts nothing (target: p95 <= 50 ms on a
// 2-core machine). Builds nothing: run `npm run build` first.
// Usage: npm run bench:search [-- --connections 20 --duration 15]
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import autocannon from 'autocannon'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const arg = (name, fallback) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const connections = arg('connections', 20)
const duration = arg('duration', 15)
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

const port = await freePort()
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-search-'))
let output = ''
const server = spawn(process.execPath, ['server.mjs'], {
  cwd: ROOT,
  env: {
    ...process.env,
    NODE_ENV: 'production',
    BUILD_DIR: buildDir,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    // One client address for everything: the load comes from one member, not from an attack.
    TRUST_PROXY: '0',
  },
  stdio: ['ignore', 'pipe', 'pipe'],
})
server.stdout.on('data', (chunk) => (output += chunk))
server.stderr.on('data', (chunk) => (output += chunk))
const exited = new Promise((resolve) => server.once('exit', resolve))

async function stop() {
  if (server.exitCode === null) server.kill('SIGTERM')
  await exited
  fs.rmSync(dataDir, { recursive: true, force: true })
}

try {
  const started = performance.now()
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}):\n${output}`)
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 180_000) throw new Error(`server did not start within 180 s:\n${output}`)
    await new Promise((r) => setTimeout(r, 100))
  }
  console.log(`server up in ${((performance.now() - started) / 1000).toFixed(1)} s (fresh PGlite, corpus loaded at start)`)

  const headers = { 'content-type': 'application/json', origin: base }
  const signup = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ firstName: 'Load', lastName: 'Bench', email: `load-${Date.now()}@example.com`, password: 'bench-pass-123' }),
  })
  if (!signup.ok) throw new Error(`sign-up failed: ${signup.status} ${await signup.text()}`)
  const cookie = signup.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const searchHeaders = { ...headers, cookie }

  // Warm up, and wait until the corpus answers (the first start may still be ingesting it).
  for (let i = 0; ; i++) {
    const res = await fetch(`${base}/api/search`, { method: 'POST', headers: searchHeaders, body: JSON.stringify({ query: questions[i % questions.length] }) })
    const body = await res.json().catch(() => ({}))
    if (!res.ok) throw new Error(`warm-up search failed: ${res.status} ${JSON.stringify(body)}`)
    if (i >= 20 && Array.isArray(body.sources) && body.sources.length > 0) break
    if (performance.now() - started > 300_000) throw new Error('searches never returned sources')
  }

  let next = 0
  const times = []
  const statuses = new Map()
  const instance = autocannon({
    url: base,
    connections,
    duration,
    requests: [
      {
        method: 'POST',
        path: '/api/search',
        headers: searchHeaders,
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify({ query: questions[next++ % questions.length], specBook: 'both', userRole: 'inspector' }),
        }),
      },
    ],
  })
  // Each response's own time, for exact percentiles (autocannon's summary has no p95).
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    times.push(responseTime)
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1)
  })
  const result = await instance

  const pct = (p) => {
    const sorted = [...times].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]
  }
  const f = (x) => `${x.toFixed(1)} ms`
  console.log(`POST /api/search, ${connections} connections, ${duration} s, ${questions.length} questions in rotation:`)
  console.log(`  requests ${result.requests.total}   throughput ${(times.length / duration).toFixed(1)} req/s (autocannon average ${result.requests.average.toFixed(1)})`)
  console.log(`  latency  p50 ${f(pct(50))}   p95 ${f(pct(95))}   p99 ${f(pct(99))}   max ${f(Math.max(...times))}   (target p95 <= 50 ms)`)
  console.log(`  status codes ${JSON.stringify(Object.fromEntries(statuses))}   non-2xx ${result.non2xx}   errors ${result.errors}   timeouts ${result.timeouts}`)
} finally {
  await stop()
}
