/**
 * Background ingest jobs of a running server (the CLI hand-off): one at a time, in arrival order, so
 * two uploads never write concurrently, while searches keep being answered between the short
 * transactions. Kept in memory: a restart forgets them (the CLI then reports the server as gone).
 */
import { randomUUID } from 'node:crypto'

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

const KEEP = 50
const MAX_PROGRESS = 500
const jobs = new Map<string, IngestJob>()
let queue: Promise<void> = Promise.resolve()

export function startJob(label: string, run: (onProgress: (line: string) => void) => Promise<JobOutcome>): IngestJob {
  const job: IngestJob = {
    id: randomUUID(),
    label,
    status: 'queued',
    progress: [],
    message: null,
    result: null,
    createdAt: new Date().toISOString(),
    finishedAt: null,
  }
  jobs.set(job.id, job)
  for (const old of [...jobs.keys()].slice(0, Math.max(0, jobs.size - KEEP))) jobs.delete(old)
  const onProgress = (line: string) => {
    job.progress.push(line)
    if (job.progress.length > MAX_PROGRESS) job.progress.splice(0, job.progress.length - MAX_PROGRESS)
  }
  queue = queue.then(async () => {
    job.status = 'running'
    try {
      const outcome = await run(onProgress)
      job.status = outcome.ok ? 'done' : 'failed'
      job.message = outcome.message
      job.result = outcome.result ?? null
    } catch (error) {
      job.status = 'failed'
      job.message = (error as Error).message
    }
    job.finishedAt = new Date().toISOString()
  })
  return job
}

export function getJob(id: string): IngestJob | undefined {
  return jobs.get(id)
}
