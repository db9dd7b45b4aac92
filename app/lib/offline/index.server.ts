import { sql } from 'drizzle-orm'
import { getDatabase, rowsOf, type DbHandle } from '@db/client'
import { loadCheatSheets } from '../corpus/records.server'
import { commonWordEntries } from '../search/vocabulary.server'
import { buildOfflineIndex, MAX_INDEX_BYTES } from './index-builder'
import type { OfflineIndex, OfflinePassage } from './types'

interface Row {
  chunk_id: string
  document_id: string
  document_kind: string
  document_title: string
  document: string
  edition: string | null
  section: string | null
  section_title: string | null
  heading_path: string
  chunk_kind: string
  text: string
  page_start: number | null
  page_end: number | null
  url: string | null
  content_hash: string
}

export interface ServedIndex {
  index: OfflineIndex
  body: string
  etag: string
}

let cached: { key: string; served: ServedIndex } | null = null

/**
 * The offline index from the bundled corpus in the database (every chunk of `corpus/`, not the official
 * books loaded from PDFs: those stay online), rebuilt only when a chunk changed (content hashes).
 */
export async function offlineIndex(handle?: DbHandle): Promise<ServedIndex> {
  const { db } = handle ?? (await getDatabase())
  const rows = rowsOf<Row>(
    await db.execute(sql`
      select c.id as chunk_id, d.id as document_id, d.kind as document_kind, d.title as document_title, d.document,
             coalesce(c.edition, d.edition) as edition, c.section, c.section_title, c.heading_path, c.kind as chunk_kind,
             c.text, c.page_start, c.page_end, coalesce(c.url, d.url) as url, c.content_hash
      from chunks c join documents d on d.id = c.document_id
      where d.source = 'corpus'
      order by c.id`),
  )
  const key = rows.map((row) => `${row.chunk_id}:${row.content_hash}`).join('|')
  if (cached && cached.key === key) return cached.served
  const sheets = (await loadCheatSheets()).map(({ id, title, keywords, criticalChecks }) => ({ id, title, keywords, criticalChecks }))
  const index = buildOfflineIndex(rows.map(toPassage), sheets, commonWordEntries())
  const body = JSON.stringify(index)
  if (Buffer.byteLength(body) > MAX_INDEX_BYTES) {
    throw new Error(`The offline index is ${Buffer.byteLength(body)} bytes, over the ${MAX_INDEX_BYTES}-byte cap`)
  }
  const served = { index, body, etag: `"oi-${index.version}"` }
  cached = { key, served }
  return served
}

function toPassage(row: Row): OfflinePassage {
  const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))
  return {
    chunkId: row.chunk_id,
    documentId: row.document_id,
    documentKind: row.document_kind,
    documentTitle: row.document_title,
    document: row.document,
    edition: row.edition,
    section: row.section,
    sectionTitle: row.section_title,
    headingPath: row.heading_path,
    chunkKind: row.chunk_kind,
    text: row.text,
    pageStart: num(row.page_start),
    pageEnd: num(row.page_end),
    url: row.url,
  }
}
