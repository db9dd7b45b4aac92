// Sign-in latency on the embedded default: starts the built server on a fresh PGlite directory, creates
// a member, then times POST /api/auth/signin (scrypt N=2^15, r=8, p=1) sequentially and with 4 clients.
// Usage: npm run build && node scripts/bench-signin.mjs [--requests 100]
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const requestsIndex = process.argv.indexOf('--requests')
const total = requestsIndex > 0 ? Number(process.argv[requestsIndex + 1]) : 100
const port = 3800 + Math.floor(Math.random() * 90)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-signin-'))

const server = spawn(process.execPath, ['server.mjs'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.DATABASE_URL ?? '',
    LOG_LEVEL: 'warn',
    RATE_LIMIT_SIGNIN_PER_IP: '1000000',
    RATE_LIMIT_SIGNIN_PER_ACCOUNT: '1000000',
    RATE_LIMIT_SIGNIN_PER_DEVICE: '1000000',
    RATE_LIMIT_SIGNIN_ACCOUNT_FAILURES: '1000000',
  },
  stdio: 'ignore',
})

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('server did not start')
    await new Promise((r) => setTimeout(r, 100))
  }
  const member = { firstName: 'Bench', lastName: 'Mark', email: 'bench@example.com', password: 'bench-pass-1' }
  const created = await fetch(`${base}/api/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(member) })
  if (!created.ok) throw new Error(`sign-up failed: ${created.status}`)

  async function signIn(password = member.password) {
    const started = performance.now()
    const res = await fetch(`${base}/api/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: member.email, password }),
    })
    await res.arrayBuffer()
    return { ms: performance.now() - started, status: res.status }
  }

  const pct = (xs, p) => {
    const sorted = [...xs].sort((a, b) => a - b)
    return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
  }
  const report = (label, samples) =>
    console.log(`${label.padEnd(34)} n=${samples.length}  p50 ${pct(samples, 50).toFixed(1)} ms  p95 ${pct(samples, 95).toFixed(1)} ms  max ${Math.max(...samples).toFixed(1)} ms`)

  for (let i = 0; i < 5; i++) await signIn() // warm-up
  const sequential = []
  for (let i = 0; i < total; i++) sequential.push((await signIn()).ms)
  report('sign-in, 1 client', sequential)

  const wrong = []
  for (let i = 0; i < Math.min(total, 50); i++) wrong.push((await signIn('wrong-password')).ms)
  report('wrong password, 1 client', wrong)

  const concurrent = []
  const perClient = Math.ceil(total / 4)
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = 0; i < perClient; i++) concurrent.push((await signIn()).ms)
    }),
  )
  report('sign-in, 4 concurrent clients', concurrent)
} finally {
  server.kill('SIGTERM')
  await new Promise((r) => server.once('exit', r))
  fs.rmSync(dataDir, { recursive: true, force: true })
}
