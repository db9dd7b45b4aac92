import { hostname } from 'node:os'
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { rowsOf, type DbHandle } from '@db/client'

/** This process's name as a lock holder. */
export const PROCESS_HOLDER = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`

/**
 * Takes the named lease for `ttlMs` in one atomic statement: the row is inserted when absent, or taken
 * over only when its lease has run out (the WHERE on the conflict update). Exactly one of several
 * concurrent callers gets a row back. Returns whether this holder now has the lease.
 */
export async function acquireJobLock(handle: DbHandle, name: string, holder: string, ttlMs: number): Promise<boolean> {
  const seconds = Math.max(1, Math.ceil(ttlMs / 1000))
  const result = await handle.db.execute(sql`
    insert into job_locks (name, holder, expires_at, acquired_at)
    values (${name}, ${holder}, now() + make_interval(secs => ${seconds}), now())
    on conflict (name) do update set
      holder = excluded.holder, expires_at = excluded.expires_at, acquired_at = excluded.acquired_at
      where job_locks.expires_at <= now()
    returning holder`)
  const rows = rowsOf<{ holder: string }>(result)
  return rows.length === 1 && rows[0]!.holder === holder
}

/** Gives the lease back (only if this holder still has it). */
export async function releaseJobLock(handle: DbHandle, name: string, holder: string): Promise<void> {
  await handle.db.execute(sql`delete from job_locks where name = ${name} and holder = ${holder}`)
}
