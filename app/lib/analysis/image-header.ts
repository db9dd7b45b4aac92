/**
 * The frame size of a JPEG or PNG, read the way the decoder that will decode it reads it.
 *
 * The decoder is leptonica inside tesseract.js-core's WebAssembly (pixRead on the file tesseract.js
 * writes): libjpeg(-turbo) `jpeg_read_header` for JPEG, libpng `png_read_info` for PNG. Leptonica then
 * allocates the whole picture (4 bytes a pixel for colour) before reading a single scanline. Neither
 * library can be asked for the header alone through tesseract.js, so this module walks the same bytes
 * by the same rules, and a file it cannot read that way is refused rather than passed on:
 *
 * - JPEG (libjpeg's jdmarker.c): SOI must be the first two bytes. Each following marker is found as
 *   libjpeg's next_marker() finds it: bytes other than 0xFF are skipped (libjpeg only warns "extraneous
 *   bytes before marker"), 0xFF fill bytes are swallowed, and a stuffed 0xFF 0x00 pair is passed over.
 *   The skipped bytes are counted: leptonica refuses a JPEG that made libjpeg warn, but only after
 *   allocating its frame, so such a file is refused here (after the size check, which comes first).
 *   The first SOF libjpeg accepts (SOF0, 1, 2, 9, 10) gives the frame size; a SOF type libjpeg refuses,
 *   a second SOI, SOS or EOI before any SOF, a marker libjpeg does not know, a segment length under 2
 *   and a file that ends before the frame header all make the file unreadable.
 * - PNG (libpng's png_read_info): the 8-byte signature, then IHDR as the first chunk, 13 bytes long,
 *   with a correct CRC, a size of 1 to 1,000,000 pixels each way (libpng's default user limits), a valid
 *   bit depth for its colour type, compression and filter method 0 and interlace 0 or 1.
 */
import { crc32 } from 'node:zlib'

export interface ImageHeader {
  format: 'jpeg' | 'png'
  width: number
  height: number
  /** Colour channels: 1 grey, 2 grey + alpha, 3 colour, 4 colour + alpha (or CMYK for a JPEG). */
  components: number
  /**
   * JPEG bytes libjpeg skipped, with a warning, to find a marker ("Corrupt JPEG data: N extraneous
   * bytes before marker"). Leptonica refuses a JPEG that raised a warning, but only after it has
   * allocated the whole frame.
   */
  extraneousBytes: number
}

export type HeaderReading = { ok: true; header: ImageHeader } | { ok: false; reason: string }

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
/** libpng's default PNG_USER_WIDTH_MAX and PNG_USER_HEIGHT_MAX. */
const PNG_MAX_SIDE = 1_000_000
/** Channels of each PNG colour type, and the bit depths libpng allows for it. */
const PNG_COLOR_TYPES: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 3, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
}

/** SOF markers whose frame libjpeg decodes (baseline, extended, progressive; Huffman or arithmetic). */
const JPEG_SOF_DECODED = new Set([0xc0, 0xc1, 0xc2, 0xc9, 0xca])
/** SOF markers (and JPG) libjpeg refuses with "Unsupported JPEG process". */
const JPEG_SOF_REFUSED = new Set([0xc3, 0xc5, 0xc6, 0xc7, 0xc8, 0xcb, 0xcd, 0xce, 0xcf])
/** Markers libjpeg reads past by their length before the frame header. */
const JPEG_SEGMENTS = new Set([0xc4, 0xcc, 0xdb, 0xdc, 0xdd, 0xfe])
const fail = (reason: string): HeaderReading => ({ ok: false, reason })

function readPng(bytes: Uint8Array): HeaderReading {
  if (bytes.length < 33) return fail('PNG ends before its IHDR chunk')
  if (!PNG_SIGNATURE.every((byte, i) => bytes[i] === byte)) return fail('PNG signature is damaged')
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (view.getUint32(8) !== 13 || String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return fail('PNG does not start with a 13-byte IHDR chunk')
  if (crc32(bytes.subarray(12, 29)) !== view.getUint32(29)) return fail('PNG IHDR checksum is wrong')
  const width = view.getUint32(16)
  const height = view.getUint32(20)
  if (width === 0 || height === 0 || width > PNG_MAX_SIDE || height > PNG_MAX_SIDE) return fail(`PNG size ${width} x ${height} is outside what the decoder reads`)
  const [depth, colorType, compression, filter, interlace] = bytes.subarray(24, 29)
  const type = PNG_COLOR_TYPES[colorType!]
  if (!type || !type.depths.includes(depth!) || compression !== 0 || filter !== 0 || interlace! > 1) return fail('PNG IHDR has invalid values')
  return { ok: true, header: { format: 'png', width, height, components: type.channels, extraneousBytes: 0 } }
}

function readJpeg(bytes: Uint8Array): HeaderReading {
  const length = bytes.length
  let offset = 2
  let extraneousBytes = 0
  for (;;) {
    // next_marker(): skip anything that is not 0xFF, swallow fill bytes, pass over stuffed 0xFF 0x00.
    let marker = 0
    while (marker === 0) {
      const start = offset
      while (offset < length && bytes[offset] !== 0xff) offset += 1
      extraneousBytes += offset - start
      while (offset < length && bytes[offset] === 0xff) offset += 1
      if (offset >= length) return fail('JPEG ends before its frame header')
      marker = bytes[offset]!
      offset += 1
      if (marker === 0) extraneousBytes += 2
    }
    if (JPEG_SOF_DECODED.has(marker)) {
      if (offset + 8 > length) return fail('JPEG ends inside its frame header')
      const segment = (bytes[offset]! << 8) | bytes[offset + 1]!
      const height = (bytes[offset + 3]! << 8) | bytes[offset + 4]!
      const width = (bytes[offset + 5]! << 8) | bytes[offset + 6]!
      const components = bytes[offset + 7]!
      if (width === 0 || height === 0 || components === 0) return fail('JPEG frame header declares an empty image')
      if (segment !== 8 + 3 * components) return fail('JPEG frame header has a wrong length')
      if (offset + segment > length) return fail('JPEG ends inside its frame header')
      return { ok: true, header: { format: 'jpeg', width, height, components, extraneousBytes } }
    }
    if (JPEG_SOF_REFUSED.has(marker)) return fail(`JPEG process 0x${marker.toString(16)} is not supported by the decoder`)
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue // RSTn and TEM carry no length
    if (marker === 0xd8) return fail('JPEG has a second SOI marker')
    if (marker === 0xda || marker === 0xd9) return fail('JPEG has no frame header before its scan')
    if (!JPEG_SEGMENTS.has(marker) && !(marker >= 0xe0 && marker <= 0xef)) return fail(`JPEG has an unknown marker 0x${marker.toString(16)}`)
    if (offset + 2 > length) return fail('JPEG ends before its frame header')
    const segment = (bytes[offset]! << 8) | bytes[offset + 1]!
    if (segment < 2) return fail('JPEG has a bogus segment length')
    offset += segment
  }
}

/** The format and frame size of a JPEG or PNG, or why the decoder could not read its header. */
export function readImageHeader(bytes: Uint8Array): HeaderReading {
  if (bytes.length >= 8 && bytes[0] === 0x89 && bytes[1] === 0x50) return readPng(bytes)
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xd8) return readJpeg(bytes)
  return fail('not a JPEG or PNG')
}

/** Largest image decoded, in pixels: leptonica holds a colour image at 4 bytes a pixel (160 MB here). */
export const MAX_IMAGE_PIXELS = 40_000_000

export const CORRUPT_IMAGE_MESSAGE = 'The image could not be read. It may be corrupt; try another photo.'

export type DecodeCheck =
  | { ok: true; header: ImageHeader; pixels: number }
  | { ok: false; status: 422; code: 'corrupt' | 'too-large'; reason: string; message: string }

/**
 * Whether an image may go to the decoder: its header must read as the decoder reads it, its frame must
 * be at most MAX_IMAGE_PIXELS, and it must not be a JPEG the decoder would refuse after allocating that
 * frame (bytes skipped before a marker). Decides from the header alone; nothing is decoded here.
 */
export function checkImageForDecoding(bytes: Uint8Array): DecodeCheck {
  const reading = readImageHeader(bytes)
  if (!reading.ok) return { ok: false, status: 422, code: 'corrupt', reason: reading.reason, message: CORRUPT_IMAGE_MESSAGE }
  const { width, height, extraneousBytes } = reading.header
  const pixels = width * height
  if (pixels > MAX_IMAGE_PIXELS) {
    return {
      ok: false,
      status: 422,
      code: 'too-large',
      reason: `${width} x ${height} pixels`,
      message: `This image is too large to read (${width} x ${height} pixels, ${(pixels / 1e6).toFixed(0)} megapixels; the limit is ${MAX_IMAGE_PIXELS / 1e6}). Resize it and try again.`,
    }
  }
  if (extraneousBytes > 0) {
    return { ok: false, status: 422, code: 'corrupt', reason: `${extraneousBytes} extraneous bytes before a JPEG marker`, message: CORRUPT_IMAGE_MESSAGE }
  }
  return { ok: true, header: reading.header, pixels }
}
