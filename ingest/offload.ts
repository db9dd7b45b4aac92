/**
 * Runs the CPU-bound ingest tasks (read and parse a PDF, train the embedding model) in a worker thread,
 * one worker per task, so a server that ingests keeps answering requests: pdf.js and the SVD would
 * otherwise hold its event loop for seconds to minutes. The production server starts the worker's build
 * (<build>/cli/cpu-worker.mjs, made by `npm run build`: scripts/build-cli.mjs); the development server
 * starts its source through tsx. When the worker cannot start, the task runs in process, as in the CLI.
 */
import fs from 'node:fs'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { config } from '../config/settings.mjs'
import { PdfError, type PdfErrorCode } from '../app/lib/pdf/read.server'
import { inProcess, type CpuTasks } from './pdf-prepare'

type TaskName = keyof CpuTasks

function workerPath(): string {
  const built = path.join(config().BUILD_DIR, 'cli', 'cpu-worker.mjs')
  if (config().NODE_ENV === 'production' && fs.existsSync(built)) return built
  return path.join(config().APP_ROOT, 'ingest', 'cpu-worker.mjs')
}

function run<T extends TaskName>(task: T, args: Parameters<CpuTasks[T]>): Promise<Awaited<ReturnType<CpuTasks[T]>>> {
  return new Promise((resolve, reject) => {
    let settled = false
    let worker: Worker
    const fallback = (reason: unknown) => {
      if (settled) return
      settled = true
      process.emitWarning(`ingest worker unavailable (${(reason as Error)?.message ?? reason}); running ${task} in process`)
      ;(inProcess[task] as (...a: unknown[]) => Promise<Awaited<ReturnType<CpuTasks[T]>>>)(...args).then(resolve, reject)
    }
    try {
      worker = new Worker(workerPath())
    } catch (error) {
      fallback(error)
      return
    }
    let started = false
    worker.once('online', () => (started = true))
    worker.once('message', (message: { ok: boolean; result?: unknown; error?: { name?: string; code?: string; message: string } }) => {
      settled = true
      void worker.terminate()
      if (message.ok) resolve(message.result as Awaited<ReturnType<CpuTasks[T]>>)
      else if (message.error?.name === 'PdfError') reject(new PdfError(message.error.code as PdfErrorCode, message.error.message))
      else reject(new Error(message.error?.message ?? 'ingest worker failed'))
    })
    worker.once('error', (error) => {
      // A worker that failed to load its modules never ran the task: do it here instead.
      if (!started || !settled) fallback(error)
    })
    worker.once('exit', (code) => {
      if (!settled) fallback(new Error(`worker exited with code ${code}`))
    })
    // Transfer a copy of the bytes rather than cloning them twice.
    const transfer = task === 'preparePdf' ? [((args[0] as Uint8Array).slice()).buffer] : []
    const sent = task === 'preparePdf' ? [new Uint8Array(transfer[0] as ArrayBuffer), ...args.slice(1)] : args
    worker.postMessage({ task, args: sent }, transfer as ArrayBuffer[])
  })
}

/** CPU tasks in worker threads. */
export function offloaded(): CpuTasks {
  return {
    preparePdf: (...args) => run('preparePdf', args),
    train: (...args) => run('train', args),
  }
}
