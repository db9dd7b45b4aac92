import { deflateSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'
import { CORRUPT_IMAGE_MESSAGE, imageSize, ocrImage, OcrError, ocrTimeoutMs, shutdownOcr } from './ocr.server'

function crc32(bytes: Buffer): number {
  let crc = ~0
  for (const byte of bytes) {
    crc ^= byte
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1))
  }
  return ~crc >>> 0
}

/** A real grey-scale PNG: white with a black bar (no text). */
function png(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
    const out = Buffer.alloc(body.length + 8)
    out.writeUInt32BE(data.length, 0)
    body.copy(out, 4)
    out.writeUInt32BE(crc32(body), body.length + 4)
    return out
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8 // bit depth
  ihdr[9] = 0 // grey
  const rows = Buffer.alloc((width + 1) * height, 255)
  for (let y = 0; y < height; y++) {
    rows[y * (width + 1)] = 0
    if (y > height / 3 && y < height / 2) rows.fill(0, y * (width + 1) + 10, y * (width + 1) + width - 10)
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', deflateSync(rows)), chunk('IEND', Buffer.alloc(0))])
}

function pngHeader(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(bytes)
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  return bytes
}

function jpegHeader(width: number, height: number): Buffer {
  // SOI, an APP0 segment of 16 bytes, then SOF0 with the frame size.
  const app0 = Buffer.from([0xff, 0xe0, 0x00, 0x10, ...Buffer.alloc(14)])
  const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, ...Buffer.alloc(9)])
  return Buffer.concat([Buffer.from([0xff, 0xd8]), app0, sof])
}

describe('imageSize', () => {
  it('reads PNG and JPEG headers', () => {
    expect(imageSize(pngHeader(1200, 800))).toEqual({ width: 1200, height: 800 })
    expect(imageSize(jpegHeader(4032, 3024))).toEqual({ width: 4032, height: 3024 })
  })

  it('answers null for anything else or a broken header', () => {
    expect(imageSize(Buffer.from('%PDF-1.4'))).toBeNull()
    expect(imageSize(Buffer.from([0xff, 0xd8, 0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08]))).toBeNull()
  })
})

describe('ocrImage limits', () => {
  it('refuses an image with too many pixels before decoding it', async () => {
    const error = await ocrImage(pngHeader(10_000, 10_000)).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OcrError)
    expect(error).toMatchObject({ status: 422, code: 'too-large' })
  })

  it('reads the time limit from the environment', () => {
    expect(ocrTimeoutMs({})).toBe(20_000)
    expect(ocrTimeoutMs({ OCR_TIMEOUT_MS: '5000' })).toBe(5000)
    expect(ocrTimeoutMs({ OCR_TIMEOUT_MS: 'soon' })).toBe(20_000)
  })
})

describe('ocrImage on the worker', () => {
  afterAll(() => shutdownOcr())

  it('answers a corrupt image with a 422, and the worker keeps working', async () => {
    const corrupt = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(5000, 7)])
    const error = await ocrImage(corrupt).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, code: 'corrupt', message: CORRUPT_IMAGE_MESSAGE })
    const next = await ocrImage(png(400, 200))
    expect(next.text.trim()).toBe('')
  }, 60_000)

  it('stops a job past the time limit, replaces the worker, and reads the next image', async () => {
    const error = await ocrImage(png(3000, 2000), { timeoutMs: 5 }).catch((e: unknown) => e)
    expect(error).toMatchObject({ status: 422, code: 'timeout' })
    const next = await ocrImage(png(400, 200))
    expect(next.durationMs).toBeGreaterThan(0)
  }, 60_000)
})
