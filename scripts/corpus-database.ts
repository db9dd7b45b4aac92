// The database the search scripts work on (bench:retrieval, fit:search, bench:search-cpu, debug-question):
// PGlite in a directory of its own (made for the run and removed at `close`, or the one named with
// --data-dir, kept for the next run), or a PostgreSQL database by URL; migrated, and holding the bundled
// corpus, searchable.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { migrateDatabase, openDatabase, rowsOf, type DbHandle } from '../db/client'
import { ingestCorpus } from '../ingest/index'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

export interface CorpusDatabase {
  handle: DbHandle
  dataDir: string
  /** Milliseconds the corpus ingest took (0 when it was skipped). */
  ingestMillis: number
  /** Closes the database and removes a directory made for this run. */
  close(): Promise<void>
}

export interface CorpusDatabaseOptions {
  /** --data-dir: a PGlite directory kept between runs; absent, a new one under the system's temp folder. */
  dataDir?: string | null
  /** Name prefix of a directory made for this run. */
  prefix: string
  /** A PostgreSQL database instead of PGlite. */
  databaseUrl?: string
  /** PGlite in its own worker thread, as the server runs it. */
  thread?: boolean
  /** 'always' (default): ingest runs and finds an unchanged corpus unchanged; 'when-empty': only into a database without chunks. */
  ingest?: 'always' | 'when-empty'
}

async function chunkCount(handle: DbHandle): Promise<number> {
  const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from chunks`))
  return Number(n)
}

export async function openCorpusDatabase(options: CorpusDatabaseOptions): Promise<CorpusDatabase> {
  process.env.APP_ROOT ??= ROOT
  const ownDir = !options.dataDir && !options.databaseUrl
  const dataDir = options.dataDir ?? (options.databaseUrl ? '' : fs.mkdtempSync(path.join(os.tmpdir(), `${options.prefix}-`)))
  const handle = await openDatabase({ dataDir: dataDir || undefined, databaseUrl: options.databaseUrl ?? '', thread: options.thread })
  const close = async () => {
    try {
      await handle.close()
    } finally {
      if (ownDir) fs.rmSync(dataDir, { recursive: true, force: true })
    }
  }
  try {
    await migrateDatabase(handle)
    let ingestMillis = 0
    if (options.ingest !== 'when-empty' || (await chunkCount(handle)) === 0) {
      const started = performance.now()
      await ingestCorpus(handle, path.join(ROOT, 'corpus'))
      ingestMillis = performance.now() - started
    }
    return { handle, dataDir, ingestMillis, close }
  } catch (error) {
    await close()
    throw error
  }
}
