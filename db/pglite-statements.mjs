// Named prepared statements for PGlite (docs/decisions/018): PGlite's own `query` sends every statement
// unnamed, so Postgres parses, analyses and plans it on each call. The retrieval statement of a search
// (about 3 KB of SQL) spent more time there than in its execution: 7-11 ms a search against about 4 ms
// when it is prepared once. A statement text is prepared the second time it is seen (one-off texts
// such as DDL stay unnamed) and kept, the least recently used ones closed beyond MAX_STATEMENTS.
// Statements inside a transaction keep PGlite's own path. Plain JavaScript with runtime dependencies
// only: the database thread (db/pglite-worker.mjs) loads it, as does the in-process client (db/client.ts).
import { parse, protocol } from '@electric-sql/pglite'

const MAX_STATEMENTS = 200
const MAX_SEEN = 2000
// Postgres refuses a prepared statement whose result columns a schema change altered.
const CHANGED_RESULT = '0A000'

const { serialize } = protocol

/**
 * Returns a `query(text, params, options)` with PGlite's signature and results that prepares repeated
 * statements, or null when this PGlite lacks the methods it relies on (then callers keep `db.query`).
 * `plainQuery` is PGlite's own query (bound), used for statements seen once and as the fallback.
 */
export function preparedStatements(db, plainQuery = db.query.bind(db), { max = MAX_STATEMENTS } = {}) {
  if (typeof db._runExclusiveTransaction !== 'function' || typeof db.runExclusive !== 'function' || typeof db.execProtocolStream !== 'function') {
    return null
  }
  /** text -> { name, types }, in order of last use (a Map keeps insertion order). */
  const statements = new Map()
  const seen = new Set()
  let next = 1

  const send = async (message) => db.execProtocolStream(message, { syncToFs: false })

  async function close(entry) {
    try {
      await send(serialize.close({ type: 'S', name: entry.name }))
    } finally {
      await send(serialize.sync())
    }
  }

  async function prepare(text) {
    const name = `scdot_${next++}`
    const described = []
    try {
      await send(serialize.parse({ name, text }))
      described.push(...(await send(serialize.describe({ type: 'S', name }))))
    } finally {
      await send(serialize.sync())
    }
    const types = described.find((m) => m.name === 'parameterDescription')?.dataTypeIDs ?? []
    const entry = { name, types }
    statements.set(text, entry)
    while (statements.size > max) {
      const [oldest, old] = statements.entries().next().value
      statements.delete(oldest)
      await close(old)
    }
    return entry
  }

  /** Runs a prepared statement: Bind, Describe (the portal's columns), Execute, Sync. */
  async function run(text, params, options) {
    let entry = statements.get(text)
    if (entry) {
      statements.delete(text)
      statements.set(text, entry)
    } else {
      entry = await prepare(text)
    }
    const values = params.map((value, k) => {
      if (value === null || value === undefined) return null
      const serializer = options?.serializers?.[entry.types[k]] ?? db.serializers[entry.types[k]]
      return serializer ? serializer(value) : value.toString()
    })
    const results = []
    try {
      results.push(...(await send(serialize.bind({ statement: entry.name, values }))))
      results.push(...(await send(serialize.describe({ type: 'P' }))))
      results.push(...(await send(serialize.execute({}))))
    } catch (error) {
      if (error?.code === CHANGED_RESULT) {
        statements.delete(text)
        return { retry: entry }
      }
      throw error
    } finally {
      results.push(...(await send(serialize.sync())))
    }
    await db.syncToFs()
    return { result: parse.parseResults(results, db.parsers, options)[0] }
  }

  return async function query(text, params = [], options) {
    if (!statements.has(text) && !seen.has(text)) {
      if (seen.size >= MAX_SEEN) seen.clear()
      seen.add(text)
      return plainQuery(text, params, options)
    }
    let outcome
    try {
      // As PGlite's query: after any open transaction, then alone on the connection.
      outcome = await db._runExclusiveTransaction(() => db.runExclusive(() => run(text, params, options)))
    } catch (error) {
      if (error && typeof error === 'object') Object.assign(error, { query: text, params, queryOptions: options })
      throw error
    }
    if (outcome.retry) {
      await db.runExclusive(() => close(outcome.retry)).catch(() => {})
      return plainQuery(text, params, options)
    }
    return outcome.result
  }
}
