import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import { sql } from 'drizzle-orm'
import { getDatabase, rowsOf, type DbHandle } from '@db/client'
import { loadCheatSheets } from '../corpus/records.server'
import { commonWordEntries } from '../search/vocabulary.server'
import { buildOfflineIndex, MAX_INDEX_BYTES } from './index-builder'
import { PASSAGE_COLUMNS, passageOfRow, type PassageRow } from '../search/passage-row.server'
import type { OfflineIndex } from './types'

export interface ServedIndex {
  index: OfflineIndex
  body: string
  etag: string
  /** The body compressed once per version (gzip and Brotli), so a request does not compress ~0.8 MB again. */
  encoded: Record<IndexEncoding, Buffer>
}

export type IndexEncoding = 'br' | 'gzip'

let cached: { key: string; served: Promise<ServedIndex> } | null = null

/**
 * The offline index from the bundled corpus in the database (every chunk of `corpus/`, not the official
 * books loaded from PDFs: those stay online), rebuilt only when a chunk changed (content hashes). A request
 * reads only a digest of the chunks' ids and hashes; the passages are read again only when it changed.
 */
export async function offlineIndex(handle?: DbHandle): Promise<ServedIndex> {
  const { db } = handle ?? (await getDatabase())
  const [digest] = rowsOf<{ key: string }>(
    await db.execute(sql`
      select md5(coalesce(string_agg(c.id || ':' || c.content_hash, '|' order by c.id), '')) as key
      from chunks c join documents d on d.id = c.document_id
      where d.source = 'corpus'`),
  )
  const key = digest!.key
  if (cached && cached.key === key) return cached.served
  const served = buildServedIndex(db)
  cached = { key, served }
  // A failed build is not kept: the next request tries again.
  served.catch(() => {
    if (cached?.served === served) cached = null
  })
  return served
}

const gzipAsync = promisify(gzip)
const brotliAsync = promisify(brotliCompress)

async function buildServedIndex(db: DbHandle['db']): Promise<ServedIndex> {
  const rows = rowsOf<PassageRow>(
    await db.execute(sql`
      select ${PASSAGE_COLUMNS}
      from chunks c join documents d on d.id = c.document_id
      where d.source = 'corpus'
      order by c.id`),
  )
  const sheets = (await loadCheatSheets()).map(({ id, title, keywords, criticalChecks }) => ({ id, title, keywords, criticalChecks }))
  const index = buildOfflineIndex(rows.map(passageOfRow), sheets, commonWordEntries())
  const body = JSON.stringify(index)
  const bytes = Buffer.byteLength(body)
  if (bytes > MAX_INDEX_BYTES) {
    throw new Error(`The offline index is ${bytes} bytes, over the ${MAX_INDEX_BYTES}-byte cap`)
  }
  // In the thread pool, not on the request thread; browsers ask for Brotli over HTTPS only, gzip otherwise.
  // On the bundled corpus (837 KB): Brotli 9 gives 134 KB in 55 ms of CPU, 11 gives 121 KB in 0.97 s, which
  // every server process would pay at each new version; gzip 9 gives 159 KB in 19 ms.
  const [br, gz] = await Promise.all([
    brotliAsync(body, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: bytes },
    }),
    gzipAsync(body, { level: 9 }),
  ])
  return { index, body, etag: `"oi-${index.version}"`, encoded: { br, gzip: gz } }
}
