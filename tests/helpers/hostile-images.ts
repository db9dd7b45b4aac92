/**
 * Hostile and broken image files made from a real one (issue 13, item 8): a JPEG whose frame header
 * (SOF) is hidden behind junk bytes the way libjpeg still finds it, a PNG whose IHDR declares a huge
 * size with a valid CRC, and headers cut short. Built byte by byte here; nothing is downloaded.
 */
import { crc32 } from 'node:zlib'

const SOF_MARKERS = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf])

/** Offset of the SOF marker (its 0xFF) of a well-formed JPEG, found by walking its segments. */
export function sofOffset(jpeg: Buffer): number {
  let offset = 2
  while (offset + 4 <= jpeg.length) {
    if (jpeg[offset] !== 0xff) throw new Error(`not a segment at ${offset}`)
    const marker = jpeg[offset + 1]!
    if (SOF_MARKERS.has(marker)) return offset
    if (marker === 0xda) break
    offset += 2 + jpeg.readUInt16BE(offset + 2)
  }
  throw new Error('no SOF marker before the scan')
}

/**
 * `jpeg` with its frame size set to width x height and `junk` bytes (never 0xFF) put just before the SOF
 * marker: libjpeg skips them with a warning ("extraneous bytes before marker") and reads that frame size;
 * leptonica allocates the whole frame, then refuses the file because of the warning. `fill` 0xFF bytes
 * are legal padding and raise no warning.
 */
export function jpegWithJunkBeforeSof(jpeg: Buffer, options: { width: number; height: number; junk?: number; fill?: number }): Buffer {
  const at = sofOffset(jpeg)
  const copy = Buffer.from(jpeg)
  copy.writeUInt16BE(options.height, at + 5)
  copy.writeUInt16BE(options.width, at + 7)
  const junk = Buffer.from(Array.from({ length: options.junk ?? 4 }, (_, i) => (i % 0xfe) + 1))
  // Optional extra 0xFF fill bytes before the marker (allowed by the JPEG standard).
  const fill = Buffer.alloc(options.fill ?? 0, 0xff)
  return Buffer.concat([copy.subarray(0, at), junk, fill, copy.subarray(at)])
}

/** `jpeg` with its frame size changed in place (no junk). */
export function jpegWithSize(jpeg: Buffer, width: number, height: number): Buffer {
  const at = sofOffset(jpeg)
  const copy = Buffer.from(jpeg)
  copy.writeUInt16BE(height, at + 5)
  copy.writeUInt16BE(width, at + 7)
  return copy
}

/** `png` with its IHDR width and height replaced and the chunk's CRC made right again (libpng checks it). */
export function pngWithSize(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png)
  if (copy.toString('latin1', 12, 16) !== 'IHDR') throw new Error('IHDR is not the first chunk')
  copy.writeUInt32BE(width, 16)
  copy.writeUInt32BE(height, 20)
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29)
  return copy
}
