/**
 * The text of an uploaded PDF, through the ingest reader (ingest/pdf/read.ts `readPdf`: pdf-parse, with
 * password-protected, scanned and corrupt PDFs classified). Only the first MAX_PDF_PAGES pages and the
 * first MAX_PDF_TEXT characters are used for the analysis. Every failure is a PdfTextError (422) with a
 * message the user can act on.
 */
import { PdfError, readPdf } from '../pdf/read.server'
import { MAX_UPLOAD_BYTES } from './upload.server'

export const MAX_PDF_PAGES = 20
export const MAX_PDF_TEXT = 20_000
/** A longer document is refused rather than parsed at length on the request thread. */
export const MAX_PDF_TOTAL_PAGES = 500

export const PDF_MESSAGES = {
  encrypted: 'This PDF is password-protected, so its text cannot be read. Remove the password (or print it to a new PDF) and upload it again.',
  'no-text':
    'This PDF has no text layer (it looks like a scan), so no text could be read from it. Upload photos of its pages (JPEG or PNG) to read them with OCR, or describe what you need in the question box.',
  corrupt: 'This file could not be read as a PDF. It may be damaged; export or save it again and retry.',
  'too-large': `This PDF has too many pages to analyse here (the limit is ${MAX_PDF_TOTAL_PAGES}). Upload only the pages you need.`,
} as const

export class PdfTextError extends Error {
  override readonly name = 'PdfTextError'
  readonly status = 422
  constructor(
    readonly code: keyof typeof PDF_MESSAGES,
    options?: { cause?: unknown },
  ) {
    super(PDF_MESSAGES[code], options)
  }
}

export interface PdfText {
  text: string
  pageCount: number
  /** Pages whose text was used. */
  pagesRead: number
  truncated: boolean
  durationMs: number
}

export async function pdfText(bytes: Uint8Array): Promise<PdfText> {
  const started = performance.now()
  let read: Awaited<ReturnType<typeof readPdf>>
  try {
    read = await readPdf(bytes, { maxBytes: MAX_UPLOAD_BYTES + 1, maxPages: MAX_PDF_TOTAL_PAGES })
  } catch (error) {
    if (error instanceof PdfError) throw new PdfTextError(error.code, { cause: error })
    // Anything pdf.js throws that the reader does not classify is still a PDF we cannot read.
    throw new PdfTextError('corrupt', { cause: error })
  }
  const pages = read.pages.slice(0, MAX_PDF_PAGES)
  const joined = pages
    .map((page) => page.text.trim())
    .filter(Boolean)
    .join('\n\n')
  const truncated = joined.length > MAX_PDF_TEXT || read.pages.length > MAX_PDF_PAGES
  return {
    text: joined.length > MAX_PDF_TEXT ? joined.slice(0, MAX_PDF_TEXT) : joined,
    pageCount: read.info.pageCount,
    pagesRead: pages.length,
    truncated,
    durationMs: performance.now() - started,
  }
}
