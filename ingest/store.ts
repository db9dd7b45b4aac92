/**
 * Writes one document and its chunks. Everything is prepared before the transaction (diff against the
 * stored chunks, embeddings), and the transaction itself only runs a few batched statements: PGlite
 * serialises every query of the process, so a long transaction would hold up searches.
 *
 * A chunk whose id and content hash are already stored is left untouched, unless its vector is of another
 * model than the embedder's (then only the vector is rewritten); only its ordinal is corrected when the
 * document's order changed. A kill at any point leaves either the previous version or the new one, never a
 * mix. `activate` (the embedding model switch) is the transaction's last statement, so the vectors written
 * here commit together with the row of the model that made them.
 */
import { and, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm'
import { config } from '../config/settings.mjs'
import type { DbHandle } from '../db/client'
import { chunks as chunksTable, documents } from '../db/schema'
import { embeddingText, type ChunkEmbedder, type IngestChunk, type IngestDocument } from '../app/lib/search/core/chunk'

/** Embeds chunk texts for storage; null for a text the model cannot place (stored as NULL). */

export type ReplaceStatus = 'added' | 'updated' | 'unchanged'

export interface ReplaceResult {
  status: ReplaceStatus
  chunks: number
  /** Chunks inserted or rewritten. */
  written: number
  /** Chunks deleted because they are gone from the new version. */
  deleted: number
  millis: { prepare: number; embed: number; write: number }
}

export interface ReplaceOptions {
  /** Embeds new and changed chunks before the transaction; without it they are stored without a vector. */
  embedder?: ChunkEmbedder | null
  /** Run last in the transaction when the document is written (makes the embedder's model current). */
  activate?: SQL | null
}

export const BATCH_ROWS = 500

function batches<T>(items: T[], size = BATCH_ROWS): T[][] {
  const out: T[][] = []
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size))
  return out
}

/** Test hook: INGEST_TEST_PAUSE_MS makes the write transaction wait before it commits (kill tests). */
async function testPause(): Promise<void> {
  const ms = config().INGEST_TEST_PAUSE_MS
  if (ms > 0) {
    process.stderr.write(`INGEST_TEST_PAUSE inside transaction (${ms} ms)\n`)
    await new Promise((resolve) => setTimeout(resolve, ms))
  }
}

/**
 * Test hook: INGEST_TEST_KILL_AFTER_COMMIT=1 kills the process the moment a document's transaction has
 * committed, before anything else is written (kill tests: what a crash at that point leaves behind).
 */
function testKillAfterCommit(): void {
  if (config().INGEST_TEST_KILL_AFTER_COMMIT) {
    process.stderr.write('INGEST_TEST_KILL after commit\n')
    process.kill(process.pid, 'SIGKILL')
  }
}

export async function storedDocumentHashes(handle: DbHandle, source?: 'corpus' | 'pdf'): Promise<Map<string, string>> {
  const rows = await handle.db
    .select({ id: documents.id, hash: documents.contentHash })
    .from(documents)
    .where(source ? eq(documents.source, source) : undefined)
  return new Map(rows.map((row) => [row.id, row.hash]))
}

export async function replaceDocument(
  handle: DbHandle,
  doc: IngestDocument,
  chunks: IngestChunk[],
  options: ReplaceOptions = {},
): Promise<ReplaceResult> {
  const t0 = performance.now()
  const { db } = handle
  const [stored] = await db
    .select({ hash: documents.contentHash })
    .from(documents)
    .where(eq(documents.id, doc.id))
  const zero = { prepare: performance.now() - t0, embed: 0, write: 0 }
  if (stored?.hash === doc.contentHash) {
    return { status: 'unchanged', chunks: chunks.length, written: 0, deleted: 0, millis: zero }
  }

  const ids = new Set<string>()
  for (const chunk of chunks) {
    if (ids.has(chunk.id)) throw new Error(`${doc.id}: two chunks share the id ${chunk.id}`)
    ids.add(chunk.id)
  }
  const existing = stored
    ? await db
        .select({ id: chunksTable.id, hash: chunksTable.contentHash, ordinal: chunksTable.ordinal, model: chunksTable.embeddingModel })
        .from(chunksTable)
        .where(eq(chunksTable.documentId, doc.id))
    : []
  const before = new Map(existing.map((row) => [row.id, row]))
  const changed = chunks.filter((chunk) => before.get(chunk.id)?.hash !== chunk.contentHash)
  const moved = chunks.filter((chunk) => {
    const old = before.get(chunk.id)
    return old && old.hash === chunk.contentHash && old.ordinal !== chunk.ordinal
  })
  const gone = existing.filter((row) => !ids.has(row.id)).map((row) => row.id)
  // Rows whose content changed are deleted and inserted again (simpler than an upsert of every column).
  const toDelete = [...gone, ...changed.filter((chunk) => before.has(chunk.id)).map((chunk) => chunk.id)]
  const t1 = performance.now()

  const embedder = options.embedder ?? null
  // Kept chunks whose vector is of another model get a vector of the embedder's (normally done beforehand by embedStoredChunks).
  const restamped = embedder
    ? chunks.filter((chunk) => {
        const old = before.get(chunk.id)
        return old && old.hash === chunk.contentHash && old.model !== embedder.name
      })
    : []
  const embedded = [...changed, ...restamped]
  const allVectors = embedder && embedded.length > 0 ? await embedder.embedTexts(embedded.map(embeddingText)) : []
  const vectors = allVectors.slice(0, changed.length)
  const restampVectors = allVectors.slice(changed.length)
  const rows = changed.map((chunk, i) => {
    const vector = vectors[i] ?? null
    return {
      id: chunk.id,
      documentId: doc.id,
      ordinal: chunk.ordinal,
      kind: chunk.kind,
      section: chunk.section,
      sectionTitle: chunk.sectionTitle,
      headingPath: chunk.headingPath,
      text: chunk.text,
      edition: chunk.edition,
      pageStart: chunk.pageStart,
      pageEnd: chunk.pageEnd,
      pageLabelStart: chunk.pageLabelStart ?? null,
      pageLabelEnd: chunk.pageLabelEnd ?? null,
      url: chunk.url,
      refs: chunk.refs,
      topics: chunk.topics,
      contentHash: chunk.contentHash,
      embedding: vector,
      embeddingModel: embedder ? embedder.name : null,
    }
  })
  const t2 = performance.now()

  const documentRow = {
    id: doc.id,
    source: doc.source,
    kind: doc.kind,
    title: doc.title,
    document: doc.document,
    edition: doc.edition,
    url: doc.url,
    contentHash: doc.contentHash,
    chunkCount: chunks.length,
    meta: doc.meta,
    ingestedAt: new Date(),
  }
  const { id: _id, ...updatable } = documentRow
  await db.transaction(async (tx) => {
    await tx
      .insert(documents)
      .values(documentRow)
      .onConflictDoUpdate({ target: documents.id, set: updatable })
    for (const batch of batches(toDelete, 5000)) {
      await tx.delete(chunksTable).where(and(eq(chunksTable.documentId, doc.id), inArray(chunksTable.id, batch)))
    }
    for (const batch of batches(rows)) await tx.insert(chunksTable).values(batch)
    for (const batch of batches(moved)) {
      const values = sql.join(
        batch.map((chunk) => sql`(${chunk.id}::text, ${chunk.ordinal}::int)`),
        sql`, `,
      )
      await tx.execute(
        sql`update chunks set ordinal = v.ordinal from (values ${values}) as v(id, ordinal) where chunks.id = v.id`,
      )
    }
    for (let start = 0; start < restamped.length; start += BATCH_ROWS) {
      const values = sql.join(
        restamped.slice(start, start + BATCH_ROWS).map((chunk, i) => {
          const vector = restampVectors[start + i]
          return sql`(${chunk.id}::text, ${vector ? `[${vector.join(',')}]` : null}::vector)`
        }),
        sql`, `,
      )
      await tx.execute(
        sql`update chunks set embedding = v.embedding, embedding_model = ${embedder!.name} from (values ${values}) as v(id, embedding) where chunks.id = v.id`,
      )
    }
    if (options.activate) await tx.execute(options.activate)
    await testPause()
  })
  testKillAfterCommit()
  const t3 = performance.now()
  return {
    status: stored ? 'updated' : 'added',
    chunks: chunks.length,
    written: rows.length,
    deleted: gone.length,
    millis: { prepare: t1 - t0, embed: t2 - t1, write: t3 - t2 },
  }
}

/** Deletes the documents of `source` whose id is not in `keep` (their chunks cascade). Returns their ids. */
export async function removeDocumentsExcept(handle: DbHandle, source: 'corpus' | 'pdf', keep: string[]): Promise<string[]> {
  const where =
    keep.length === 0
      ? eq(documents.source, source)
      : and(eq(documents.source, source), notInArray(documents.id, keep))
  const removed = await handle.db.delete(documents).where(where).returning({ id: documents.id })
  return removed.map((row) => row.id)
}
