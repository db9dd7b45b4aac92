import { crc32, deflateSync } from 'node:zlib'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { loadConfig, resetConfig } from '~/lib/config.server'
import {
  CORRUPT_IMAGE_MESSAGE,
  MAX_OCR_QUEUE_PIXELS,
  ocrEngineCore,
  ocrImage,
  OcrError,
  ocrMemoryMb,
  ocrProcessId,
  ocrRecycleMb,
  ocrTimeoutMs,
  shutdownOcr,
  STOPPED_MESSAGE,
} from './ocr.server'
import { ocrCoreName, supportsWasmSimd } from '../ocr/settings'

const chunk = (type: string, data: Buffer) => {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const out = Buffer.alloc(body.length + 8)
  out.writeUInt32BE(data.length, 0)
  body.copy(out, 4)
  out.writeUInt32BE(crc32(body), body.length + 4)
  return out
}

function ihdr(width: number, height: number, channels: 1 | 3): Buffer {
  const data = Buffer.alloc(13)
  data.writeUInt32BE(width, 0)
  data.writeUInt32BE(height, 4)
  data[8] = 8 // bit depth
  data[9] = channels === 1 ? 0 : 2 // grey or RGB
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', data)])
}

/** A real PNG: white with a black bar (no text); grey, or colour with `channels` 3. */
function png(width: number, height: number, channels: 1 | 3 = 1): Buffer {
  const stride = width * channels + 1
  const rows = Buffer.alloc(stride * height, 255)
  for (let y = 0; y < height; y++) {
    rows[y * stride] = 0
    if (y > height / 3 && y < height / 2) rows.fill(0, y * stride + 10 * channels, y * stride + stride - 10 * channels)
  }
  return Buffer.concat([ihdr(width, height, channels), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

/** A PNG's signature and IHDR only (the pixel data is never reached). */
const pngHeader = (width: number, height: number) => Buffer.concat([ihdr(width, height, 3), Buffer.alloc(16)])

/** A JPEG header whose SOF (20000 x 20000) sits behind four junk bytes, where libjpeg still finds it. */
function junkBeforeSofJpeg(): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x4e, 0x20, 0x4e, 0x20, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return Buffer.from([0xff, 0xd8, ...app0, 1, 2, 3, 4, ...sof, ...Buffer.alloc(2000, 0x55)])
}

describe('ocrImage limits, decided on the header', () => {
  it('refuses the JPEG whose 20000 x 20000 frame hides behind junk bytes, without starting the reader', async () => {
    const error = await ocrImage(junkBeforeSofJpeg()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OcrError)
    expect(error).toMatchObject({ status: 422, code: 'too-large' })
    expect((error as Error).message).toMatch(/20000 x 20000 pixels, 400 megapixels; the limit is 40/)
    expect(ocrProcessId()).toBeUndefined()
  })

  it('refuses a PNG declaring too many pixels, and a header it cannot read, before decoding', async () => {
    await expect(ocrImage(pngHeader(10_000, 10_000))).rejects.toMatchObject({ status: 422, code: 'too-large' })
    await expect(ocrImage(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)]))).rejects.toMatchObject({
      status: 422,
      code: 'corrupt',
      message: CORRUPT_IMAGE_MESSAGE,
    })
    expect(ocrProcessId()).toBeUndefined()
  })

  it('reads its settings from the configuration', () => {
    expect(ocrTimeoutMs(loadConfig({}))).toBe(20_000)
    expect(ocrTimeoutMs(loadConfig({ OCR_TIMEOUT_MS: '5000' }))).toBe(5000)
    expect(() => loadConfig({ OCR_TIMEOUT_MS: 'soon' })).toThrow(/OCR_TIMEOUT_MS must be a whole number of milliseconds/)
    expect(ocrMemoryMb(loadConfig({}))).toBe(1024)
    expect(ocrMemoryMb(loadConfig({ OCR_MEMORY_MB: '512' }))).toBe(512)
    expect(ocrRecycleMb(loadConfig({}))).toBe(384)
    expect(() => loadConfig({ OCR_RECYCLE_MB: '-1' })).toThrow(/OCR_RECYCLE_MB must be a whole number from 1/)
  })
})

describe('ocrImage in the OCR process', () => {
  const saved = { memory: process.env.OCR_MEMORY_MB, recycle: process.env.OCR_RECYCLE_MB }
  afterEach(async () => {
    await shutdownOcr()
    process.env.OCR_MEMORY_MB = saved.memory ?? ''
    process.env.OCR_RECYCLE_MB = saved.recycle ?? ''
    resetConfig()
  })
  afterAll(() => shutdownOcr())

  it('answers a corrupt image with a 422, and the process keeps working', async () => {
    const header = png(400, 200).subarray(0, 41)
    const corrupt = Buffer.concat([header, Buffer.alloc(5000, 7)])
    const error = await ocrImage(corrupt).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, code: 'corrupt', message: CORRUPT_IMAGE_MESSAGE })
    const pid = ocrProcessId()
    expect(pid).toBeGreaterThan(0)
    const next = await ocrImage(png(400, 200))
    expect(next.text.trim()).toBe('')
    expect(ocrProcessId()).toBe(pid)
    // The same engine build as the form filler's OCR in the browser (app/lib/ocr/settings.ts).
    expect(ocrEngineCore()).toBe(ocrCoreName(supportsWasmSimd()))
  }, 60_000)

  it('stops a job past the time limit, replaces the process, and reads the next image', async () => {
    const error = await ocrImage(png(3000, 2000), { timeoutMs: 5 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, code: 'timeout' })
    expect(ocrProcessId()).toBeUndefined()
    const next = await ocrImage(png(400, 200))
    expect(next.durationMs).toBeGreaterThan(0)
  }, 60_000)

  it('caps the memory the decoder may take: an image past the cap fails in the OCR process, which keeps serving', async () => {
    // 5000 x 4000 colour: leptonica needs 80 MB for the picture alone, over a 64 MB WebAssembly heap.
    process.env.OCR_MEMORY_MB = '64'
    resetConfig()
    const error = await ocrImage(png(5000, 4000, 3)).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, code: 'corrupt' })
    const pid = ocrProcessId()
    expect(pid).toBeGreaterThan(0)
    expect(pid).not.toBe(process.pid)
    const next = await ocrImage(png(400, 200))
    expect(next.durationMs).toBeGreaterThan(0)
    expect(ocrProcessId()).toBe(pid)
  }, 60_000)

  it('answers a job whose OCR process dies under it with a 422, and the next job gets a fresh process', async () => {
    await ocrImage(png(400, 200))
    const pid = ocrProcessId()!
    const job = ocrImage(png(3000, 2000)).catch((e: unknown) => e)
    await new Promise((resolve) => setTimeout(resolve, 50))
    process.kill(pid, 'SIGKILL') // what an out-of-memory kill or a crash of the decoder looks like
    expect(await job).toMatchObject({ status: 422, code: 'failed', message: STOPPED_MESSAGE })
    const next = await ocrImage(png(400, 200))
    expect(next.durationMs).toBeGreaterThan(0)
    expect(ocrProcessId()).not.toBe(pid)
  }, 60_000)

  it('replaces the process after a job that left it grown past OCR_RECYCLE_MB, and keeps one that has not', async () => {
    process.env.OCR_RECYCLE_MB = '100000'
    resetConfig()
    await ocrImage(png(400, 200))
    const pid = ocrProcessId()
    expect(pid).toBeGreaterThan(0)
    process.env.OCR_RECYCLE_MB = '1'
    resetConfig()
    await ocrImage(png(400, 200))
    expect(ocrProcessId()).toBeUndefined()
    await ocrImage(png(400, 200))
    expect(ocrProcessId()).not.toBe(pid)
  }, 60_000)

  it('refuses with 503 and Retry-After past the pixels in hand, and a job that cannot start within the time limit', async () => {
    const large = pngHeader(8000, 5000) // 40 MP each: two fit in MAX_OCR_QUEUE_PIXELS, a third does not
    expect(3 * 40_000_000).toBeGreaterThan(MAX_OCR_QUEUE_PIXELS)
    const first = ocrImage(large, { timeoutMs: 5 }).catch((e: unknown) => e)
    const second = ocrImage(large, { timeoutMs: 5 }).catch((e: unknown) => e)
    const third = await ocrImage(large, { timeoutMs: 5 }).catch((e: unknown) => e)
    expect(third).toMatchObject({ status: 503, code: 'busy' })
    expect((third as OcrError).retryAfter).toBeGreaterThanOrEqual(5)
    expect((third as Error).message).toMatch(/^The photo reader is busy with other images\. Try again in \d+ seconds\.$/)
    // The first waits for the process to start, past the second's 5 ms wait: the second is refused.
    expect(await second).toMatchObject({ status: 503, code: 'busy' })
    expect(await first).toMatchObject({ status: 422 })
  }, 60_000)
})
