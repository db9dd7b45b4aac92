/**
 * The ingest entry points: the bundled corpus (at every start and from the CLI), official PDFs, and
 * a list of paths as the CLI receives them. Each document is replaced in its own short transaction
 * (ingest/store.ts). A newly trained embedding model becomes current in the first document transaction,
 * after the other stored chunks were given its vectors, so no commit leaves vectors without their model
 * row; the embeddings are checked (and mended) once at the end, also when nothing was written
 * (docs/decisions/010).
 */
import { createHash } from 'node:crypto'
import type { Dirent } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import matter from 'gray-matter'
import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '../db/client'
import {
  activationStatement,
  embedStoredChunks,
  embeddingsNeedRepair,
  invalidateQueryEmbedder,
  prepareEmbeddings,
  updateEmbeddings,
  type EmbeddingUpdate,
  type PreparedEmbeddings,
  type TrainFn,
} from '../app/lib/search/embedder.server'
import { readCorpus, type CorpusFile } from './corpus-files'
import { corpusFileToChunks, sha256 } from './markdown'
import { offloaded } from './offload'
import { CHUNKER_VERSION, inProcess, pdfContentHash } from './pdf-prepare'
import { removeDocumentsExcept, replaceDocument, storedDocumentHashes, type ReplaceStatus } from './store'
import type { IngestChunk, IngestDocument } from '../app/lib/search/core/chunk'

export { CHUNKER_VERSION, guessPdfMeta, pdfDocumentId } from './pdf-prepare'

export type ProgressFn = (message: string) => void

export interface IngestSummary {
  documents: number
  added: number
  updated: number
  unchanged: number
  removed: number
  /** Chunks of the ingested documents. */
  chunks: number
  /** Chunk rows inserted or rewritten. */
  chunksWritten: number
  /** Files that could not be ingested (their previous version, if any, is kept). */
  errors: Array<{ path: string; message: string }>
  /** What happened to each file ('corpus/<path>' -> added, updated or unchanged). */
  files: Record<string, ReplaceStatus>
  embeddings: EmbeddingUpdate | null
  millis: number
}

function emptySummary(): IngestSummary {
  return { documents: 0, added: 0, updated: 0, unchanged: 0, removed: 0, chunks: 0, chunksWritten: 0, errors: [], files: {}, embeddings: null, millis: 0 }
}

function count(summary: IngestSummary, status: ReplaceStatus): void {
  summary[status]++
}

/** The hash a corpus document is stored with: the file's hash, tied to the chunker version. */
function corpusDocumentHash(file: CorpusFile): string {
  return sha256(`${file.contentHash}:markdown-v${CHUNKER_VERSION}`)
}

async function ingestCorpusFiles(
  handle: DbHandle,
  files: CorpusFile[],
  summary: IngestSummary,
  onProgress: ProgressFn,
  train?: TrainFn,
): Promise<PreparedEmbeddings | null> {
  const stored = await storedDocumentHashes(handle, 'corpus')
  const pending: Array<{ file: CorpusFile; index: number; document: IngestDocument; chunks: IngestChunk[] }> = []
  for (const [index, file] of files.entries()) {
    const hash = corpusDocumentHash(file)
    summary.documents++
    if (stored.get(`corpus:${file.path}`) === hash) {
      summary.unchanged++
      summary.files[`corpus/${file.path}`] = 'unchanged'
      continue
    }
    try {
      const { document, chunks } = corpusFileToChunks(file)
      pending.push({ file, index, document: { ...document, contentHash: hash }, chunks })
    } catch (error) {
      summary.errors.push({ path: `corpus/${file.path}`, message: (error as Error).message })
      onProgress(`[${index + 1}/${files.length}] corpus/${file.path}: FAILED ${(error as Error).message}`)
    }
  }
  if (pending.length === 0) return null
  const prepared = await prepareEmbeddings(
    handle,
    pending.map((p) => ({ documentId: p.document.id, chunks: p.chunks })),
    { onProgress, train },
  )
  // The first document written switches to the new model; the stored chunks get its vectors before.
  let activate = activationStatement(prepared)
  if (activate) await embedStoredChunks(handle, prepared, { documentId: pending[0]!.document.id, chunks: pending[0]!.chunks })
  for (const { file, index, document, chunks } of pending) {
    try {
      const result = await replaceDocument(handle, document, chunks, { embedder: prepared.embedder, activate })
      if (result.status !== 'unchanged') activate = null
      count(summary, result.status)
      summary.files[`corpus/${file.path}`] = result.status
      summary.chunks += result.chunks
      summary.chunksWritten += result.written
      onProgress(`[${index + 1}/${files.length}] corpus/${file.path}: ${result.status}, ${result.chunks} chunks`)
    } catch (error) {
      summary.errors.push({ path: `corpus/${file.path}`, message: (error as Error).message })
      onProgress(`[${index + 1}/${files.length}] corpus/${file.path}: FAILED ${(error as Error).message}`)
    }
  }
  return prepared
}

async function finishEmbeddings(
  handle: DbHandle,
  summary: IngestSummary,
  onProgress: ProgressFn,
  prepared: PreparedEmbeddings | null,
  train?: TrainFn,
): Promise<void> {
  summary.embeddings = await updateEmbeddings(handle, { onProgress, prepared, train })
  invalidateQueryEmbedder()
  if (summary.embeddings.action === 'trained') {
    const m = summary.embeddings.millis
    onProgress(
      `embedding model ${summary.embeddings.model}: trained in ${(m.train / 1000).toFixed(1)} s, ${summary.embeddings.embedded} more vectors written in ${((m.embed + m.write) / 1000).toFixed(1)} s`,
    )
  }
}

/**
 * Loads every Markdown file of `corpusDir` into documents/chunks: unchanged files are skipped on their
 * hash, files that disappeared are removed, then the embeddings are updated once.
 */
export async function ingestCorpus(
  handle: DbHandle,
  corpusDir: string,
  options: { onProgress?: ProgressFn; offload?: boolean } = {},
): Promise<IngestSummary> {
  const started = performance.now()
  const onProgress = options.onProgress ?? (() => {})
  const train = options.offload ? offloaded().train : undefined
  const summary = emptySummary()
  const files = await readCorpus(corpusDir)
  const prepared = await ingestCorpusFiles(handle, files, summary, onProgress, train)
  const removed = await removeDocumentsExcept(handle, 'corpus', files.map((file) => `corpus:${file.path}`))
  summary.removed = removed.length
  for (const id of removed) onProgress(`${id}: removed (file gone)`)
  await finishEmbeddings(handle, summary, onProgress, prepared, train)
  summary.millis = Math.round(performance.now() - started)
  return summary
}

// --- PDFs ----------------------------------------------------------------------------------------------

export interface PdfMeta {
  /** The publication, e.g. 'SCDOT Standard Specifications for Highway Construction'. Guessed when absent. */
  document?: string
  /** '2025'. Guessed when absent. */
  edition?: string
  /** Official link; chunk urls get '#page=<n>'. */
  url?: string
  fileName: string
}

/** 'replaced': another file took the place of the stored book (the user named it with --document and --edition). */
export type PdfStatus = ReplaceStatus | 'replaced'

export interface PdfIngestResult {
  documentId: string
  status: PdfStatus
  /** The file this one replaced ('replaced' only). */
  replaced?: { fileName: string; pages: number }
  document: string
  edition: string
  /** What was guessed rather than given. */
  guessed: { document?: string; edition?: string }
  pages: number
  sections: number
  chunks: number
  chunksWritten: number
  warnings: string[]
  embeddings: EmbeddingUpdate | null
  /** train: the embedding model (before the write); write: the document transaction (with its vectors and the model switch); embed: the other chunks' vectors and the final check */
  millis: { read: number; parse: number; chunk: number; train: number; write: number; embed: number; total: number }
}

/**
 * The same file was already ingested with the same document, edition and url: answer 'unchanged' without
 * reading the PDF again (reading is most of the time of a large book).
 */
async function unchangedPdf(handle: DbHandle, fileHash: string, meta: PdfMeta, url: string | null): Promise<PdfIngestResult | null> {
  const rows = rowsOf<{ id: string; document: string; edition: string | null; content_hash: string; chunk_count: number; meta: Record<string, unknown> }>(
    await handle.db.execute(
      sql`select id, document, edition, content_hash, chunk_count, meta from documents where source = 'pdf' and meta->>'fileSha256' = ${fileHash}`,
    ),
  )
  for (const row of rows) {
    const document = meta.document?.trim() || row.document
    const edition = meta.edition?.trim() || row.edition || ''
    if (pdfContentHash(fileHash, document, edition, url) !== row.content_hash) continue
    const warnings = Array.isArray(row.meta.warnings) ? (row.meta.warnings as string[]) : []
    return {
      documentId: row.id,
      status: 'unchanged',
      document,
      edition,
      guessed: {},
      pages: Number(row.meta.pages ?? 0),
      sections: Number(row.meta.sections ?? 0),
      chunks: row.chunk_count,
      chunksWritten: 0,
      warnings,
      embeddings: null,
      millis: { read: 0, parse: 0, chunk: 0, train: 0, write: 0, embed: 0, total: 0 },
    }
  }
  return null
}

/**
 * A PDF whose document id (title and edition) is already taken by another file, and whose title or
 * edition was guessed: refused before anything is written (docs/decisions/010).
 */
export class DocumentConflictError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DocumentConflictError'
  }
}

interface StoredPdfFile {
  fileName: string
  fileSha256: string | null
  pages: number
}

async function storedPdfFile(handle: DbHandle, documentId: string): Promise<StoredPdfFile | null> {
  const [row] = rowsOf<{ meta: Record<string, unknown> }>(
    await handle.db.execute(sql`select meta from documents where id = ${documentId} and source = 'pdf'`),
  )
  if (!row) return null
  return {
    fileName: typeof row.meta.fileName === 'string' ? row.meta.fileName : 'an earlier file',
    fileSha256: typeof row.meta.fileSha256 === 'string' ? row.meta.fileSha256 : null,
    pages: Number(row.meta.pages ?? 0),
  }
}

/**
 * The identity rule of a book: a document id belongs to the file stored under it. Another file may take
 * its place only when the user named the book with both --document and --edition; a guessed title or
 * edition that lands on a stored book is a different book until the user says otherwise.
 */
function checkIdentity(
  stored: StoredPdfFile | null,
  fileHash: string,
  meta: PdfMeta,
  info: { document: string; edition: string; pages: number; guessed: { document?: string; edition?: string } },
): StoredPdfFile | null {
  if (!stored || stored.fileSha256 === fileHash) return null
  if (meta.document?.trim() && meta.edition?.trim()) return stored
  const title = info.guessed.document !== undefined ? 'guessed title' : 'title'
  const edition = info.guessed.edition !== undefined ? (info.guessed.document !== undefined ? 'edition' : 'guessed edition') : 'edition'
  const same = stored.fileName === meta.fileName ? `another file named ${stored.fileName}` : stored.fileName
  throw new DocumentConflictError(
    `${meta.fileName} was not ingested: its ${title} and ${edition} ("${info.document}", edition "${info.edition}") are those of ` +
      `the book already loaded from ${same} (${stored.pages} pages; ${meta.fileName} has ${info.pages}), a different file. Nothing was changed. ` +
      `To keep both, give ${meta.fileName} its own --document "..." or --edition "..."; ` +
      `to replace ${stored.fileName} with it, run again with --document "${info.document}" --edition "${info.edition}".`,
  )
}

/**
 * Nothing to write, but an earlier ingest may have been killed between writing vectors and switching to
 * their model: then bring the embeddings in line (null when they already are).
 */
async function mendEmbeddings(handle: DbHandle, onProgress: ProgressFn, offload?: boolean): Promise<EmbeddingUpdate | null> {
  if (!(await embeddingsNeedRepair(handle))) return null
  onProgress('the stored vectors are not all of the current embedding model (an interrupted ingest?): mending them')
  const embeddings = await updateEmbeddings(handle, { onProgress, train: offload ? offloaded().train : undefined })
  invalidateQueryEmbedder()
  onProgress(`embedding model ${embeddings.model}: ${embeddings.action}, ${embeddings.embedded} vectors written`)
  return embeddings
}

/**
 * Reads, parses and stores one specification-book PDF as document `pdf:<document>:<edition>`.
 * A PdfError (encrypted, no text, corrupt, too large) or a DocumentConflictError (another file holds that
 * id and the title or edition was guessed) is thrown before anything is written.
 */
export async function ingestPdf(
  handle: DbHandle,
  bytes: Uint8Array,
  meta: PdfMeta,
  options: { onProgress?: ProgressFn; offload?: boolean } = {},
): Promise<PdfIngestResult> {
  const onProgress = options.onProgress ?? (() => {})
  const t0 = performance.now()
  const fileHash = createHash('sha256').update(bytes).digest('hex')
  const url = meta.url?.trim() || null
  const known = await unchangedPdf(handle, fileHash, meta, url)
  if (known) {
    onProgress(`${meta.fileName}: unchanged (same file as ${known.documentId})`)
    const embeddings = await mendEmbeddings(handle, onProgress, options.offload)
    return { ...known, embeddings, millis: { ...known.millis, total: performance.now() - t0 } }
  }
  onProgress(`${meta.fileName}: reading ${(bytes.length / 1024 / 1024).toFixed(1)} MB`)
  const cpu = options.offload ? offloaded() : inProcess
  const pdf = await cpu.preparePdf(bytes, { ...meta, url: url ?? undefined }, fileHash)
  const { doc, chunks, info } = pdf
  onProgress(`${meta.fileName}: ${info.pages} pages read in ${(pdf.millis.read / 1000).toFixed(1)} s`)
  onProgress(`${meta.fileName}: ${info.sections} sections, ${chunks.length} chunks, ${info.warnings.length} warnings`)
  const replacing = checkIdentity(await storedPdfFile(handle, doc.id), fileHash, meta, info)
  const t3 = performance.now()
  const prepared = await prepareEmbeddings(handle, [{ documentId: doc.id, chunks }], { onProgress, train: cpu.train })
  const activate = activationStatement(prepared)
  const trained = performance.now()
  if (activate) await embedStoredChunks(handle, prepared, { documentId: doc.id, chunks })
  const t4 = performance.now()
  // The model switch commits with the document (item 7 of issue 13: a kill after this commit leaves a searchable book).
  const result = await replaceDocument(handle, doc, chunks, { embedder: prepared.embedder, activate })
  const t5 = performance.now()
  const replaced = replacing && result.status === 'updated' ? { fileName: replacing.fileName, pages: replacing.pages } : undefined
  const status: PdfStatus = replaced ? 'replaced' : result.status
  onProgress(`${meta.fileName}: ${status}, ${result.written} chunks written in ${((t5 - t4) / 1000).toFixed(1)} s`)
  let embeddings: EmbeddingUpdate | null = null
  if (result.status !== 'unchanged' || (await embeddingsNeedRepair(handle))) {
    embeddings = await updateEmbeddings(handle, { onProgress, prepared, train: cpu.train })
    invalidateQueryEmbedder()
  }
  const t6 = performance.now()
  return {
    documentId: doc.id,
    status,
    ...(replaced ? { replaced } : {}),
    document: info.document,
    edition: info.edition,
    guessed: info.guessed,
    pages: info.pages,
    sections: info.sections,
    chunks: chunks.length,
    chunksWritten: result.written,
    warnings: info.warnings,
    embeddings,
    millis: { ...pdf.millis, train: trained - t3, write: t5 - t4, embed: t4 - trained + (t6 - t5), total: t6 - t0 },
  }
}

// --- paths (the CLI) -----------------------------------------------------------------------------------

export interface PathsOptions {
  document?: string
  edition?: string
  url?: string
  /** The bundled corpus folder: Markdown files are keyed by their path under it. Default: ./corpus. */
  corpusDir?: string
  onProgress?: ProgressFn
}

export interface PathResult {
  path: string
  ok: boolean
  message: string
  pdf?: PdfIngestResult
  corpus?: IngestSummary
}

async function walk(dir: string): Promise<string[]> {
  const entries: Dirent[] = await fs.readdir(dir, { withFileTypes: true })
  const nested = await Promise.all(
    entries.map(async (entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return walk(full)
      return entry.isFile() ? [full] : []
    }),
  )
  return nested.flat().sort()
}

function isInside(file: string, dir: string): boolean {
  const relative = path.relative(dir, file)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

export function describePdfResult(result: PdfIngestResult): string {
  const guessed = Object.entries(result.guessed).map(([key, value]) => `${key} '${value}'`)
  const replaced = result.replaced ? `; replaced ${result.replaced.fileName} (${result.replaced.pages} pages)` : ''
  return `${result.status}: ${result.document} (${result.edition}), ${result.pages} pages, ${result.sections} sections, ${result.chunks} chunks (${result.chunksWritten} written), ${result.warnings.length} warnings${guessed.length ? `; guessed ${guessed.join(' and ')}` : ''}${replaced}`
}

export function describeCorpusSummary(corpus: IngestSummary): string {
  const failed = corpus.errors.length
  return `${corpus.added} added, ${corpus.updated} updated, ${corpus.unchanged} unchanged, ${corpus.removed} removed, ${corpus.chunksWritten} chunks written${failed ? `; ${failed} failed: ${corpus.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}` : ''}`
}

/** What one command-line path stands for. */
export type IngestTarget =
  | { kind: 'corpus'; path: string }
  | { kind: 'pdf'; path: string; file: string }
  | { kind: 'markdown'; path: string; file: string; corpusPath: string }
  | { kind: 'error'; path: string; message: string }

/** Expands files and folders: the corpus folder itself, PDFs, Markdown under the corpus folder. */
export async function expandPaths(paths: string[], corpusDir: string): Promise<IngestTarget[]> {
  const root = path.resolve(corpusDir)
  const targets: IngestTarget[] = []
  for (const given of paths) {
    const full = path.resolve(given)
    let stat
    try {
      stat = await fs.stat(full)
    } catch {
      targets.push({ kind: 'error', path: given, message: 'no such file or folder' })
      continue
    }
    if (stat.isDirectory() && full === root) {
      targets.push({ kind: 'corpus', path: given })
      continue
    }
    const files = stat.isDirectory()
      ? (await walk(full)).filter((f) => /\.(pdf|md)$/i.test(f) && path.basename(f) !== 'README.md')
      : [full]
    if (stat.isDirectory() && files.length === 0) targets.push({ kind: 'error', path: given, message: 'no .pdf or .md file in this folder' })
    for (const file of files) {
      const shown = path.relative(process.cwd(), file) || file
      if (/\.md$/i.test(file)) {
        if (isInside(file, root)) targets.push({ kind: 'markdown', path: shown, file, corpusPath: path.relative(root, file).split(path.sep).join('/') })
        else targets.push({ kind: 'error', path: shown, message: `Markdown files are read from the corpus folder (${root}); move the file there` })
      } else if (/\.pdf$/i.test(file)) targets.push({ kind: 'pdf', path: shown, file })
      else targets.push({ kind: 'error', path: shown, message: 'not a PDF or Markdown file' })
    }
  }
  return targets
}

/** Parses one corpus Markdown file given by content (the hand-off route receives it as bytes). */
export function corpusFileFromText(corpusPath: string, raw: string): CorpusFile {
  let parsed: matter.GrayMatterFile<string>
  try {
    parsed = matter(raw, { excerpt: false })
  } catch (error) {
    throw new Error(`corpus/${corpusPath}: front matter is not valid YAML (${(error as Error).message})`)
  }
  const data = parsed.data as Record<string, unknown>
  const folder = corpusPath.includes('/') ? corpusPath.split('/')[0]! : 'misc'
  return {
    path: corpusPath,
    kind: typeof data.kind === 'string' ? data.kind : folder,
    title: typeof data.title === 'string' ? data.title : path.basename(corpusPath, '.md'),
    contentHash: createHash('sha256').update(raw).digest('hex'),
    frontMatter: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
    body: parsed.content.trim(),
  }
}

/** Ingests corpus Markdown files (no removal of other records), then updates the embeddings. */
export async function ingestMarkdownFiles(
  handle: DbHandle,
  files: CorpusFile[],
  options: { onProgress?: ProgressFn; offload?: boolean } = {},
): Promise<IngestSummary> {
  const onProgress = options.onProgress ?? (() => {})
  const train = options.offload ? offloaded().train : undefined
  const started = performance.now()
  const summary = emptySummary()
  const prepared = await ingestCorpusFiles(handle, files, summary, onProgress, train)
  await finishEmbeddings(handle, summary, onProgress, prepared, train)
  summary.millis = Math.round(performance.now() - started)
  return summary
}

/**
 * Ingests files and folders: PDFs one by one, Markdown under the corpus folder (the whole corpus folder
 * also removes records whose file is gone). One failing file does not stop the others.
 */
export async function ingestPaths(handle: DbHandle, paths: string[], options: PathsOptions = {}): Promise<PathResult[]> {
  const onProgress = options.onProgress ?? (() => {})
  const corpusDir = path.resolve(options.corpusDir ?? path.join(process.cwd(), 'corpus'))
  const results: PathResult[] = []
  const markdown: Array<Extract<IngestTarget, { kind: 'markdown' }>> = []
  for (const target of await expandPaths(paths, corpusDir)) {
    if (target.kind === 'error') results.push({ path: target.path, ok: false, message: target.message })
    else if (target.kind === 'markdown') markdown.push(target)
    else if (target.kind === 'corpus') {
      try {
        const corpus = await ingestCorpus(handle, corpusDir, { onProgress })
        results.push({ path: target.path, ok: corpus.errors.length === 0, corpus, message: describeCorpusSummary(corpus) })
      } catch (error) {
        results.push({ path: target.path, ok: false, message: (error as Error).message })
      }
    } else {
      try {
        const bytes = new Uint8Array(await fs.readFile(target.file))
        const pdf = await ingestPdf(
          handle,
          bytes,
          { document: options.document, edition: options.edition, url: options.url, fileName: path.basename(target.file) },
          { onProgress },
        )
        results.push({ path: target.path, ok: true, pdf, message: describePdfResult(pdf) })
      } catch (error) {
        results.push({ path: target.path, ok: false, message: (error as Error).message })
      }
    }
  }
  if (markdown.length > 0) {
    try {
      const wanted = new Set(markdown.map((target) => target.corpusPath))
      const files = (await readCorpus(corpusDir)).filter((file) => wanted.has(file.path))
      const summary = await ingestMarkdownFiles(handle, files, { onProgress })
      const failed = new Map(summary.errors.map((e) => [e.path, e.message]))
      for (const target of markdown) {
        const key = `corpus/${target.corpusPath}`
        const message = failed.get(key)
        results.push({ path: target.path, ok: !message, message: message ?? summary.files[key] ?? 'not found in the corpus folder', corpus: summary })
      }
    } catch (error) {
      for (const target of markdown) results.push({ path: target.path, ok: false, message: (error as Error).message })
    }
  }
  return results
}
