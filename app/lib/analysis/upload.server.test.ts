import { crc32 } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { CORRUPT_IMAGE_MESSAGE } from './image-header'
import {
  EMPTY_FILE_MESSAGE,
  MALFORMED_MESSAGE,
  MAX_UPLOAD_BYTES,
  NOTHING_TO_ANALYSE_MESSAGE,
  ONE_FILE_MESSAGE,
  parseAnalysisUpload,
  QUERY_TOO_LONG_MESSAGE,
  TOO_LARGE_MESSAGE,
  UPLOAD_REJECTED_MESSAGE,
  UploadError,
  WRONG_TYPE_MESSAGE,
  displayFileName,
} from './upload.server'

/** A PNG signature and IHDR (RGB, 8 bits) with a right CRC: the header the decoder reads first. */
function pngHead(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(17)
  ihdr.write('IHDR', 0, 'latin1')
  ihdr.writeUInt32BE(width, 4)
  ihdr.writeUInt32BE(height, 8)
  ihdr[12] = 8
  ihdr[13] = 2
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(ihdr))
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), ihdr, crc])
}
const PNG_HEAD = pngHead(1200, 800)
const png = (size = 64, head = PNG_HEAD) => Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length), 1)])
/** A JPEG whose frame header (SOF0, width x height) comes after `junk` bytes that libjpeg skips. */
function jpeg(width: number, height: number, junk: number[] = []): Buffer {
  const app0 = [0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 1, 0, 0, 1, 0, 1, 0, 0]
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return Buffer.from([0xff, 0xd8, ...app0, ...junk, ...sof, ...Buffer.alloc(500, 0x55)])
}
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')

function form(parts: Record<string, string | Array<{ bytes: Buffer; name: string; type?: string }>>): FormData {
  const data = new FormData()
  for (const [key, value] of Object.entries(parts)) {
    if (typeof value === 'string') data.append(key, value)
    else for (const file of value) data.append(key, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? '' }), file.name)
  }
  return data
}

const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request('http://test.local/api/analyze-image', { method: 'POST', body, headers })

async function rejection(request: Request): Promise<UploadError> {
  try {
    await parseAnalysisUpload(request)
  } catch (error) {
    if (error instanceof UploadError) return error
    throw error
  }
  throw new Error('expected an UploadError')
}

describe('parseAnalysisUpload', () => {
  it('reads one PNG and the fields, with defaults for the missing ones', async () => {
    const upload = await parseAnalysisUpload(post(form({ image: [{ bytes: png(), name: 'C:\\fakepath\\plan.png', type: 'image/png' }], query: '  what is this?  ' })))
    expect(upload).toMatchObject({ analysisType: 'general', query: 'what is this?', specBook: 'both', userRole: 'inspector' })
    expect(upload.file).toMatchObject({ name: 'plan.png', type: 'image/png', size: 64 })
    expect(upload.file!.bytes.equals(png())).toBe(true)
  })

  it('takes the type from the content, not the name or the declared type', async () => {
    const upload = await parseAnalysisUpload(post(form({ image: [{ bytes: PDF, name: 'photo.jpg', type: 'image/jpeg' }], analysisType: 'features' })))
    expect(upload.file?.type).toBe('application/pdf')
    expect(upload.analysisType).toBe('features')
  })

  it('refuses a script named .jpg with 415 and the §5 message', async () => {
    const error = await rejection(post(form({ image: [{ bytes: Buffer.from('#!/bin/sh\nrm -rf /\n'), name: 'evil.jpg', type: 'image/jpeg' }] })))
    expect(error.status).toBe(415)
    expect(error.message).toBe(WRONG_TYPE_MESSAGE)
    expect(error.message.startsWith(UPLOAD_REJECTED_MESSAGE)).toBe(true)
  })

  it('refuses with 422, before anything decodes it, an image whose header declares over 40 MP where the decoder finds it', async () => {
    // Issue 13: four junk bytes before SOF hid this 20000 x 20000 frame from the old pre-check.
    const hidden = await rejection(post(form({ image: [{ bytes: jpeg(20000, 20000, [1, 2, 3, 4]), name: 'a.jpg' }] })))
    expect(hidden).toMatchObject({ status: 422, message: expect.stringMatching(/^This image is too large to read \(20000 x 20000 pixels, 400 megapixels; the limit is 40\)/) })
    const huge = await rejection(post(form({ image: [{ bytes: png(64, pngHead(20000, 20000)), name: 'a.png' }] })))
    expect(huge).toMatchObject({ status: 422, message: expect.stringMatching(/20000 x 20000 pixels/) })
    // Fill bytes (0xFF) before a marker of a normal size are legal padding: accepted.
    const fine = await parseAnalysisUpload(post(form({ image: [{ bytes: jpeg(4032, 3024, [0xff, 0xff]), name: 'b.jpg' }] })))
    expect(fine.file?.type).toBe('image/jpeg')
  })

  it('refuses with 422 an image whose header cannot be read the way the decoder reads it', async () => {
    const cut = await rejection(post(form({ image: [{ bytes: jpeg(4032, 3024).subarray(0, 30), name: 'cut.jpg' }] })))
    expect(cut).toMatchObject({ status: 422, message: CORRUPT_IMAGE_MESSAGE })
    // Junk before a marker: libjpeg warns, and leptonica then refuses the file (after allocating the frame).
    const junk = await rejection(post(form({ image: [{ bytes: jpeg(4032, 3024, [1, 2, 3, 4]), name: 'junk.jpg' }] })))
    expect(junk).toMatchObject({ status: 422, message: CORRUPT_IMAGE_MESSAGE })
    const garbled = Buffer.from(PNG_HEAD)
    garbled[20] = 0xff - garbled[20]! // the size changes, the CRC does not: libpng refuses it
    expect(await rejection(post(form({ image: [{ bytes: png(64, garbled), name: 'g.png' }] })))).toMatchObject({ status: 422, message: CORRUPT_IMAGE_MESSAGE })
  })

  it('accepts exactly 10 MB and refuses 10 MB + 1 byte with 413 while streaming', async () => {
    const exact = await parseAnalysisUpload(post(form({ image: [{ bytes: png(MAX_UPLOAD_BYTES), name: 'a.png' }] })))
    expect(exact.file?.size).toBe(MAX_UPLOAD_BYTES)
    const error = await rejection(post(form({ image: [{ bytes: png(MAX_UPLOAD_BYTES + 1), name: 'b.png' }] })))
    expect(error.status).toBe(413)
    expect(error.message).toBe(TOO_LARGE_MESSAGE)
  })

  it('refuses a body declared far over the cap before reading it', async () => {
    const error = await rejection(post(form({ query: 'x' }), { 'content-length': String(50 * 1024 * 1024) }))
    expect(error.status).toBe(413)
  })

  it('refuses two files with 400', async () => {
    const error = await rejection(post(form({ image: [{ bytes: png(), name: 'a.png' }, { bytes: png(), name: 'b.png' }] })))
    expect(error).toMatchObject({ status: 400, message: ONE_FILE_MESSAGE })
  })

  it('refuses a second file under another field name too', async () => {
    const error = await rejection(post(form({ image: [{ bytes: png(), name: 'a.png' }], other: [{ bytes: PDF, name: 'b.pdf' }] })))
    expect(error).toMatchObject({ status: 400, message: ONE_FILE_MESSAGE })
  })

  it('refuses a 0-byte file with 400', async () => {
    const error = await rejection(post(form({ image: [{ bytes: Buffer.alloc(0), name: 'empty.png', type: 'image/png' }], query: 'q' })))
    expect(error).toMatchObject({ status: 400, message: EMPTY_FILE_MESSAGE })
  })

  it('treats an empty file input (no name, no bytes) as no file', async () => {
    const upload = await parseAnalysisUpload(post(form({ image: [{ bytes: Buffer.alloc(0), name: '' }], query: 'alligator cracking', analysisType: 'diagnostic' })))
    expect(upload.file).toBeNull()
    expect(upload.analysisType).toBe('diagnostic')
  })

  it('needs a file or a question', async () => {
    expect(await rejection(post(form({ query: '   ' })))).toMatchObject({ status: 400, message: NOTHING_TO_ANALYSE_MESSAGE })
  })

  it('refuses a body that is not multipart with 415', async () => {
    const error = await rejection(post(JSON.stringify({ query: 'x' }), { 'content-type': 'application/json' }))
    expect(error.status).toBe(415)
  })

  it('refuses a question over 1000 characters and unknown field values with 400', async () => {
    expect(await rejection(post(form({ query: 'x'.repeat(1001) })))).toMatchObject({ status: 400, message: QUERY_TOO_LONG_MESSAGE })
    expect(await rejection(post(form({ query: 'q', analysisType: 'magic' })))).toMatchObject({ status: 400 })
    expect((await rejection(post(form({ query: 'q', specBook: '1999' })))).message).toMatch(/^specBook: /)
  })

  it('refuses a truncated multipart body with 400', async () => {
    const boundary = 'XyZ'
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG...`
    const error = await rejection(post(body, { 'content-type': `multipart/form-data; boundary=${boundary}` }))
    expect(error).toMatchObject({ status: 400, message: MALFORMED_MESSAGE })
  })

  it('refuses too many parts with 400', async () => {
    const parts: Record<string, string> = {}
    for (let i = 0; i < 20; i++) parts[`f${i}`] = 'v'
    expect((await rejection(post(form({ query: 'q', ...parts })))).status).toBe(400)
  })
})

describe('displayFileName', () => {
  it('keeps only the base name, without control characters, capped', () => {
    expect(displayFileName('/etc/passwd')).toBe('passwd')
    expect(displayFileName('a\u0000b\nc.jpg')).toBe('abc.jpg')
    expect(displayFileName(`${'x'.repeat(300)}.jpg`)).toHaveLength(200)
  })
})
