import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { checkImageForDecoding, CORRUPT_IMAGE_MESSAGE, MAX_IMAGE_PIXELS, readImageHeader } from './image-header'

const SOI = [0xff, 0xd8]
const segment = (marker: number, body: number[]) => [0xff, marker, (body.length + 2) >> 8, (body.length + 2) & 0xff, ...body]
const APP0 = segment(0xe0, [0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0])
const DQT = segment(0xdb, [0, ...Array.from({ length: 64 }, () => 1)])
const sof = (width: number, height: number, marker = 0xc0, components = 3) =>
  segment(marker, [8, height >> 8, height & 0xff, width >> 8, width & 0xff, components, ...Array.from({ length: components }, (_, i) => [i + 1, 0x11, 0]).flat()])
const SOS = segment(0xda, [1, 1, 0, 0, 63, 0])
const jpeg = (...parts: number[][]) => Buffer.from(parts.flat())

function png(width: number, height: number, options: { depth?: number; colorType?: number; crc?: number } = {}): Buffer {
  const ihdr = Buffer.alloc(17)
  ihdr.write('IHDR', 0, 'latin1')
  ihdr.writeUInt32BE(width, 4)
  ihdr.writeUInt32BE(height, 8)
  ihdr[12] = options.depth ?? 8
  ihdr[13] = options.colorType ?? 2
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(options.crc ?? crc32(ihdr))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), ihdr, crc, Buffer.from([0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54])])
}

const size = (bytes: Buffer) => {
  const reading = readImageHeader(bytes)
  return reading.ok ? `${reading.header.width}x${reading.header.height}` : `refused: ${reading.reason}`
}

describe('readImageHeader: JPEG, as libjpeg reads it', () => {
  it('reads the frame size of a plain JPEG', () => {
    expect(readImageHeader(jpeg(SOI, APP0, DQT, sof(4032, 3024), SOS))).toEqual({
      ok: true,
      header: { format: 'jpeg', width: 4032, height: 3024, components: 3, extraneousBytes: 0 },
    })
    expect(size(jpeg(SOI, sof(640, 480, 0xc2, 1), SOS))).toBe('640x480')
  })

  it('finds the frame header behind junk bytes, fill bytes and stuffed 0xFF 0x00 pairs, as the decoder does', () => {
    // The case of issue 13: four junk bytes before SOF hid a 20000 x 20000 frame from the old pre-check.
    expect(size(jpeg(SOI, APP0, [1, 2, 3, 4], sof(20000, 20000), SOS))).toBe('20000x20000')
    expect(size(jpeg(SOI, APP0, [0xff, 0xff, 0xff], sof(20000, 20000), SOS))).toBe('20000x20000')
    expect(size(jpeg(SOI, [7, 0xff, 0x00, 9], APP0, [0x42], sof(20000, 20000), SOS))).toBe('20000x20000')
    expect(size(jpeg(SOI, [0xff, 0xd0, 0xff, 0x01], sof(300, 200), SOS))).toBe('300x200')
  })

  it('counts the bytes libjpeg skips with a warning (not 0xFF fill bytes)', () => {
    const skipped = (bytes: Buffer) => {
      const reading = readImageHeader(bytes)
      return reading.ok ? reading.header.extraneousBytes : null
    }
    expect(skipped(jpeg(SOI, APP0, [1, 2, 3, 4], sof(300, 200), SOS))).toBe(4)
    expect(skipped(jpeg(SOI, [7, 0xff, 0x00, 9], APP0, [0x42], sof(300, 200), SOS))).toBe(5)
    expect(skipped(jpeg(SOI, APP0, [0xff, 0xff], sof(300, 200), SOS))).toBe(0)
  })

  it('skips segments by their length: a thumbnail inside APP1 is not the frame', () => {
    const thumbnail = jpeg(SOI, sof(160, 120), SOS)
    const app1 = segment(0xe1, [...Buffer.from('Exif\0\0'), ...thumbnail])
    expect(size(jpeg(SOI, app1, DQT, sof(20000, 20000), SOS))).toBe('20000x20000')
  })

  it('refuses what libjpeg refuses before decoding', () => {
    expect(size(jpeg(SOI, APP0, SOS, sof(300, 200)))).toMatch(/no frame header before its scan/)
    expect(size(jpeg(SOI, APP0, [0xff, 0xd9]))).toMatch(/no frame header/)
    expect(size(jpeg(SOI, APP0, SOI, sof(300, 200)))).toMatch(/second SOI/)
    expect(size(jpeg(SOI, sof(300, 200, 0xc3)))).toMatch(/not supported/)
    expect(size(jpeg(SOI, segment(0xf7, [0, 0]), sof(300, 200)))).toMatch(/unknown marker 0xf7/)
    expect(size(jpeg(SOI, [0xff, 0xe0, 0x00, 0x01], sof(300, 200)))).toMatch(/bogus segment length/)
    expect(size(jpeg(SOI, sof(0, 200)))).toMatch(/empty image/)
    expect(size(jpeg(SOI, [0xff, 0xc0, 0x00, 0x11, 8, 0, 200, 1, 44, 3]))).toMatch(/ends inside its frame header/)
    expect(size(jpeg(SOI, [0xff, 0xc0, 0x00, 0x0b, 8, 0, 200, 1, 44, 3, 1, 0x11, 0], SOS))).toMatch(/wrong length/)
  })

  it('refuses a header cut short or garbled instead of passing it on', () => {
    const whole = jpeg(SOI, APP0, DQT, sof(4032, 3024), SOS)
    for (const cut of [3, 10, 30, 60, 95]) expect(size(whole.subarray(0, cut))).toMatch(/^refused/)
    expect(size(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(6000, 7)]))).toMatch(/ends before its frame header/)
    expect(size(Buffer.from([0xff, 0xd8]))).toMatch(/ends before/)
  })
})

describe('readImageHeader: PNG, as libpng reads it', () => {
  it('reads the IHDR size', () => {
    expect(readImageHeader(png(1200, 800))).toEqual({ ok: true, header: { format: 'png', width: 1200, height: 800, components: 3, extraneousBytes: 0 } })
    expect(size(png(20000, 20000, { colorType: 6 }))).toBe('20000x20000')
    expect(size(png(100, 100, { depth: 1, colorType: 0 }))).toBe('100x100')
  })

  it('refuses a damaged or impossible IHDR', () => {
    expect(size(png(1200, 800, { crc: 0 }))).toMatch(/checksum/)
    expect(size(png(0, 800))).toMatch(/outside/)
    expect(size(png(2_000_000, 10))).toMatch(/outside/)
    expect(size(png(1200, 800, { depth: 3 }))).toMatch(/invalid values/)
    expect(size(png(1200, 800, { colorType: 5 }))).toMatch(/invalid values/)
    const second = png(1200, 800)
    second.write('tEXt', 12, 'latin1')
    expect(size(second)).toMatch(/13-byte IHDR/)
    expect(size(png(1200, 800).subarray(0, 20))).toMatch(/ends before/)
    const signature = png(1200, 800)
    signature[4] = 0
    expect(size(signature)).toMatch(/signature/)
  })

  it('answers "not a JPEG or PNG" for anything else', () => {
    expect(size(Buffer.from('%PDF-1.4'))).toMatch(/not a JPEG or PNG/)
  })
})

describe('checkImageForDecoding', () => {
  it('lets through an image up to the pixel limit', () => {
    expect(checkImageForDecoding(png(8000, 5000))).toMatchObject({ ok: true, pixels: MAX_IMAGE_PIXELS })
  })

  it('refuses more pixels, and an unreadable header, with a 422 and a message', () => {
    expect(checkImageForDecoding(jpeg(SOI, APP0, [1, 2, 3, 4], sof(20000, 20000), SOS))).toMatchObject({
      ok: false,
      status: 422,
      code: 'too-large',
      message: 'This image is too large to read (20000 x 20000 pixels, 400 megapixels; the limit is 40). Resize it and try again.',
    })
    expect(checkImageForDecoding(png(8001, 5000))).toMatchObject({ ok: false, code: 'too-large' })
    expect(checkImageForDecoding(png(1200, 800, { crc: 1 }))).toMatchObject({ ok: false, status: 422, code: 'corrupt', message: CORRUPT_IMAGE_MESSAGE })
  })

  it('refuses a JPEG of a normal size with junk before a marker (the decoder would refuse it after allocating the frame), not one with fill bytes', () => {
    expect(checkImageForDecoding(jpeg(SOI, APP0, [1, 2, 3, 4], sof(1100, 800), SOS))).toMatchObject({ ok: false, status: 422, code: 'corrupt', reason: '4 extraneous bytes before a JPEG marker' })
    expect(checkImageForDecoding(jpeg(SOI, APP0, [0xff, 0xff], sof(1100, 800), SOS))).toMatchObject({ ok: true, pixels: 880_000 })
  })
})
