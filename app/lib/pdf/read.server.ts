/**
 * Reads the text of a PDF page by page with pdf-parse, and turns every way a PDF can be unusable
 * into a PdfError with a message a user can act on.
 */
/** One page's text as the PDF reader gives it (1-based page number). */
export interface PageText {
  num: number
  text: string
}

export type PdfErrorCode = 'encrypted' | 'no-text' | 'corrupt' | 'too-large'

export const PDF_ERROR_MESSAGES: Record<Exclude<PdfErrorCode, 'too-large'>, string> = {
  encrypted: 'This PDF is password-protected: remove the password and try again.',
  'no-text': 'This PDF has no text layer (it looks scanned): run it through OCR first.',
  corrupt: 'This file is not a readable PDF.',
}

export class PdfError extends Error {
  override readonly name = 'PdfError'

  constructor(
    readonly code: PdfErrorCode,
    message: string = code === 'too-large' ? 'This PDF is too large to ingest.' : PDF_ERROR_MESSAGES[code],
    options?: { cause?: unknown },
  ) {
    super(message, options)
  }
}

export interface PdfInfo {
  pageCount: number
  /** Pages with at least a few characters of text. */
  textPages: number
  title?: string
  author?: string
  subject?: string
  creator?: string
  producer?: string
  creationDate?: string
}

export interface ReadPdfOptions {
  /** Default 200 MB. */
  maxBytes?: number
  /** Default 5,000 pages. */
  maxPages?: number
}

const MIN_TEXT_CHARS = 20
/** Below this share of pages with text, the PDF is taken for a scan. */
const MIN_TEXT_PAGE_SHARE = 0.1
const MEGABYTE = 1024 * 1024

/** The PDF header may follow a little junk (Acrobat accepts it within the first 1,024 bytes). */
function hasPdfHeader(bytes: Uint8Array): boolean {
  const head = new TextDecoder('latin1').decode(bytes.subarray(0, 1024))
  return head.includes('%PDF-')
}

/** Maps an error thrown by pdf-parse (pdf.js) to a PdfError; anything else is rethrown as is. */
export function toPdfError(error: unknown): PdfError {
  if (error instanceof PdfError) return error
  const name = error instanceof Error ? error.name : ''
  if (name === 'PasswordException') return new PdfError('encrypted', undefined, { cause: error })
  if (['InvalidPDFException', 'FormatError', 'UnknownErrorException', 'MissingPDFException'].includes(name)) {
    return new PdfError('corrupt', undefined, { cause: error })
  }
  throw error
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() ? value.trim() : undefined
}

export async function readPdf(
  buffer: Uint8Array | ArrayBuffer,
  options: ReadPdfOptions = {},
): Promise<{ pages: PageText[]; info: PdfInfo }> {
  const bytes = buffer instanceof Uint8Array ? buffer : new Uint8Array(buffer)
  const maxBytes = options.maxBytes ?? 200 * MEGABYTE
  if (bytes.length > maxBytes) {
    const size = (bytes.length / MEGABYTE).toFixed(1)
    throw new PdfError(
      'too-large',
      `This PDF is too large to ingest: ${size} MB, the limit is ${(maxBytes / MEGABYTE).toFixed(0)} MB.`,
    )
  }
  if (!hasPdfHeader(bytes)) throw new PdfError('corrupt')

  const { PDFParse } = await import('pdf-parse')
  // pdf.js may take over the buffer it is given: hand it a copy so the caller's bytes stay usable.
  const parser = new PDFParse({ data: bytes.slice() })
  try {
    const info = await parser.getInfo()
    const maxPages = options.maxPages ?? 5000
    if (info.total > maxPages) {
      throw new PdfError('too-large', `This PDF has ${info.total} pages; the limit is ${maxPages}.`)
    }
    if (info.total === 0) throw new PdfError('corrupt')
    const result = await parser.getText()
    const pages = result.pages.map((page) => ({ num: page.num, text: page.text }))
    const textPages = pages.filter((page) => page.text.replace(/\s+/g, '').length >= MIN_TEXT_CHARS).length
    if (textPages === 0 || textPages < pages.length * MIN_TEXT_PAGE_SHARE) throw new PdfError('no-text')
    const meta = (info.info ?? {}) as Record<string, unknown>
    return {
      pages,
      info: {
        pageCount: info.total,
        textPages,
        title: text(meta.Title),
        author: text(meta.Author),
        subject: text(meta.Subject),
        creator: text(meta.Creator),
        producer: text(meta.Producer),
        creationDate: text(meta.CreationDate),
      },
    }
  } catch (error) {
    throw toPdfError(error)
  } finally {
    await parser.destroy()
  }
}
