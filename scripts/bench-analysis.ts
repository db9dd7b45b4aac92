// Photo and document analysis on this machine (issue 6 "Measure and report"): a fresh PGlite directory with
// the bundled corpus ingested, images rendered with chromium, then
// - OCR time per image (tesseract.js in the OCR process, warm), p50 and p95;
// - full analysis latency in-process (OCR + plan details + corpus look-ups, and the question's search or
//   the defect guide where asked), p50 and p95;
// - peak resident memory during one analysis: process.memoryUsage().rss sampled every 10 ms (this process
//   and the OCR process it starts).
// Usage: npm run bench:analysis [-- --rounds 5]
//
// With --server (issue 13, item 8; needs `npm run build`, or BUILD_DIR): the built server on a fresh PGlite
// directory, over HTTP, and the resident memory (/proc VmRSS, and VmHWM for the peak) of the server
// process and of the processes it started (the OCR process), at rest, after 20 hostile images (frame
// headers declaring 20000 x 20000 behind junk bytes, PNGs declaring it in IHDR) and after 10 parallel
// uploads of a 40 MP JPEG, with the statuses each phase got.
// Usage: npm run bench:analysis -- --server
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { spawnSync } from 'node:child_process'
import type { AnalysisInput } from '../app/lib/analysis/analyze.server'
import type { UploadedFile } from '../app/lib/analysis/upload.server'
import { openRenderer, planSheetHtml, PLAN_SHEET_LINES, textPdf } from '../tests/helpers/render-image'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.env.APP_ROOT ??= ROOT
process.env.LOG_LEVEL ??= 'warn'
// Imported after LOG_LEVEL is set: the logger reads it when it loads.
const { migrateDatabase, openDatabase } = await import('../db/client')
const { ingestCorpus } = await import('../ingest/index')
const { analyze } = await import('../app/lib/analysis/analyze.server')
const { ocrImage, ocrProcessId, shutdownOcr } = await import('../app/lib/analysis/ocr.server')
const { processMemory } = await import('../tests/helpers/process-memory')

const roundsIndex = process.argv.indexOf('--rounds')
const ROUNDS = roundsIndex > 0 ? Number(process.argv[roundsIndex + 1]) : 5

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN
}
const ms = (value: number) => `${Math.round(value)} ms`
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

const FORM_LINES = [
  'DAILY CONSTRUCTION INSPECTION REPORT',
  'Date: 11/20/2026',
  'Inspector Name: J. Smith',
  'Project ID: 12-3456',
  'Contractor Name: Palmetto Paving LLC',
  'Activity: Placing 18 in HDPE storm drain, STA 3+40 to STA 5+10',
  'Progress: 170 LF laid, drop inlet set at STA 5+10',
]

async function main() {
  const renderer = await openRenderer()
  const images: Array<{ name: string; file: UploadedFile }> = []
  const add = async (name: string, html: string, type: 'png' | 'jpeg', width = 1100, height = 800, scale = 1) => {
    const bytes = await renderer.render(html, { type, width, height, scale })
    images.push({ name, file: { name: `${name}.${type === 'png' ? 'png' : 'jpg'}`, size: bytes.length, type: type === 'png' ? 'image/png' : 'image/jpeg', declaredType: '', bytes } })
  }
  await add('plan-sheet', planSheetHtml(), 'png')
  await add('plan-sheet-jpeg', planSheetHtml(), 'jpeg')
  await add('inspection-form', planSheetHtml(FORM_LINES), 'png')
  await add('plan-sheet-large', planSheetHtml([...PLAN_SHEET_LINES, ...FORM_LINES.slice(5)]), 'png', 2000, 1500)
  // A phone photo's size (4032 x 3024, 12 MP), measured once below: too slow for every round.
  const phone = await renderer.render(planSheetHtml(), { type: 'jpeg', width: 1152, height: 864, scale: 3.5, quality: 90 })
  await renderer.close()
  console.log(`images: ${images.map((i) => `${i.name} (${(i.file.size / 1024).toFixed(0)} KB)`).join(', ')}`)

  // OCR alone (the first call also starts the worker: reported apart).
  const coldStart = performance.now()
  await ocrImage(images[0]!.file.bytes)
  console.log(`OCR first call (OCR process start + one image): ${ms(performance.now() - coldStart)}`)
  const ocrTimes: number[] = []
  for (let round = 0; round < ROUNDS; round++) {
    for (const image of images) ocrTimes.push((await ocrImage(image.file.bytes)).durationMs)
  }
  console.log(`OCR per image (${ocrTimes.length} runs): p50 ${ms(percentile(ocrTimes, 50))}, p95 ${ms(percentile(ocrTimes, 95))}`)
  const phoneRun = await ocrImage(phone, { timeoutMs: 120_000 })
  console.log(`OCR of one 4032x3024 (12 MP) JPEG, ${(phone.length / 1024).toFixed(0)} KB: ${ms(phoneRun.durationMs)}, confidence ${Math.round(phoneRun.confidence)}%`)

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-analysis-'))
  const handle = await openDatabase({ dataDir })
  try {
    await migrateDatabase(handle)
    const ingestStart = performance.now()
    await ingestCorpus(handle, path.join(ROOT, 'corpus'))
    console.log(`corpus ingested in ${ms(performance.now() - ingestStart)}`)

    const pdf = await textPdf()
    const inputs: Array<{ name: string; input: AnalysisInput }> = [
      ...images.map(({ name, file }) => ({ name, input: { file, analysisType: 'general' as const, query: '', specBook: 'both' as const, userRole: 'inspector' } })),
      {
        name: 'plan-sheet + question',
        input: { file: images[0]!.file, analysisType: 'general', query: 'What is the minimum cover over the pipe?', specBook: 'both', userRole: 'inspector' },
      },
      {
        name: 'text PDF',
        input: { file: { name: 'plan.pdf', size: pdf.length, type: 'application/pdf', declaredType: '', bytes: pdf }, analysisType: 'features', query: '', specBook: 'both', userRole: 'inspector' },
      },
      { name: 'diagnosis by description', input: { file: null, analysisType: 'diagnostic', query: 'alligator cracking in the wheel path', specBook: 'both', userRole: 'inspector' } },
    ]
    for (const { input } of inputs) await analyze(handle, input) // warm caches
    const latencies: number[] = []
    const perInput = new Map<string, number[]>()
    for (let round = 0; round < ROUNDS; round++) {
      for (const { name, input } of inputs) {
        const started = performance.now()
        await analyze(handle, input)
        const elapsed = performance.now() - started
        latencies.push(elapsed)
        perInput.set(name, [...(perInput.get(name) ?? []), elapsed])
      }
    }
    console.log(`analysis latency in-process (${latencies.length} runs): p50 ${ms(percentile(latencies, 50))}, p95 ${ms(percentile(latencies, 95))}`)
    for (const [name, values] of perInput) console.log(`  ${name}: p50 ${ms(percentile(values, 50))}`)

    // Peak memory: a fresh process opens the same database and analyses the large sheet once.
    await shutdownOcr()
    await handle.close()
    const imagePath = path.join(dataDir, 'large.png')
    fs.writeFileSync(imagePath, images[3]!.file.bytes)
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--memory', dataDir, imagePath], { encoding: 'utf8', env: process.env })
    process.stdout.write(child.stdout)
    if (child.status !== 0) process.stderr.write(child.stderr)
    return
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

/** One analysis in this fresh process: RSS of this process plus the OCR process it starts, sampled every 10 ms. */
async function memory(dataDir: string, imagePath: string) {
  const handle = await openDatabase({ dataDir })
  const bytes = fs.readFileSync(imagePath)
  const file: UploadedFile = { name: 'large.png', size: bytes.length, type: 'image/png', declaredType: '', bytes }
  const total = () => {
    const ocr = ocrProcessId()
    return process.memoryUsage().rss + (ocr ? (processMemory(ocr)?.rssMb ?? 0) * 1024 * 1024 : 0)
  }
  const before = total()
  let peak = before
  const timer = setInterval(() => (peak = Math.max(peak, total())), 10)
  const started = performance.now()
  await analyze(handle, { file, analysisType: 'general', query: '', specBook: 'both', userRole: 'inspector' })
  const cold = performance.now() - started
  clearInterval(timer)
  peak = Math.max(peak, total())
  console.log(
    `one analysis in a fresh process (2000x1500 plan sheet, OCR process start included, ${ms(cold)}): RSS (this process + the OCR process) ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)}); max RSS of this process alone ${mb(process.resourceUsage().maxRSS * 1024)}`,
  )
  await shutdownOcr()
  await handle.close()
}

/** The server's memory under hostile images and parallel large uploads (see the header). */
async function serverMemory() {
  const { startServer } = await import('../tests/integration/server')
  const { createTestDatabase } = await import('../tests/integration/databases')
  const { processTreeMemory } = await import('../tests/helpers/process-memory')
  const { jpegWithJunkBeforeSof, pngWithSize } = await import('../tests/helpers/hostile-images')

  const renderer = await openRenderer()
  const planJpeg = await renderer.render(planSheetHtml(), { type: 'jpeg', quality: 85 })
  const planPng = await renderer.render(planSheetHtml())
  // 7680 x 5120 = 39.3 MP, just under the 40 MP limit.
  const large = await renderer.render(planSheetHtml(), { type: 'jpeg', width: 1152, height: 768, scale: 20 / 3, quality: 90 })
  await renderer.close()
  const hostile = [
    ...Array.from({ length: 10 }, (_, i) => jpegWithJunkBeforeSof(planJpeg, { width: 20000, height: 20000, junk: 1 + i })),
    ...Array.from({ length: 5 }, (_, i) => jpegWithJunkBeforeSof(planJpeg, { width: 20000, height: 20000, junk: 4, fill: 1 + i })),
    ...Array.from({ length: 5 }, () => pngWithSize(planPng, 20000, 20000)),
  ]

  const database = await createTestDatabase('pglite')
  const server = await startServer({ ...database.env, VISION_MODEL: '', LLM_MODEL: '', LOG_LEVEL: 'error' })
  const origin = { Origin: server.url }
  try {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: { ...origin, 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: 'bench-memory@example.test', password: 'secret-123' }),
    })
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
    const upload = async (bytes: Buffer, name: string) => {
      const form = new FormData()
      form.append('image', new Blob([new Uint8Array(bytes)]), name)
      form.append('analysisType', 'features')
      const started = performance.now()
      const response = await fetch(`${server.url}/api/analyze-image`, { method: 'POST', headers: { ...origin, cookie }, body: form })
      const body = (await response.json()) as { message?: string }
      return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body.message ?? '', ms: performance.now() - started }
    }

    // Peaks between two reports: sampled every 25 ms (VmHWM only ever grows, so it cannot be reset).
    let peakServer = 0
    let peakChildren = 0
    const sample = () => {
      const tree = processTreeMemory(server.pid)
      peakServer = Math.max(peakServer, tree.main?.rssMb ?? 0)
      peakChildren = Math.max(peakChildren, tree.children.reduce((sum, child) => sum + child.rssMb, 0))
      return tree
    }
    const sampler = setInterval(sample, 25)
    const report = async (label: string) => {
      await new Promise((resolve) => setTimeout(resolve, 1500)) // let terminated workers and processes go
      const tree = sample()
      const children = tree.children.map((c) => `pid ${c.pid} ${c.rssMb.toFixed(0)} MB`).join(', ') || 'none'
      const total = (tree.main?.rssMb ?? 0) + tree.children.reduce((sum, c) => sum + c.rssMb, 0)
      console.log(
        `${label}: server RSS ${tree.main?.rssMb.toFixed(0)} MB (peak in phase ${peakServer.toFixed(0)} MB); child processes: ${children} (peak in phase ${peakChildren.toFixed(0)} MB); total ${total.toFixed(0)} MB`,
      )
      peakServer = 0
      peakChildren = 0
    }
    const counts = (results: Array<{ status: number; retryAfter: string | null; message: string }>) => {
      const by = new Map<string, number>()
      for (const r of results) {
        const key = `${r.status}${r.retryAfter ? ` (Retry-After ${r.retryAfter})` : ''} ${r.message.slice(0, 70)}`
        by.set(key, (by.get(key) ?? 0) + 1)
      }
      return [...by].map(([key, n]) => `    ${n} x ${key}`).join('\n')
    }

    await report('fresh server')
    const warm = await upload(planJpeg, 'plan.jpg')
    console.log(`warm-up: one 1100x800 plan sheet -> ${warm.status} in ${ms(warm.ms)}`)
    await report('at rest after one normal photo')

    const hostileResults = []
    for (const [i, bytes] of hostile.entries()) hostileResults.push(await upload(bytes, `hostile-${i}.${i < 15 ? 'jpg' : 'png'}`))
    console.log(`20 hostile images (10 JPEG with 1-10 junk bytes before a 20000x20000 SOF, 5 with junk and 0xFF fill, 5 PNG with a 20000x20000 IHDR), one after another, ${ms(hostileResults.reduce((t, r) => t + r.ms, 0))} in all:\n${counts(hostileResults)}`)
    await report('after 20 hostile images')
    const alive = await fetch(`${server.url}/healthz`).then((r) => r.status, () => 'down')
    console.log(`server health after the hostile images: ${alive}`)

    const started = performance.now()
    const parallel = await Promise.all(Array.from({ length: 10 }, (_, i) => upload(large, `large-${i}.jpg`)))
    console.log(
      `10 parallel uploads of a 7680x5120 (39.3 MP) JPEG of ${(large.length / 1024).toFixed(0)} KB, all answered in ${ms(performance.now() - started)} (each: ${parallel.map((r) => `${r.status} ${(r.ms / 1000).toFixed(1)} s`).join(', ')}):\n${counts(parallel)}`,
    )
    await report('after 10 parallel 40 MP uploads')
    const after = await upload(planJpeg, 'plan.jpg')
    console.log(`one normal photo afterwards -> ${after.status} in ${ms(after.ms)}`)
    await report('after one more normal photo')
    clearInterval(sampler)
  } finally {
    await server.stop()
    await database.cleanup()
  }
}

const memoryIndex = process.argv.indexOf('--memory')
const run = memoryIndex > 0 ? memory(process.argv[memoryIndex + 1]!, process.argv[memoryIndex + 2]!) : process.argv.includes('--server') ? serverMemory() : main()
run.catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
