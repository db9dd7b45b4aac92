// Photo and document analysis on this machine (issue 6 "Measure and report"): a fresh PGlite directory with
// the bundled corpus ingested, images rendered with chromium, then
// - OCR time per image (tesseract.js worker, warm), p50 and p95;
// - full analysis latency in-process (OCR + plan details + corpus look-ups, and the question's search or
//   the defect guide where asked), p50 and p95;
// - peak resident memory during one analysis: process.memoryUsage().rss sampled every 10 ms. tesseract.js
//   runs in a worker_threads thread of this same process, so its memory is inside that figure.
// Usage: npm run bench:analysis [-- --rounds 5]
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
const { ocrImage, shutdownOcr } = await import('../app/lib/analysis/ocr.server')

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
  console.log(`OCR first call (worker start + one image): ${ms(performance.now() - coldStart)}`)
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

/** One analysis in this fresh process: RSS sampled every 10 ms (the tesseract worker thread is in it). */
async function memory(dataDir: string, imagePath: string) {
  const handle = await openDatabase({ dataDir })
  const bytes = fs.readFileSync(imagePath)
  const file: UploadedFile = { name: 'large.png', size: bytes.length, type: 'image/png', declaredType: '', bytes }
  const before = process.memoryUsage().rss
  let peak = before
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10)
  const started = performance.now()
  await analyze(handle, { file, analysisType: 'general', query: '', specBook: 'both', userRole: 'inspector' })
  const cold = performance.now() - started
  clearInterval(timer)
  peak = Math.max(peak, process.memoryUsage().rss)
  console.log(
    `one analysis in a fresh process (2000x1500 plan sheet, OCR worker start included, ${ms(cold)}): RSS ${mb(before)} before, peak ${mb(peak)} (+${mb(peak - before)}); max RSS of the process ${mb(process.resourceUsage().maxRSS * 1024)}`,
  )
  await shutdownOcr()
  await handle.close()
}

const memoryIndex = process.argv.indexOf('--memory')
const run = memoryIndex > 0 ? memory(process.argv[memoryIndex + 1]!, process.argv[memoryIndex + 2]!) : main()
run.catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
