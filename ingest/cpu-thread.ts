/**
 * The worker thread of ./offload.ts: runs the CPU-bound ingest tasks of ./pdf-prepare.ts off the server's
 * event loop. The production server starts its build (<build>/cli/cpu-worker.mjs, scripts/build-cli.mjs);
 * the development server starts ./cpu-worker.mjs, which loads this file through tsx.
 */
import { parentPort } from 'node:worker_threads'
import { inProcess, type CpuTasks } from './pdf-prepare'

interface TaskMessage {
  task: keyof CpuTasks
  args: unknown[]
}

parentPort?.on('message', async ({ task, args }: TaskMessage) => {
  try {
    const result = await (inProcess[task] as (...a: unknown[]) => Promise<unknown>)(...args)
    parentPort!.postMessage({ ok: true, result })
  } catch (error) {
    const e = error as { name?: string; code?: string; message?: string }
    parentPort!.postMessage({ ok: false, error: { name: e?.name, code: e?.code, message: e?.message ?? String(error) } })
  }
})
