// The thread that owns the embedded database of a server process (db/pglite-thread.ts starts it): PGlite
// runs here, so the request thread renders pages and composes answers while SQL runs, in parallel.
// Plain JavaScript with runtime dependencies only, so a production install can start it.
//
// Messages in:  { id, op: 'query', sql, params, rowMode, rawTypes, tx? } | { id, op: 'exec', sql, tx? }
//               { id, op: 'begin' } | { id, op: 'end', tx, commit } | { id, op: 'close' }
// Messages out: { id, ok: true, result } | { id, ok: false, error }; { ready: true } once open.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite, messages } from '@electric-sql/pglite'
import { vector } from '@electric-sql/pglite-pgvector'
import { preparedStatements } from './pglite-statements.mjs'

let db
try {
  db = await PGlite.create({ dataDir: workerData.dataDir, extensions: { vector } })
} catch (error) {
  parentPort.postMessage({ ready: false, error: serializeError(error) })
  process.exit(1)
}
// Statements outside a transaction are prepared once and reused (DATABASE_PREPARED_STATEMENTS).
const query = (workerData.prepare && preparedStatements(db)) || ((sql, params, options) => db.query(sql, params, options))

/** Open transactions: id -> the PGlite transaction and the function that ends it. */
const transactions = new Map()
let nextTransaction = 1
const ROLLBACK = Symbol('rollback')

/**
 * Query options as PGlite takes them. Functions cannot cross threads: `rawTypes` lists the type ids whose
 * text the caller wants unparsed (drizzle asks that of dates, timestamps, intervals and numeric arrays).
 */
function queryOptions(message) {
  const options = {}
  if (message.rowMode) options.rowMode = message.rowMode
  if (message.rawTypes?.length) options.parsers = Object.fromEntries(message.rawTypes.map((oid) => [oid, (value) => value]))
  return options
}

/** The transaction a statement runs in, or PGlite itself (which waits for any open transaction). */
function target(message) {
  if (message.tx === undefined) return db
  const open = transactions.get(message.tx)
  if (!open) throw new Error('Transaction is closed')
  return open.tx
}

function begin() {
  return new Promise((resolve, reject) => {
    const id = nextTransaction++
    db.transaction(
      (tx) =>
        new Promise((finish, abort) => {
          transactions.set(id, { tx, end: (commit) => (commit ? finish() : abort(ROLLBACK)) })
          resolve(id)
        }),
    ).then(
      () => transactions.get(id)?.settled?.resolve(),
      (error) => {
        const open = transactions.get(id)
        if (!open) return reject(error) // BEGIN itself failed
        if (error === ROLLBACK) open.settled?.resolve()
        else open.settled?.reject(error)
      },
    )
  })
}

/** Commits or rolls back, and resolves when PGlite has finished doing so. */
function end(id, commit) {
  const open = transactions.get(id)
  if (!open) throw new Error('Transaction is closed')
  return new Promise((resolve, reject) => {
    open.settled = { resolve, reject }
    open.end(commit)
  }).finally(() => transactions.delete(id))
}

async function run(message) {
  switch (message.op) {
    case 'query':
      if (message.tx === undefined) return query(message.sql, message.params ?? [], queryOptions(message))
      return target(message).query(message.sql, message.params ?? [], queryOptions(message))
    case 'exec':
      return target(message).exec(message.sql)
    case 'begin':
      return begin()
    case 'end':
      return end(message.tx, message.commit)
    case 'close':
      await db.close()
      return null
    default:
      throw new Error(`unknown operation ${message.op}`)
  }
}

/** Errors as plain data; PGlite's database errors keep their fields (code, detail, constraint...). */
function serializeError(error) {
  if (!(error instanceof Error)) return { message: String(error) }
  const fields = {}
  for (const [key, value] of Object.entries(error)) {
    // queryOptions holds functions; the rest (code, detail, query, params...) is plain data.
    if (key !== 'queryOptions' && typeof value !== 'function') fields[key] = value
  }
  return { message: error.message, name: error.name, stack: error.stack, database: error instanceof messages.DatabaseError, fields }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => {
      try {
        parentPort.postMessage({ id: message.id, ok: true, result })
      } catch (error) {
        parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) })
      }
    },
    (error) => parentPort.postMessage({ id: message.id, ok: false, error: serializeError(error) }),
  )
})
parentPort.postMessage({ ready: true })
