// Time from starting the server to its first successful answer (GET /healthz, then GET /), on the
// embedded default. Cold = a new, empty data directory (creates the database, migrates, loads the
// corpus); warm = the same directory again. Dependencies and the build must already be there.
// Usage: npm run build && npm run bench:start [-- --runs 3]
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const runsIndex = process.argv.indexOf('--runs')
const runs = runsIndex > 0 ? Number(process.argv[runsIndex + 1]) : 3
const port = 3900 + Math.floor(Math.random() * 90)

async function timeStart(dataDir) {
  const started = performance.now()
  const child = spawn(process.execPath, ['server.mjs'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: 'ignore',
  })
  let firstAnswer
  for (;;) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`)
      if (res.ok) {
        await res.text()
        firstAnswer = performance.now() - started
        break
      }
    } catch {
      // not yet listening
    }
    if (performance.now() - started > 120_000) throw new Error('server did not answer within 120 s')
    await new Promise((r) => setTimeout(r, 25))
  }
  await new Promise((resolve) => {
    child.once('exit', resolve)
    child.kill('SIGTERM')
  })
  return firstAnswer
}

const cold = []
const warm = []
for (let i = 0; i < runs; i++) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-start-'))
  cold.push(await timeStart(dir))
  warm.push(await timeStart(dir))
  fs.rmSync(dir, { recursive: true, force: true })
}
const fmt = (xs) => xs.map((x) => `${(x / 1000).toFixed(2)} s`).join(', ')
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
console.log(`cold start to first answer: ${fmt(cold)} (median ${(median(cold) / 1000).toFixed(2)} s)`)
console.log(`warm start to first answer: ${fmt(warm)} (median ${(median(warm) / 1000).toFixed(2)} s)`)
