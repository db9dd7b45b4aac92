/**
 * PGlite in a worker thread of its own (db/pglite-worker.mjs), for the server: PGlite is Postgres
 * compiled to WebAssembly and runs on the thread that calls it, so in the request thread every
 * statement would stop rendering and answer composition. Here the request thread only posts statements
 * and awaits their rows, and the two run in parallel on two cores (docs/decisions/012).
 *
 * `PGliteThread` offers the part of PGlite's interface that drizzle's PGlite driver uses (query, exec,
 * transaction), so drizzle and every caller see the same rows and errors as with PGlite in process.
 * One connection, as with PGlite itself: a transaction holds it, and statements outside wait for it.
 */
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { messages, type Results, type Transaction } from '@electric-sql/pglite'
import { appRoot } from './client'

interface QueryOptionsIn {
  rowMode?: 'array' | 'object'
  parsers?: Record<number, unknown>
}

interface SerializedError {
  message: string
  name?: string
  stack?: string
  database?: boolean
  fields?: Record<string, unknown>
}

type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError }

/** An error from the thread as the caller would have got it in process (PGlite's DatabaseError keeps its class and fields). */
function revive(error: SerializedError): Error {
  const fields = error.fields ?? {}
  const revived = error.database
    ? new messages.DatabaseError(error.message, Number(fields.length ?? 0), 'error')
    : Object.assign(new Error(error.message), { name: error.name ?? 'Error' })
  Object.assign(revived, fields)
  if (error.stack) revived.stack = error.stack
  return revived
}

export function workerScript(): string {
  return path.join(appRoot(), 'db', 'pglite-worker.mjs')
}

export class PGliteThread {
  private nextId = 1
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>()
  private stopped: Error | null = null

  private constructor(private readonly worker: Worker) {
    worker.on('message', (reply: Reply) => {
      const waiting = this.pending.get(reply.id)
      if (!waiting) return
      this.pending.delete(reply.id)
      if (reply.ok) waiting.resolve(reply.result)
      else waiting.reject(revive(reply.error))
    })
    const fail = (error: Error) => {
      this.stopped ??= error
      for (const waiting of this.pending.values()) waiting.reject(this.stopped)
      this.pending.clear()
    }
    worker.on('error', (error) => fail(new Error(`The database thread failed: ${error.message}`)))
    worker.on('exit', (code) => fail(new Error(`The database thread stopped (exit code ${code}).`)))
  }

  /**
   * Starts the thread and opens the database in `dataDir` (PGlite's directory); `prepare`: statements
   * outside a transaction are prepared once and reused (db/pglite-statements.mjs).
   */
  static start(dataDir: string, options: { prepare?: boolean } = {}): Promise<PGliteThread> {
    return new Promise((resolve, reject) => {
      const worker = new Worker(workerScript(), { workerData: { dataDir, prepare: options.prepare === true } })
      const onExit = (code: number) => reject(new Error(`The database thread stopped while opening ${dataDir} (exit code ${code}).`))
      worker.once('error', reject)
      worker.once('exit', onExit)
      worker.once('message', (message: { ready: boolean; error?: SerializedError }) => {
        worker.off('error', reject)
        worker.off('exit', onExit)
        if (message.ready) resolve(new PGliteThread(worker))
        else reject(revive(message.error ?? { message: 'PGlite did not open' }))
      })
    })
  }

  private call<T>(message: Record<string, unknown>): Promise<T> {
    if (this.stopped) return Promise.reject(this.stopped)
    const id = this.nextId++
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      this.worker.postMessage({ ...message, id })
    })
  }

  private statement(tx: number | undefined, sql: string, params?: unknown[], options?: QueryOptionsIn) {
    return this.call<Results>({
      op: 'query',
      sql,
      params: params ?? [],
      rowMode: options?.rowMode,
      // Parsers are functions and stay here: the thread leaves these types' text unparsed, which is
      // what drizzle's parsers (the identity) ask for.
      rawTypes: options?.parsers ? Object.keys(options.parsers).map(Number) : undefined,
      tx,
    })
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptionsIn): Promise<Results<T>> {
    return this.statement(undefined, sql, params, options) as Promise<Results<T>>
  }

  exec(sql: string): Promise<Results[]> {
    return this.call<Results[]>({ op: 'exec', sql })
  }

  /** Runs `callback` in one transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' })
    let closed = false
    const open = () => {
      if (closed) throw new Error('Transaction is closed')
    }
    const tx = {
      query: async (sql: string, params?: unknown[], options?: QueryOptionsIn) => {
        open()
        return this.statement(id, sql, params, options)
      },
      exec: async (sql: string) => {
        open()
        return this.call<Results[]>({ op: 'exec', sql, tx: id })
      },
      rollback: async () => {
        open()
        closed = true
        await this.call({ op: 'end', tx: id, commit: false })
      },
      get closed() {
        return closed
      },
    } as unknown as Transaction
    try {
      const result = await callback(tx)
      if (!closed) {
        closed = true
        await this.call({ op: 'end', tx: id, commit: true })
      }
      return result
    } catch (error) {
      if (!closed) {
        closed = true
        await this.call({ op: 'end', tx: id, commit: false }).catch(() => {})
      }
      throw error
    }
  }

  /** Closes the database and stops the thread. */
  async close(): Promise<void> {
    if (!this.stopped) {
      try {
        await this.call({ op: 'close' })
      } finally {
        this.stopped = new Error('The database is closed.')
        await this.worker.terminate()
      }
    }
  }
}
