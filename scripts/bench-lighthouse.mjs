// Lighthouse scores (mobile, Lighthouse's default form factor and simulated throttling) for the built
// app: starts the built server on a fresh embedded database, signs a member up (or starts a guest, or
// stays signed out) and audits each page with that session cookie, in Debian's Chromium. Prints
// performance, accessibility and best-practices per page (targets 95 / 100 / 95), the audits that lost
// points, and Chrome's own installability verdict (the web-app manifest and service worker).
// It builds nothing: run `npm run build` first (BUILD_DIR picks another build directory).
// Usage: npm run bench:lighthouse [-- --as member|guest|anonymous] [--pages /,/documents] [--runs 1] [--out .tmp/lighthouse]
//   [--port N] (the server's port; default a random one in 4700-4899)
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
// puppeteer-core and chrome-launcher come with lighthouse; puppeteer only asks Chrome for its verdict.
import puppeteer from 'puppeteer-core'

function option(name, fallback) {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 && process.argv[index + 1] ? process.argv[index + 1] : fallback
}

const as = option('as', 'member')
if (!['member', 'guest', 'anonymous'].includes(as)) throw new Error(`--as must be member, guest or anonymous, not ${as}`)
const pages = option('pages', '/,/documents,/field-calculations').split(',').filter(Boolean)
const runs = Math.max(1, Number(option('runs', '1')) || 1)
const outDir = option('out', '.tmp/lighthouse')
const buildDir = process.env.BUILD_DIR ?? 'build'
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 }

if (!fs.existsSync(path.join(buildDir, 'server', 'index.js'))) {
  throw new Error(`no build in ${buildDir}/: run \`BUILD_DIR=${buildDir} npm run build\` first`)
}

const port = Number(option('port', '')) || 4700 + Math.floor(Math.random() * 200)
const base = `http://127.0.0.1:${port}`
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lighthouse-'))
const server = spawn(process.execPath, ['server.mjs'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    BUILD_DIR: buildDir,
    LOG_LEVEL: 'warn',
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'lighthouse-bench-secret-not-for-production',
    // Nothing here may reach the internet: no feed fetching.
    NEWS_FETCH: 'off',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
})

async function waitForServer() {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) return
    } catch {
      // not listening yet
    }
    if (i > 1200) throw new Error('server did not start within 120 s')
    await new Promise((r) => setTimeout(r, 100))
  }
}

function sessionCookieOf(response) {
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0])
  const sid = cookies.find((c) => c.startsWith('sid='))
  if (!sid) throw new Error(`no session cookie in the answer (${response.status})`)
  return sid
}

async function post(pathname, body, cookie) {
  const response = await fetch(`${base}${pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw new Error(`POST ${pathname}: ${response.status} ${await response.text()}`)
  return response
}

/** A session as the chosen visitor, with the AI notice acknowledged and onboarding done. */
async function signIn() {
  if (as === 'anonymous') return null
  const response =
    as === 'member'
      ? await post('/api/auth/signup', { firstName: 'Light', lastName: 'House', email: 'lighthouse@example.com', password: 'lighthouse-pass-1' })
      : await post('/api/auth/guest', {})
  await response.text()
  const cookie = sessionCookieOf(response)
  await (await post('/api/disclaimer', { acknowledged: true }, cookie)).text()
  await (await post('/api/onboarding', { action: 'complete' }, cookie)).text()
  return cookie
}

/** Audits that lost points and count towards a category's score. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId]
  return category.auditRefs
    .filter((ref) => ref.weight > 0 || categoryId === 'accessibility')
    .map((ref) => lhr.audits[ref.id])
    .filter((audit) => audit && audit.score !== null && audit.score < 1 && ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
    .map((audit) => `${audit.id}${audit.score !== null && audit.score > 0 ? ` (${Math.round(audit.score * 100)})` : ''}${audit.displayValue ? ` [${audit.displayValue}]` : ''}`)
}

/** Chrome's own installability check (DevTools Page.getInstallabilityErrors) after the worker is ready. */
async function installability(chromePort, url, cookie) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` })
  const page = await browser.newPage()
  try {
    if (cookie) await page.setExtraHTTPHeaders({ cookie })
    await page.goto(url, { waitUntil: 'load' })
    const worker = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return 'no service worker support'
      const ready = await Promise.race([navigator.serviceWorker.ready.then(() => 'ready'), new Promise((r) => setTimeout(() => r('none registered within 10 s'), 10_000))])
      return ready
    })
    const session = await page.createCDPSession()
    const { installabilityErrors } = await session.send('Page.getInstallabilityErrors')
    const manifest = await session.send('Page.getAppManifest')
    return {
      worker,
      manifestUrl: manifest.url || '(none)',
      errors: installabilityErrors.map((e) => e.errorId + (e.errorArguments?.length ? `(${e.errorArguments.map((a) => a.value).join(', ')})` : '')),
    }
  } finally {
    await page.close()
    browser.disconnect()
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

let chrome
try {
  await waitForServer()
  const cookie = await signIn()
  fs.mkdirSync(outDir, { recursive: true })
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  })
  console.log(`Lighthouse ${as} on ${base} (build ${buildDir}), mobile, ${runs} run(s) per page; targets ${Object.entries(TARGETS).map(([k, v]) => `${k} ${v}`).join(', ')}`)
  const summary = []
  for (const pathname of pages) {
    const url = `${base}${pathname}`
    const scores = { performance: [], accessibility: [], 'best-practices': [] }
    let last
    for (let i = 0; i < runs; i++) {
      // A busy machine sometimes loses the trace (NO_NAVSTART, NO_FCP): such a run is repeated, twice at most.
      for (let attempt = 1; ; attempt++) {
        const result = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(TARGETS),
          extraHeaders: cookie ? { Cookie: cookie } : undefined,
        })
        if (!result) throw new Error(`no Lighthouse result for ${url}`)
        last = result.lhr
        if (!last.runtimeError) break
        if (attempt > 2) throw new Error(`${url}: ${last.runtimeError.code} ${last.runtimeError.message}`)
        console.log(`  ${pathname}: ${last.runtimeError.code}, running again`)
      }
      for (const id of Object.keys(scores)) scores[id].push(Math.round((last.categories[id].score ?? 0) * 100))
    }
    const file = path.join(outDir, `${as}${pathname === '/' ? '-home' : pathname.replaceAll('/', '-')}.json`)
    fs.writeFileSync(file, JSON.stringify(last, null, 1))
    const row = { page: pathname }
    for (const id of Object.keys(scores)) row[id] = median(scores[id])
    const metric = (id) => last.audits[id]?.displayValue ?? '-'
    console.log(
      `\n${pathname}: performance ${row.performance}, accessibility ${row.accessibility}, best-practices ${row['best-practices']}` +
        (runs > 1 ? ` (median of ${runs})` : ''),
    )
    // Simulated throttling scales measured CPU time: on a busy or slow machine (Lighthouse calls a
    // benchmark index under ~1000 slow) performance reads low; the index and load put the figure in context.
    console.log(`  CPU benchmark index ${Math.round(last.environment.benchmarkIndex)}, load average ${os.loadavg()[0].toFixed(1)} on ${os.cpus().length} cores`)
    console.log(`  FCP ${metric('first-contentful-paint')}, LCP ${metric('largest-contentful-paint')}, TBT ${metric('total-blocking-time')}, CLS ${metric('cumulative-layout-shift')}, SI ${metric('speed-index')}`)
    for (const id of Object.keys(TARGETS)) {
      const failing = failingAudits(last, id)
      if (failing.length) console.log(`  ${id} audits losing points: ${failing.join(', ')}`)
    }
    console.log(`  full report: ${file}`)
    summary.push(row)
  }
  const check = await installability(chrome.port, `${base}/`, cookie)
  console.log(`\ninstallability (Chrome): manifest ${check.manifestUrl}; service worker ${check.worker}; ${check.errors.length ? `errors: ${check.errors.join(', ')}` : 'installable (no errors)'}`)
  console.log('\npage                     perf  a11y  best-practices')
  for (const row of summary) {
    const mark = (id) => `${row[id]}${row[id] >= TARGETS[id] ? '' : '!'}`.padEnd(6)
    console.log(`${row.page.padEnd(25)}${mark('performance')}${mark('accessibility')}${mark('best-practices')}`)
  }
  console.log("('!' = below target)")
} finally {
  await chrome?.kill()
  await new Promise((resolve) => {
    if (server.exitCode !== null) return resolve()
    server.once('exit', resolve)
    server.kill('SIGTERM')
  })
  fs.rmSync(dataDir, { recursive: true, force: true })
}
