/**
 * The CPU-bound half of a PDF ingest, with no database access: read, parse and chunk a PDF into its
 * document row and chunks, and train an LSA model. The CLI runs it in process; a running server runs it
 * in a worker thread (./offload.ts) so that its event loop keeps answering searches meanwhile.
 */
import path from 'node:path'
import { serializeLsa, trainLsa, type LsaOptions, type SerializedLsaModel } from '../app/lib/search/core/lsa'
import { chunkHash, sha256 } from './markdown'
import { chunkSections, slug } from './pdf/chunk'
import { PdfError, readPdf, type PdfInfo } from '../app/lib/pdf/read.server'
import { parseSpecBook } from './pdf/structure'
import { extractRefs, withParents } from '../app/lib/search/core/refs'
import type { IngestChunk, IngestDocument } from '../app/lib/search/core/chunk'

/** Bump when the way files are cut into chunks changes: every document is then re-chunked once. */
export const CHUNKER_VERSION = 2

export interface PreparePdfMeta {
  document?: string
  edition?: string
  url?: string
  fileName: string
}

export interface PreparedPdf {
  doc: IngestDocument
  chunks: IngestChunk[]
  info: {
    document: string
    edition: string
    guessed: { document?: string; edition?: string }
    pages: number
    sections: number
    warnings: string[]
  }
  millis: { read: number; parse: number; chunk: number }
}

/** The CPU work an ingest can hand to a worker. */
export interface CpuTasks {
  preparePdf(bytes: Uint8Array, meta: PreparePdfMeta, fileHash: string): Promise<PreparedPdf>
  train(texts: string[], options: LsaOptions): Promise<SerializedLsaModel>
}

const YEAR = /\b(19[5-9]\d|20\d\d)\b/

/** Document and edition from the PDF's title, its first pages, or the file name. */
export function guessPdfMeta(info: PdfInfo, firstPages: string[], fileName: string): { document: string; edition: string } {
  const base = path.basename(fileName).replace(/\.pdf$/i, '').replace(/[_-]+/g, ' ').trim()
  const lines = firstPages
    .join('\n')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 3 && !/\.{4,}/.test(line))
  const titled = info.title ?? lines.find((line) => /specification|manual|standard/i.test(line)) ?? base
  const edition = YEAR.exec(titled)?.[1] ?? YEAR.exec(lines.slice(0, 10).join(' '))?.[1] ?? YEAR.exec(base)?.[1] ?? 'unknown'
  const document = titled.replace(YEAR, '').replace(/\s+(edition|ed\.)\s*$/i, '').replace(/\s{2,}/g, ' ').replace(/[\s,:-]+$/, '').trim()
  return { document: document || base || 'Specification book', edition }
}

export function pdfDocumentId(document: string, edition: string): string {
  return `pdf:${slug(document)}:${slug(edition)}`
}

export function pdfContentHash(fileHash: string, document: string, edition: string, url: string | null): string {
  return sha256(`${fileHash}:${document}:${edition}:${url ?? ''}:pdf-v${CHUNKER_VERSION}`)
}

export async function preparePdf(bytes: Uint8Array, meta: PreparePdfMeta, fileHash: string): Promise<PreparedPdf> {
  const t0 = performance.now()
  const { pages, info } = await readPdf(bytes)
  const t1 = performance.now()
  const guess = meta.document?.trim() && meta.edition?.trim() ? null : guessPdfMeta(info, pages.slice(0, 3).map((p) => p.text), meta.fileName)
  const document = meta.document?.trim() || guess!.document
  const edition = meta.edition?.trim() || guess!.edition
  const guessed = {
    ...(meta.document?.trim() ? {} : { document }),
    ...(meta.edition?.trim() ? {} : { edition }),
  }
  const book = parseSpecBook(pages, { document, edition })
  const t2 = performance.now()
  if (book.sections.length === 0) {
    throw new PdfError('no-text', `${meta.fileName}: no numbered section (SECTION 401 ...) was found, so nothing was ingested.`)
  }
  const parts = chunkSections(book)
  const url = meta.url?.trim() || null
  const chunks: IngestChunk[] = parts.map((part, ordinal) => {
    const body = {
      kind: part.kind,
      section: part.section,
      sectionTitle: part.sectionTitle,
      headingPath: part.headingPath,
      text: part.text,
      edition,
      pageStart: part.pageStart,
      pageEnd: part.pageEnd,
      pageLabelStart: book.pageLabels[part.pageStart] ?? null,
      pageLabelEnd: book.pageLabels[part.pageEnd] ?? null,
      url: url ? `${url}#page=${part.pageStart}` : null,
      refs: [
        ...new Set([
          ...withParents(part.section),
          ...part.carries.flatMap(withParents),
          ...extractRefs(`${part.headingPath}\n${part.text}`),
        ]),
      ],
      topics: [] as string[],
    }
    return { id: `pdf:${part.id}`, ordinal, ...body, contentHash: chunkHash(body) }
  })
  const t3 = performance.now()
  const doc: IngestDocument = {
    id: pdfDocumentId(document, edition),
    source: 'pdf',
    kind: 'spec-book',
    title: `${document} (${edition})`,
    document,
    edition,
    url,
    contentHash: pdfContentHash(fileHash, document, edition, url),
    meta: {
      fileName: meta.fileName,
      fileSha256: fileHash,
      pages: info.pageCount,
      sections: book.sections.length,
      divisions: book.divisions.length,
      warningsCount: book.warnings.length,
      warnings: book.warnings.slice(0, 50),
      pdfTitle: info.title ?? null,
    },
  }
  return {
    doc,
    chunks,
    info: { document, edition, guessed, pages: info.pageCount, sections: book.sections.length, warnings: book.warnings },
    millis: { read: t1 - t0, parse: t2 - t1, chunk: t3 - t2 },
  }
}

export const inProcess: CpuTasks = {
  preparePdf,
  train: async (texts, options) => serializeLsa(trainLsa(texts, options)),
}
