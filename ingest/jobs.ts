/**
 * Background ingest jobs of the running servers (the CLI hand-off, or an administrator's upload): one at
 * a time in arrival order, so two uploads never write concurrently, while searches keep being answered
 * between the short transactions.
 *
 * Kept in the database (ingest_jobs), so that with several server processes (docs/decisions/012) any of
 * them answers a job's status, and run under the database's `ingest` lock (DbHandle.exclusive), which the
 * corpus load at start and the ingest CLI take too: one ingest at a time across every process. The
 * process running a job refreshes its heartbeat; a job whose process stopped reads as failed.
 */
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { DbHandle } from '../db/client'
import { ingestJobs } from '../db/schema'

export type JobStatus = 'queued' | 'running' | 'done' | 'failed'

export interface IngestJob {
  id: string
  label: string
  status: JobStatus
  progress: string[]
  message: string | null
  result: unknown
  createdAt: string
  finishedAt: string | null
}

export interface JobOutcome {
  ok: boolean
  message: string
  result?: unknown
}

/** The lock every ingest that writes documents takes (jobs, the corpus load at start, the CLI). */
export const INGEST_LOCK = 'ingest'
const KEEP = 50
const MAX_PROGRESS = 500
/** How often the running process writes its progress and heartbeat. */
export const HEARTBEAT_MS = 2_000
/** A queued or running job without a heartbeat for this long lost its process. */
export const STALE_MS = 120_000
export const STOPPED_MESSAGE = 'The server running this ingest stopped before it finished: run it again.'

function toJob(row: typeof ingestJobs.$inferSelect, heartbeatStopped = false): IngestJob {
  const status = row.status as JobStatus
  const stale = heartbeatStopped && (status === 'queued' || status === 'running')
  return {
    id: row.id,
    label: row.label,
    status: stale ? 'failed' : status,
    progress: row.progress,
    message: stale ? STOPPED_MESSAGE : row.message,
    result: row.result ?? null,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  }
}

/**
 * Records a job and runs it in the background of this process once no other ingest runs. Resolves when
 * the job is recorded (queued), not when it has run.
 */
export async function startJob(
  handle: DbHandle,
  label: string,
  run: (onProgress: (line: string) => void) => Promise<JobOutcome>,
): Promise<IngestJob> {
  const id = randomUUID()
  const [row] = await handle.db.insert(ingestJobs).values({ id, label, status: 'queued' }).returning()
  await handle.db.execute(
    sql`delete from ingest_jobs where id not in (select id from ingest_jobs order by created_at desc, id limit ${KEEP})`,
  )

  const progress: string[] = []
  // Lines added since the progress was last written: a save writes them, a heartbeat without news does not.
  let unsaved = false
  const save = (fields: Partial<typeof ingestJobs.$inferInsert> = {}) => {
    const lines = unsaved ? { progress: [...progress] } : {}
    unsaved = false
    return handle.db
      .update(ingestJobs)
      .set({ ...lines, ...fields, heartbeatAt: sql`now()` })
      .where(eq(ingestJobs.id, id))
  }
  const onProgress = (line: string) => {
    progress.push(line)
    if (progress.length > MAX_PROGRESS) progress.splice(0, progress.length - MAX_PROGRESS)
    unsaved = true
  }

  void (async () => {
    let beating: Promise<unknown> = Promise.resolve()
    const heartbeat = setInterval(() => {
      beating = beating.then(() => save()).catch(() => {})
    }, HEARTBEAT_MS)
    heartbeat.unref()
    let outcome: Partial<typeof ingestJobs.$inferInsert>
    try {
      outcome = await handle.exclusive(INGEST_LOCK, async () => {
        await save({ status: 'running' })
        const done = await run(onProgress)
        return { status: done.ok ? 'done' : 'failed', message: done.message, result: done.result ?? null }
      })
    } catch (error) {
      outcome = { status: 'failed', message: (error as Error).message }
    }
    clearInterval(heartbeat)
    await beating
    unsaved = true
    await save({ ...outcome, finishedAt: sql`now()` as unknown as Date }).catch(() => {})
  })()

  return toJob(row!)
}

/** A job as any server process sees it, or undefined when there is no such job. */
export async function getJob(handle: DbHandle, id: string): Promise<IngestJob | undefined> {
  const [found] = await handle.db
    .select({
      row: ingestJobs,
      // The database's clock, not this process's: the heartbeat was written with it.
      stopped: sql<boolean>`${ingestJobs.heartbeatAt} < now() - make_interval(secs => ${STALE_MS / 1000})`,
    })
    .from(ingestJobs)
    .where(eq(ingestJobs.id, id))
    .limit(1)
  return found ? toJob(found.row, Boolean(found.stopped)) : undefined
}
