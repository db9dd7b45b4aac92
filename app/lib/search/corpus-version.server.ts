import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@db/client'

/**
 * What search results of a database depend on: its documents and its current embedding model. Caches
 * built from the corpus (the spelling vocabulary, finished answers) compare it to know when to rebuild.
 */
export async function corpusVersion(handle: DbHandle): Promise<string> {
  const result = await handle.db.execute(
    sql`select (select max(ingested_at)::text from documents) as at, (select count(*)::int from documents) as n, (select max(trained_at)::text from embedding_models) as model`,
  )
  const row = rowsOf<{ at: string | null; n: number; model: string | null }>(result)[0]
  return `${row?.at ?? ''}|${row?.n ?? 0}|${row?.model ?? ''}`
}
