/**
 * The multipart upload of POST /api/analyze-image (§5 Upload, §7): one file (JPEG, PNG or PDF by its
 * CONTENT, whatever its name or declared type says), at most 10 MB, and the fields analysisType, query,
 * specBook and userRole.
 *
 * A JPEG or PNG must also have a header that reads as the decoder reads it, declaring at most 40 MP
 * (image-header.ts); otherwise it is refused with 422 before anything decodes it.
 *
 * The body is streamed through busboy and the size cap holds while streaming: at most cap + 1 bytes of the
 * file are ever held, and a body declared far larger than the cap is refused before it is read. The file is
 * kept in memory only (never written to disk). Every rejection is an UploadError with a 4xx status and a
 * message for the user; the rest of a refused body is read and thrown away (up to a bound, then the
 * connection is dropped) so the client receives the answer instead of a reset connection.
 */
import { Readable } from 'node:stream'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import busboy from 'busboy'
import { BAD_TEXT_MESSAGE, isCleanForm, isCleanText } from '../input-text'
import { fileTypeFromBuffer } from 'file-type'
import { z } from 'zod'
import { logger } from '~/lib/logger.server'
import { ANALYSIS_TYPES, MAX_QUERY_CHARS, SPEC_BOOKS, type AnalysisType, type SpecBook } from '~/lib/search/core/types'
import { checkImageForDecoding } from './image-header'

/** §9: 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024
/** Room for the multipart headers, boundaries and the text fields around the file. */
export const MULTIPART_ALLOWANCE = 256 * 1024
/** A refused body is read and discarded up to this many bytes; past it the connection is dropped. */
const MAX_DISCARD_BYTES = 64 * 1024 * 1024
const MAX_FIELD_BYTES = 8 * 1024
const MAX_PARTS = 12
const MAX_FILE_NAME = 200

export const ALLOWED_FILE_TYPES = ['image/jpeg', 'image/png', 'application/pdf'] as const
export type AllowedFileType = (typeof ALLOWED_FILE_TYPES)[number]

/** §5, verbatim. */
export const UPLOAD_REJECTED_MESSAGE = 'Some files were rejected. Only JPEG, PNG, and PDF files under 10MB are allowed.'
export const TOO_LARGE_MESSAGE = `${UPLOAD_REJECTED_MESSAGE} This file is larger than 10 MB.`
export const WRONG_TYPE_MESSAGE = `${UPLOAD_REJECTED_MESSAGE} This file's content is not a JPEG, PNG or PDF, whatever its name says.`
export const ONE_FILE_MESSAGE = 'Only one file can be analysed at a time.'
export const EMPTY_FILE_MESSAGE = 'The file is empty (0 bytes). Choose the photo or document again.'
/** §5, verbatim (the same message as the text search's). */
export const NOTHING_TO_ANALYSE_MESSAGE = 'Please enter a question or upload an image'
export const NOT_MULTIPART_MESSAGE = 'Send the upload as multipart/form-data (fields: image, analysisType, query, specBook, userRole).'
export const MALFORMED_MESSAGE = 'The upload could not be read: the form data is malformed or incomplete.'
export const TOO_MANY_PARTS_MESSAGE = 'The upload has too many form fields.'
export const QUERY_TOO_LONG_MESSAGE = `Questions are limited to ${MAX_QUERY_CHARS} characters`

export class UploadError extends Error {
  override readonly name = 'UploadError'
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

export interface UploadedFile {
  /** The name the user's file had (display only; never used as a path). */
  name: string
  size: number
  /** The type its content shows (magic bytes). */
  type: AllowedFileType
  /** The type the browser declared (not trusted; logged only). */
  declaredType: string
  bytes: Buffer
}

export interface AnalysisUpload {
  file: UploadedFile | null
  analysisType: AnalysisType
  /** The question, trimmed; '' when none. */
  query: string
  specBook: SpecBook
  userRole: string
}

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value)

const fieldsSchema = z.object({
  analysisType: z.preprocess(blankToUndefined, z.enum(ANALYSIS_TYPES).default('general')),
  query: z.string().trim().max(MAX_QUERY_CHARS, QUERY_TOO_LONG_MESSAGE).default(''),
  specBook: z.preprocess(blankToUndefined, z.enum(SPEC_BOOKS).default('both')),
  userRole: z.preprocess(blankToUndefined, z.string().trim().max(40).default('inspector')),
})

/**
 * Reads and throws away what is left of a request body, in the background, up to MAX_DISCARD_BYTES; past
 * that (or on any error) the stream is destroyed, which drops the connection.
 */
export function discardBody(source: Readable | ReadableStream<Uint8Array> | null): void {
  if (!source) return
  let stream: Readable
  try {
    stream = source instanceof Readable ? source : Readable.fromWeb(source as unknown as NodeReadableStream<Uint8Array>)
  } catch {
    return // already read or locked: nothing left to discard here
  }
  let discarded = 0
  stream.on('data', (chunk: Buffer) => {
    discarded += chunk.length
    if (discarded > MAX_DISCARD_BYTES) stream.destroy()
  })
  stream.on('error', () => {})
  stream.resume()
}

/** Discards the body of a request answered before reading it (401, 403...). */
export function discardRequestBody(request: Request): void {
  if (request.body && !request.bodyUsed && !request.body.locked) discardBody(request.body)
}

/** 'C:\fakepath\plan.jpg' -> 'plan.jpg', control characters removed, length capped. */
export function displayFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim()
  return clean.length > MAX_FILE_NAME ? `${clean.slice(0, MAX_FILE_NAME - 1)}…` : clean
}

interface RawFile {
  name: string
  declaredType: string
  chunks: Buffer[]
  size: number
  truncated: boolean
}

interface RawUpload {
  fields: Map<string, string>
  longFields: Set<string>
  file: RawFile | null
  extraFiles: number
  tooManyParts: boolean
  bodyTooLarge: boolean
}

function readMultipart(body: ReadableStream<Uint8Array>, contentType: string, maxBytes: number): Promise<RawUpload> {
  const maxBody = maxBytes + MULTIPART_ALLOWANCE
  const source = Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>)
  const raw: RawUpload = { fields: new Map(), longFields: new Set(), file: null, extraFiles: 0, tooManyParts: false, bodyTooLarge: false }

  return new Promise<RawUpload>((resolve, reject) => {
    let settled = false
    let parser: busboy.Busboy
    const finish = (error: UploadError | null) => {
      if (settled) return
      settled = true
      if (error) {
        // Stop parsing; read the rest of the body away so the client gets the answer.
        source.unpipe()
        // Torn down on the next turn: this may run inside one of busboy's own events.
        setImmediate(() => {
          parser?.removeAllListeners()
          parser?.on('error', () => {})
          parser?.destroy()
          discardBody(source)
        })
        reject(error)
      } else resolve(raw)
    }

    try {
      parser = busboy({
        headers: { 'content-type': contentType },
        defParamCharset: 'utf8',
        limits: { fileSize: maxBytes + 1, files: 4, fields: 8, parts: MAX_PARTS, fieldSize: MAX_FIELD_BYTES, fieldNameSize: 100, headerPairs: 20 },
      })
    } catch {
      discardBody(source)
      reject(new UploadError(400, MALFORMED_MESSAGE))
      return
    }

    let received = 0
    source.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBody) {
        raw.bodyTooLarge = true
        finish(new UploadError(413, TOO_LARGE_MESSAGE))
      }
    })
    source.on('error', () => finish(new UploadError(400, 'The upload was interrupted before it was complete.')))

    parser.on('file', (field, stream, info) => {
      const name = displayFileName(info.filename ?? '')
      // A file input left empty arrives as a part with no name and no bytes: not a file.
      const file: RawFile = { name, declaredType: info.mimeType, chunks: [], size: 0, truncated: false }
      const counts = () => file.size > 0 || file.name !== ''
      let claimed = false
      const claim = () => {
        if (claimed || !counts()) return
        claimed = true
        if (raw.file && raw.file !== file) raw.extraFiles += 1
        else raw.file = file
      }
      claim()
      stream.on('data', (chunk: Buffer) => {
        file.size += chunk.length
        claim()
        if (raw.file === file && !file.truncated) file.chunks.push(chunk)
      })
      stream.on('limit', () => {
        file.truncated = true
        file.chunks = []
        if (raw.file === file) finish(new UploadError(413, TOO_LARGE_MESSAGE))
      })
      stream.on('error', () => {})
      void field
    })
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) raw.longFields.add(name)
      if (!raw.fields.has(name)) raw.fields.set(name, value)
    })
    parser.on('filesLimit', () => (raw.extraFiles += 1))
    parser.on('fieldsLimit', () => (raw.tooManyParts = true))
    parser.on('partsLimit', () => (raw.tooManyParts = true))
    parser.on('error', () => finish(new UploadError(400, MALFORMED_MESSAGE)))
    parser.on('close', () => finish(null))
    source.pipe(parser)
  })
}

async function checkedFile(raw: RawFile): Promise<UploadedFile> {
  if (raw.size === 0) throw new UploadError(400, EMPTY_FILE_MESSAGE)
  const bytes = raw.chunks.length === 1 ? raw.chunks[0]! : Buffer.concat(raw.chunks)
  raw.chunks = []
  const detected = await fileTypeFromBuffer(bytes).catch(() => undefined)
  const type = ALLOWED_FILE_TYPES.find((allowed) => allowed === detected?.mime)
  if (!type) {
    logger.info({ declaredType: raw.declaredType, detected: detected?.mime ?? null, size: raw.size }, 'upload refused: content is not JPEG, PNG or PDF')
    throw new UploadError(415, WRONG_TYPE_MESSAGE)
  }
  if (type !== 'application/pdf') {
    // Refused here, before the quota, the vision model or the decoder see it: a header the decoder would
    // read differently (or not at all), or a frame over the pixel limit.
    const check = checkImageForDecoding(bytes)
    if (!check.ok) {
      logger.info({ type, size: raw.size, code: check.code, reason: check.reason }, 'upload refused: image header')
      throw new UploadError(check.status, check.message)
    }
  }
  return { name: raw.name || (type === 'application/pdf' ? 'document.pdf' : 'photo'), size: bytes.length, type, declaredType: raw.declaredType, bytes }
}

/**
 * The upload of a request, checked. Throws UploadError (4xx) for every client mistake: 415 not multipart
 * or not a JPEG/PNG/PDF by content, 413 over the cap, 422 an image whose header cannot be read or that
 * declares more than 40 MP, 400 two files, an empty file, nothing to analyse, a bad field or a malformed
 * body.
 */
export async function parseAnalysisUpload(request: Request, options: { maxBytes?: number } = {}): Promise<AnalysisUpload> {
  const maxBytes = options.maxBytes ?? MAX_UPLOAD_BYTES
  const contentType = request.headers.get('content-type') ?? ''
  if (!/^multipart\/form-data\s*;.*boundary=/i.test(contentType)) {
    discardRequestBody(request)
    throw new UploadError(415, NOT_MULTIPART_MESSAGE)
  }
  const declared = Number(request.headers.get('content-length') ?? NaN)
  if (Number.isFinite(declared) && declared > maxBytes + MULTIPART_ALLOWANCE) {
    discardRequestBody(request)
    throw new UploadError(413, TOO_LARGE_MESSAGE)
  }
  if (!request.body) throw new UploadError(400, NOTHING_TO_ANALYSE_MESSAGE)

  const raw = await readMultipart(request.body, contentType, maxBytes)
  if (raw.bodyTooLarge || raw.file?.truncated) throw new UploadError(413, TOO_LARGE_MESSAGE)
  if (raw.extraFiles > 0) throw new UploadError(400, ONE_FILE_MESSAGE)
  if (raw.tooManyParts) throw new UploadError(400, TOO_MANY_PARTS_MESSAGE)
  if (raw.longFields.has('query')) throw new UploadError(400, QUERY_TOO_LONG_MESSAGE)
  const long = [...raw.longFields].find((name) => ['analysisType', 'specBook', 'userRole'].includes(name))
  if (long) throw new UploadError(400, `${long}: the value is too long.`)
  // The same text rule as every other request body (input-text.ts): no NUL, no broken Unicode.
  if (!isCleanForm(raw.fields) || (raw.file && !isCleanText(raw.file.name))) throw new UploadError(400, BAD_TEXT_MESSAGE)

  const parsed = fieldsSchema.safeParse(Object.fromEntries(['analysisType', 'query', 'specBook', 'userRole'].flatMap((key) => (raw.fields.has(key) ? [[key, raw.fields.get(key)]] : []))))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path[0]
    throw new UploadError(400, !issue ? 'Invalid upload.' : field === 'query' ? issue.message : `${String(field)}: ${issue.message}`)
  }
  const file = raw.file ? await checkedFile(raw.file) : null
  if (!file && parsed.data.query === '') throw new UploadError(400, NOTHING_TO_ANALYSE_MESSAGE)
  return { file, ...parsed.data }
}
