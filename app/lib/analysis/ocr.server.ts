/**
 * Server-side OCR (§7 OCR engine): tesseract.js, English, LSTM engine, with its worker script, WebAssembly
 * core and language data loaded from node_modules (no network), and the same setting as the form filler's
 * OCR in the browser (app/lib/ocr/settings.ts, docs/decisions/017).
 *
 * The image is decoded by leptonica inside tesseract's WebAssembly, which allocates the whole picture
 * first and never gives WebAssembly memory back. So (docs/decisions/011-image-decoding-limits.md):
 *
 * - Before anything is decoded, the frame size is read from the header the way the decoder reads it
 *   (image-header.ts); an unreadable header or more than 40 MP is a 422.
 * - Recognition runs in a separate process (ocr-process.mjs) whose WebAssembly heap is capped
 *   (OCR_MEMORY_MB, 1024 MB by default) and whose JavaScript heap is capped too. A decode past the cap
 *   fails inside that process; a crash ends that process, never the server.
 * - After each job the process reports its resident memory; past OCR_RECYCLE_MB (384 MB) it is ended
 *   and the next job starts a fresh one, so memory returns to its resting level after large images.
 * - Jobs run one at a time (one process = one core of this small machine). At most 8 images and at most
 *   100 MP are in hand at once, the running one included: one more is refused at once with 503 and a
 *   Retry-After. A job that has not started within the time limit is refused the same way, so no
 *   request waits longer than the limit for its turn. A job running past the time limit (OCR_TIMEOUT_MS,
 *   20 s) has its process ended and gets a 422.
 */
import { fork, type ChildProcess } from 'node:child_process'
import path from 'node:path'
import { appRoot } from '@db/client'
import { config, type Config } from '~/lib/config.server'
import { logger } from '~/lib/logger.server'
import { ocrProcessSettings } from '../ocr/settings'
import { checkImageForDecoding, CORRUPT_IMAGE_MESSAGE, MAX_IMAGE_PIXELS } from './image-header'

export { CORRUPT_IMAGE_MESSAGE }

/** Images in hand at most (running and waiting); more and the reader answers that it is busy. */
export const MAX_OCR_QUEUE = 8
/** Pixels in hand at most: two 40 MP photos, or eight 12 MP phone photos. */
export const MAX_OCR_QUEUE_PIXELS = 100_000_000
/** Largest image read, in pixels (checked on the header before decoding). */
export const MAX_OCR_PIXELS = MAX_IMAGE_PIXELS
/** JavaScript heap of the OCR process (it holds one image and the text at a time). */
const OCR_PROCESS_HEAP_MB = 256
const OCR_START_TIMEOUT_MS = 60_000

export const STOPPED_MESSAGE =
  'The photo reader stopped while reading this image: it may be corrupt or need more memory than the reader is allowed. Try a smaller photo.'
export const UNAVAILABLE_MESSAGE = 'The photo reader could not start. Try again in a minute.'

export class OcrError extends Error {
  override readonly name = 'OcrError'
  constructor(
    readonly status: number,
    readonly code: 'corrupt' | 'timeout' | 'busy' | 'too-large' | 'failed' | 'unavailable',
    message: string,
    /** Seconds after which trying again makes sense (503 only). */
    readonly retryAfter?: number,
  ) {
    super(message)
  }
}

export interface OcrResult {
  text: string
  /** Tesseract's mean confidence, 0-100. */
  confidence: number
  /** Time spent recognising (queue wait and process start excluded), ms. */
  durationMs: number
}

export function ocrTimeoutMs(settings: Config = config()): number {
  return settings.OCR_TIMEOUT_MS
}

export function ocrMemoryMb(settings: Config = config()): number {
  return settings.OCR_MEMORY_MB
}

export function ocrRecycleMb(settings: Config = config()): number {
  return settings.OCR_RECYCLE_MB
}

interface Reply {
  type: 'ready' | 'result' | 'error'
  id?: number
  text?: string
  confidence?: number
  durationMs?: number
  message?: string
  /** 'ready' only: the engine build the process loaded ('simd-lstm', as in the browser). */
  core?: string
  /** The process's resident memory after the job, bytes. */
  rss: number
}

class ProcessExit extends Error {
  constructor(readonly code: number | null, readonly signal: string | null) {
    super(`the OCR process ended (code ${code}, signal ${signal})`)
  }
}

/** One OCR process (ocr-process.mjs) and the job it is running. */
class OcrProcess {
  readonly child: ChildProcess
  readonly ready: Promise<void>
  exited = false
  /** The engine build in use, once ready. */
  core: string | undefined
  private ended = false
  private jobs = 0
  private pending: { id: number; resolve: (reply: Reply) => void; reject: (error: Error) => void } | null = null

  constructor(memoryMb: number) {
    const pages = Math.max(1, Math.floor((memoryMb * 1024 * 1024) / 65536))
    // The shared OCR setting (app/lib/ocr/settings.ts), the same as the browser's.
    this.child = fork(path.join(appRoot(), 'app', 'lib', 'analysis', 'ocr-process.mjs'), [JSON.stringify(ocrProcessSettings())], {
      // --wasm-max-mem-pages caps every WebAssembly memory of that process: tesseract's heap, where
      // leptonica decodes the image. Flags of the server (loaders, inspectors) are not passed on.
      execArgv: [`--wasm-max-mem-pages=${pages}`, `--max-old-space-size=${OCR_PROCESS_HEAP_MB}`],
      // Nothing of the server's environment (keys, database address) is needed there.
      env: { PATH: process.env.PATH ?? '', NODE_ENV: config().NODE_ENV ?? 'production' },
      serialization: 'advanced',
      // The decoder's warnings go where they went when tesseract ran in the server process.
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    })
    this.ready = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`the OCR process did not start within ${OCR_START_TIMEOUT_MS / 1000} s`))
        this.kill()
      }, OCR_START_TIMEOUT_MS)
      this.child.on('message', (reply: Reply) => {
        if (reply.type === 'ready') {
          clearTimeout(timer)
          this.core = reply.core
          resolve()
        } else if (this.pending && reply.id === this.pending.id) {
          const { resolve: settle } = this.pending
          this.pending = null
          settle(reply)
        }
      })
      this.child.once('error', (error) => {
        clearTimeout(timer)
        reject(error)
      })
      this.child.once('exit', (code, signal) => {
        this.exited = true
        clearTimeout(timer)
        if (!this.ended) logger.warn({ pid: this.child.pid, code, signal }, 'OCR process exited by itself')
        const exit = new ProcessExit(code, signal)
        reject(exit)
        this.pending?.reject(exit)
        this.pending = null
      })
    })
    this.ready.catch(() => {}) // observed by the job that waits for it
    this.idle()
  }

  get pid(): number | undefined {
    return this.child.pid
  }

  recognize(bytes: Buffer): Promise<Reply> {
    if (this.exited) return Promise.reject(new ProcessExit(this.child.exitCode, this.child.signalCode))
    this.jobs += 1
    const id = this.jobs
    return new Promise<Reply>((resolve, reject) => {
      this.pending = { id, resolve, reject }
      this.child.send({ type: 'recognize', id, bytes }, (error) => {
        if (error && this.pending?.id === id) {
          this.pending = null
          reject(error)
        }
      })
    })
  }

  /** While a job runs, the process keeps the event loop alive; idle, it does not hold up an exit. */
  busy(): void {
    this.child.ref()
    this.child.channel?.ref()
  }

  idle(): void {
    this.child.unref()
    this.child.channel?.unref()
  }

  kill(): void {
    this.ended = true
    if (!this.exited) this.child.kill('SIGKILL')
  }
}

interface Job {
  bytes: Buffer
  pixels: number
  timeoutMs: number
  resolve: (result: OcrResult) => void
  reject: (error: unknown) => void
  waitTimer?: NodeJS.Timeout
}

let current: OcrProcess | null = null
const waiting: Job[] = []
let running: Job | null = null
let idleWaiters: Array<() => void> = []
/** Recent recognition time per job (moving average), for Retry-After. */
let averageJobMs = 5000

function retire(target: OcrProcess, reason: string, details: Record<string, unknown> = {}): void {
  if (current === target) current = null
  target.kill()
  if (reason === 'shutdown' || reason === 'grown') logger.info({ reason, pid: target.pid, ...details }, 'OCR process ended')
  else logger.warn({ reason, pid: target.pid, ...details }, 'OCR process ended')
}

async function readyProcess(): Promise<OcrProcess> {
  if (!current || current.exited) {
    current = new OcrProcess(ocrMemoryMb())
    const started = performance.now()
    const starting = current
    starting.ready.then(
      () => logger.info({ pid: starting.pid, core: starting.core, ms: Math.round(performance.now() - started) }, 'OCR process ready'),
      () => {},
    )
  }
  const active = current
  try {
    await active.ready
    return active
  } catch (error) {
    if (current === active) current = null
    active.kill()
    logger.error({ err: error }, 'OCR process could not start')
    throw new OcrError(503, 'unavailable', UNAVAILABLE_MESSAGE, 60)
  }
}

function inHand(): { count: number; pixels: number } {
  const jobs = running ? [running, ...waiting] : waiting
  return { count: jobs.length, pixels: jobs.reduce((sum, job) => sum + job.pixels, 0) }
}

function busyError(): OcrError {
  const seconds = Math.min(120, Math.max(5, Math.ceil((inHand().count * averageJobMs) / 1000)))
  return new OcrError(503, 'busy', `The photo reader is busy with other images. Try again in ${seconds} seconds.`, seconds)
}

/** After a job: a process that has grown past the recycle threshold is ended (the next job starts one). */
function afterJob(target: OcrProcess, rss: number): void {
  const rssMb = Math.round(rss / 1024 / 1024)
  if (rssMb > ocrRecycleMb()) retire(target, 'grown', { rssMb, limitMb: ocrRecycleMb() })
}

async function runJob(job: Job): Promise<OcrResult> {
  const active = await readyProcess()
  active.busy()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OcrError(422, 'timeout', `Reading the text of this image took longer than ${Math.round(job.timeoutMs / 1000)} s and was stopped. Try a smaller or sharper photo.`)),
      job.timeoutMs,
    )
  })
  const started = performance.now()
  try {
    const reply = await Promise.race([active.recognize(job.bytes), timeout])
    if (reply.type === 'error') {
      const message = reply.message ?? ''
      logger.info({ err: message }, 'OCR could not read an image')
      if (/read image|pix|jpeg|png|image file/i.test(message)) {
        afterJob(active, reply.rss)
        throw new OcrError(422, 'corrupt', CORRUPT_IMAGE_MESSAGE)
      }
      retire(active, 'recognition failed')
      throw new OcrError(422, 'failed', CORRUPT_IMAGE_MESSAGE)
    }
    const durationMs = reply.durationMs ?? performance.now() - started
    averageJobMs = 0.7 * averageJobMs + 0.3 * durationMs
    afterJob(active, reply.rss)
    const confidence = reply.confidence ?? 0
    return { text: reply.text ?? '', confidence: Number.isFinite(confidence) ? confidence : 0, durationMs }
  } catch (error) {
    if (error instanceof OcrError) {
      // The process is still busy with the stopped job: end it.
      if (error.code === 'timeout') retire(active, 'time limit')
      throw error
    }
    if (error instanceof ProcessExit) {
      if (current === active) current = null
      logger.warn({ code: error.code, signal: error.signal, pid: active.pid }, 'OCR process ended while reading an image')
      throw new OcrError(422, 'failed', STOPPED_MESSAGE)
    }
    retire(active, 'channel failed', { err: error })
    throw new OcrError(503, 'unavailable', UNAVAILABLE_MESSAGE, 60)
  } finally {
    clearTimeout(timer)
    if (!active.exited) active.idle()
  }
}

function pump(): void {
  if (running) return
  const job = waiting.shift()
  if (!job) {
    const waiters = idleWaiters
    idleWaiters = []
    for (const wake of waiters) wake()
    return
  }
  clearTimeout(job.waitTimer)
  running = job
  runJob(job)
    .then(job.resolve, job.reject)
    .finally(() => {
      running = null
      pump()
    })
}

/**
 * The text of a PNG or JPEG image, with tesseract's mean confidence and the time taken. Throws OcrError:
 * 422 for an image that cannot be read (header unreadable, over 40 MP, corrupt, or it stopped the reader)
 * or that took too long, 503 (with retryAfter) when the reader has too much in hand or could not start.
 */
export function ocrImage(bytes: Buffer, options: { timeoutMs?: number } = {}): Promise<OcrResult> {
  const check = checkImageForDecoding(bytes)
  if (!check.ok) return Promise.reject(new OcrError(check.status, check.code, check.message))
  const hand = inHand()
  if (hand.count >= MAX_OCR_QUEUE || (hand.count > 0 && hand.pixels + check.pixels > MAX_OCR_QUEUE_PIXELS)) return Promise.reject(busyError())
  const timeoutMs = options.timeoutMs ?? ocrTimeoutMs()
  return new Promise<OcrResult>((resolve, reject) => {
    const job: Job = { bytes, pixels: check.pixels, timeoutMs, resolve, reject }
    // Not started within the time limit: refused, rather than kept waiting longer.
    job.waitTimer = setTimeout(() => {
      const index = waiting.indexOf(job)
      if (index < 0) return
      waiting.splice(index, 1)
      reject(busyError())
    }, timeoutMs)
    waiting.push(job)
    pump()
  })
}

/** The engine build of the running OCR process, once ready (tests: it must be the browser's). */
export function ocrEngineCore(): string | undefined {
  return current && !current.exited ? current.core : undefined
}

/** The OCR process's id, when one is running (tests, benchmarks). */
export function ocrProcessId(): number | undefined {
  return current && !current.exited ? current.pid : undefined
}

/** Waits for the jobs in hand, then ends the OCR process (tests, shutdown). The next job starts a new one. */
export async function shutdownOcr(): Promise<void> {
  if (running || waiting.length > 0) await new Promise<void>((resolve) => idleWaiters.push(resolve))
  if (current) retire(current, 'shutdown')
}
