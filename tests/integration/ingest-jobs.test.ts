/**
 * Background ingest jobs (ingest/jobs.ts) live in the database: every server process answers their
 * status, and they run one at a time across processes under the database's ingest lock.
 */
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '../../db/client'
import { ingestJobs } from '../../db/schema'
import { getJob, startJob, STOPPED_MESSAGE, type IngestJob } from '../../ingest/jobs'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'

async function finished(handle: DbHandle, id: string): Promise<IngestJob> {
  const deadline = Date.now() + 30_000
  for (;;) {
    const job = await getJob(handle, id)
    if (job && (job.status === 'done' || job.status === 'failed')) return job
    if (Date.now() > deadline) throw new Error(`job ${id} did not finish: ${JSON.stringify(job)}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe.each(DATABASE_KINDS)('ingest jobs on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('run one at a time in order and record progress and outcome', async () => {
    const order: string[] = []
    const slow = await startJob(handle, 'a', async (progress) => {
      progress('a started')
      await new Promise((resolve) => setTimeout(resolve, 30))
      order.push('a')
      return { ok: true, message: 'a done', result: { n: 1 } }
    })
    const failing = await startJob(handle, 'b', async () => {
      order.push('b')
      throw new Error('b broke')
    })
    expect(failing.status).toBe('queued')
    expect((await getJob(handle, failing.id))?.status).toBe('queued')
    expect(await finished(handle, slow.id)).toMatchObject({ status: 'done', message: 'a done', progress: ['a started'], result: { n: 1 } })
    expect(await finished(handle, failing.id)).toMatchObject({ status: 'failed', message: 'b broke' })
    expect(order).toEqual(['a', 'b'])
    expect(await getJob(handle, 'nope')).toBeUndefined()
  })

  it('reads a job whose server stopped (no heartbeat) as failed', async () => {
    await handle.db.insert(ingestJobs).values({ id: 'orphan', label: 'x.pdf', status: 'running', heartbeatAt: sql`now() - interval '3 minutes'` as never })
    expect(await getJob(handle, 'orphan')).toMatchObject({ status: 'failed', message: STOPPED_MESSAGE })
  })

  // Two handles on one PostgreSQL database stand for two server processes (PGlite has one process).
  it.skipIf(kind === 'pglite')('are seen by every process and never overlap across processes', async () => {
    const other = await openDatabase(database.open)
    try {
      const spans: Array<[string, number, number]> = []
      const job = (name: string) => async () => {
        const start = performance.now()
        await new Promise((resolve) => setTimeout(resolve, 150))
        spans.push([name, start, performance.now()])
        return { ok: true, message: `${name} done` }
      }
      const first = await startJob(handle, 'first', job('first'))
      const second = await startJob(other, 'second', job('second'))
      // Each process answers for the other's job.
      expect((await finished(other, first.id)).message).toBe('first done')
      expect((await finished(handle, second.id)).message).toBe('second done')
      expect(spans).toHaveLength(2)
      const [a, b] = spans.sort((x, y) => x[1] - y[1])
      expect(b![1], `${b![0]} started before ${a![0]} ended`).toBeGreaterThanOrEqual(a![2])
    } finally {
      await other.close()
    }
  })
})
