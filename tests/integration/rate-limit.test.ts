import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { hitRateLimit, takeTurn, undoRateLimitHit } from '../../app/lib/rate-limit.server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

// The database primitives under sign-in throttling (decision record 009), on both databases.
describe.each(DATABASE_KINDS)('rate-limit primitives on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('counts hits, reports the count, and takes one back', async () => {
    const rule = { limit: 2, windowMs: 60_000 }
    expect(await hitRateLimit(handle.db, 'k:count', rule)).toMatchObject({ allowed: true, count: 1 })
    expect(await hitRateLimit(handle.db, 'k:count', rule)).toMatchObject({ allowed: true, count: 2 })
    await undoRateLimitHit(handle.db, 'k:count')
    expect(await hitRateLimit(handle.db, 'k:count', rule)).toMatchObject({ allowed: true, count: 2 })
    expect(await hitRateLimit(handle.db, 'k:count', rule)).toMatchObject({ allowed: false, count: 3 })
    await undoRateLimitHit(handle.db, 'k:missing') // nothing to take back: no error, no row
  })

  it('spaces turns out and refuses a turn further away than the longest wait, without queueing it', async () => {
    const waits: number[] = []
    for (let i = 0; i < 3; i++) {
      const turn = await takeTurn(handle.db, 'k:turn', 2_000, 5_000)
      if (!turn.allowed) throw new Error('refused too early')
      waits.push(turn.waitMs)
    }
    // Margins allow a slow machine a second between the calls.
    expect(waits[0]).toBe(0)
    expect(waits[1]).toBeGreaterThan(1_000)
    expect(waits[1]).toBeLessThanOrEqual(2_000)
    expect(waits[2]).toBeGreaterThan(3_000)
    expect(waits[2]).toBeLessThanOrEqual(4_000)
    // The next turn is ~6 s away, more than 5 s: refused, and refusing twice does not move the queue.
    expect(await takeTurn(handle.db, 'k:turn', 2_000, 5_000)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    expect(await takeTurn(handle.db, 'k:turn', 2_000, 5_000)).toEqual({ allowed: false, retryAfterSeconds: 1 })
    // A longer allowance gets the turn right after the third one.
    const late = await takeTurn(handle.db, 'k:turn', 2_000, 10_000)
    expect(late.allowed && late.waitMs).toBeGreaterThan(5_000)
  })

  it('hands out distinct turns to parallel callers', async () => {
    const turns = await Promise.all(Array.from({ length: 6 }, () => takeTurn(handle.db, 'k:parallel', 1_000, 3_500)))
    const waits = turns.flatMap((t) => (t.allowed ? [t.waitMs] : [])).sort((a, b) => a - b)
    // 0, 1, 2 and 3 s fit in 3.5 s; the other two are refused.
    expect(waits).toHaveLength(4)
    waits.forEach((wait, i) => expect(Math.abs(wait - i * 1_000)).toBeLessThan(400))
  })
})
