import { sql } from 'drizzle-orm'
import { getDatabase, rowsOf, type DbHandle } from '@db/client'
import { loadCheatSheets } from '../corpus/records.server'
import { commonWordEntries } from '../search/vocabulary.server'
import { buildOfflineIndex, MAX_INDEX_BYTES } from './index-builder'
import { PASSAGE_COLUMNS, passageOfRow, type PassageRow } from '../search/passage-row.server'
import type { OfflineIndex } from './types'

interface Row extends PassageRow {
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
      select ${PASSAGE_COLUMNS}, c.content_hash
      from chunks c join documents d on d.id = c.document_id
      where d.source = 'corpus'
      order by c.id`),
  )
  const key = rows.map((row) => `${row.chunk_id}:${row.content_hash}`).join('|')
  if (cached && cached.key === key) return cached.served
  const sheets = (await loadCheatSheets()).map(({ id, title, keywords, criticalChecks }) => ({ id, title, keywords, criticalChecks }))
  const index = buildOfflineIndex(rows.map(passageOfRow), sheets, commonWordEntries())
  const body = JSON.stringify(index)
  if (Buffer.byteLength(body) > MAX_INDEX_BYTES) {
    throw new Error(`The offline index is ${Buffer.byteLength(body)} bytes, over the ${MAX_INDEX_BYTES}-byte cap`)
  }
  const served = { index, body, etag: `"oi-${index.version}"` }
  cached = { key, served }
  return served
}
