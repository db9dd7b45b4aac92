/**
 * Server-side OCR (§7 OCR engine): tesseract.js, English, LSTM engine, with its worker script, WebAssembly
 * core and language data loaded from node_modules (no network). The recognition runs in tesseract's own
 * worker thread, off the request thread.
 *
 * One worker is created on first use and reused; jobs run one at a time in a queue (one worker = one core
 * of this small machine). A job that runs past the time limit (OCR_TIMEOUT_MS, default 20 s) has its
 * worker terminated and a fresh one is created for the next job; its caller gets an OcrError.
 *
 * TRAP: without an errorHandler, a corrupt image makes the worker throw an uncaught error that kills the
 * whole process ("Error attempting to read image"). The errorHandler is always given, and the rejected
 * promise is turned into an OcrError (422) as well.
 */
import { createRequire } from 'node:module'
import path from 'node:path'
import { createWorker, OEM, type Worker } from 'tesseract.js'
import { logger } from '~/lib/logger.server'

const require = createRequire(import.meta.url)

export const DEFAULT_OCR_TIMEOUT_MS = 20_000
/** Jobs waiting at most; more and the reader answers that it is busy. */
export const MAX_OCR_QUEUE = 8
/** Largest image read, in pixels (decoding a larger one could exhaust the WebAssembly memory). */
export const MAX_OCR_PIXELS = 40_000_000

export const CORRUPT_IMAGE_MESSAGE = 'The image could not be read. It may be corrupt; try another photo.'

export class OcrError extends Error {
  override readonly name = 'OcrError'
  constructor(
    readonly status: number,
    readonly code: 'corrupt' | 'timeout' | 'busy' | 'too-large' | 'failed',
    message: string,
  ) {
    super(message)
  }
}

export interface OcrResult {
  text: string
  /** Tesseract's mean confidence, 0-100. */
  confidence: number
  /** Time spent recognising (queue wait excluded), ms. */
  durationMs: number
}

export function ocrTimeoutMs(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const value = Number(env.OCR_TIMEOUT_MS)
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_OCR_TIMEOUT_MS
}

/** Width and height from a PNG or JPEG header, or null when the header does not say. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (bytes.length >= 24 && bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[12] === 0x49 && bytes[13] === 0x48) {
    return { width: view.getUint32(16), height: view.getUint32(20) }
  }
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let offset = 2
  while (offset + 9 < bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]!
    if (marker === 0xff) {
      offset += 1
      continue
    }
    const length = view.getUint16(offset + 2)
    // SOF0-SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: view.getUint16(offset + 5), width: view.getUint16(offset + 7) }
    }
    if (marker === 0xda || length < 2) return null
    offset += 2 + length
  }
  return null
}

let worker: Promise<Worker> | null = null
let queue: Promise<unknown> = Promise.resolve()
let waiting = 0

function newWorker(): Promise<Worker> {
  const started = performance.now()
  const created = createWorker('eng', OEM.LSTM_ONLY, {
    langPath: path.dirname(require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')),
    corePath: path.dirname(require.resolve('tesseract.js-core/package.json')),
    workerPath: require.resolve('tesseract.js/src/worker-script/node/index.js'),
    gzip: true,
    // The language data is read from node_modules; never write a cached copy into the working directory.
    cacheMethod: 'none',
    errorHandler: (error: unknown) => logger.warn({ err: error }, 'OCR worker reported an error'),
  })
  created.then(
    () => logger.info({ ms: Math.round(performance.now() - started) }, 'OCR worker ready'),
    (error: unknown) => logger.error({ err: error }, 'OCR worker could not start'),
  )
  return created
}

async function getWorker(): Promise<Worker> {
  worker ??= newWorker()
  try {
    return await worker
  } catch (error) {
    worker = null
    throw error
  }
}

async function dropWorker(reason: string): Promise<void> {
  const current = worker
  worker = null
  if (!current) return
  if (reason === 'shutdown') logger.info({ reason }, 'OCR worker terminated')
  else logger.warn({ reason }, 'OCR worker terminated')
  try {
    await (await current).terminate()
  } catch {
    // already gone
  }
}

async function recognise(bytes: Buffer, timeoutMs: number): Promise<OcrResult> {
  const active = await getWorker()
  const started = performance.now()
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new OcrError(422, 'timeout', `Reading the text of this image took longer than ${Math.round(timeoutMs / 1000)} s and was stopped. Try a smaller or sharper photo.`)),
      timeoutMs,
    )
  })
  try {
    const { data } = await Promise.race([active.recognize(bytes), timeout])
    return { text: data.text ?? '', confidence: Number.isFinite(data.confidence) ? data.confidence : 0, durationMs: performance.now() - started }
  } catch (error) {
    if (error instanceof OcrError) {
      // The worker is still busy with the stopped job: replace it.
      await dropWorker('time limit')
      throw error
    }
    const message = error instanceof Error ? error.message : String(error)
    logger.info({ err: message }, 'OCR could not read an image')
    if (/read image|pix|jpeg|png|image file/i.test(message)) throw new OcrError(422, 'corrupt', CORRUPT_IMAGE_MESSAGE)
    await dropWorker('recognition failed')
    throw new OcrError(422, 'failed', CORRUPT_IMAGE_MESSAGE)
  } finally {
    clearTimeout(timer)
  }
}

/**
 * The text of a PNG or JPEG image, with tesseract's mean confidence and the time taken. Throws OcrError:
 * 422 for an image that cannot be read (corrupt, too many pixels) or that took too long, 503 when too
 * many images are already waiting.
 */
export function ocrImage(bytes: Buffer, options: { timeoutMs?: number } = {}): Promise<OcrResult> {
  const size = imageSize(bytes)
  if (size && size.width * size.height > MAX_OCR_PIXELS) {
    const megapixels = ((size.width * size.height) / 1e6).toFixed(0)
    return Promise.reject(
      new OcrError(422, 'too-large', `This image is too large to read (${size.width} x ${size.height} pixels, ${megapixels} megapixels; the limit is ${MAX_OCR_PIXELS / 1e6}). Resize it and try again.`),
    )
  }
  if (size && (size.width === 0 || size.height === 0)) return Promise.reject(new OcrError(422, 'corrupt', CORRUPT_IMAGE_MESSAGE))
  if (waiting >= MAX_OCR_QUEUE) {
    return Promise.reject(new OcrError(503, 'busy', 'The photo reader is busy with other images. Try again in a minute.'))
  }
  const timeoutMs = options.timeoutMs ?? ocrTimeoutMs()
  waiting += 1
  const job = queue.then(() => recognise(bytes, timeoutMs))
  queue = job.catch(() => undefined)
  return job.finally(() => {
    waiting -= 1
  })
}

/** Terminates the worker (tests, shutdown). The next job starts a new one. */
export async function shutdownOcr(): Promise<void> {
  await queue
  await dropWorker('shutdown')
}
