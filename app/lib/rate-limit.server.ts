import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '@db/client'
import { config } from './config.server'

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number
  windowMs: number
}

/**
 * Limits from the product's abuse rules; RATE_LIMIT_* settings can raise them (for load tests). How the
 * four sign-in budgets fit together: app/lib/auth/signin-throttle.server.ts and decision record 009.
 */
const settings = config()

export const RATE_LIMITS = {
  /** Sign-in attempts from one address by browsers the account does not know. */
  signInPerIp: { limit: settings.RATE_LIMIT_SIGNIN_PER_IP, windowMs: 60_000 },
  /** Sign-in attempts on one account from one address (unknown browsers). */
  signInPerAccount: { limit: settings.RATE_LIMIT_SIGNIN_PER_ACCOUNT, windowMs: 60_000 },
  /** Sign-in attempts from a browser that signed in to the account before, on that account. */
  signInPerDevice: { limit: settings.RATE_LIMIT_SIGNIN_PER_DEVICE, windowMs: 60_000 },
  /** Failed sign-ins on one account from unknown browsers, any address, before its attempts are spaced out. */
  signInAccountFailures: { limit: settings.RATE_LIMIT_SIGNIN_ACCOUNT_FAILURES, windowMs: 15 * 60_000 },
  signUpPerIp: { limit: settings.RATE_LIMIT_SIGNUP_PER_IP, windowMs: 60 * 60_000 },
  guestPerIp: { limit: settings.RATE_LIMIT_GUEST_PER_IP, windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>

/**
 * Counts one hit against `key` in a fixed window, atomically in the database (so every server
 * process shares the count). Returns whether the hit is allowed, the count so far in this window
 * (this hit included) and when the window resets.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; count: number; retryAfterSeconds: number }> {
  const seconds = rule.windowMs / 1000
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${seconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${seconds}) then now() else rate_limits.window_start end
    returning count, extract(epoch from (window_start + make_interval(secs => ${seconds}) - now()))::float8 as remaining`)
  const [row] = rowsOf<{ count: number; remaining: number }>(result)
  const count = Number(row?.count ?? 1)
  return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.remaining ?? seconds))) }
}

/** Takes back one hit of hitRateLimit, for an attempt that turned out not to be what the limit counts. */
export async function undoRateLimitHit(db: Database, key: string): Promise<void> {
  await db.execute(sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key}`)
}

export type Turn = { allowed: true; waitMs: number } | { allowed: false; retryAfterSeconds: number }

/**
 * A queue without a process: hits on `key` start at least `spacingMs` apart, whatever their number
 * or the processes serving them. The row's window_start holds the time the next turn is free. A hit
 * gets its turn and the wait until it (0 when the queue is empty); a hit whose turn is more than
 * `maxWaitMs` away takes no turn and is refused with the seconds until it could queue again.
 */
export async function takeTurn(db: Database, key: string, spacingMs: number, maxWaitMs: number): Promise<Turn> {
  const spacing = spacingMs / 1000
  const maxWait = maxWaitMs / 1000
  const result = await db.execute(sql`
    insert into rate_limits as r (key, window_start, count) values (${key}, now() + make_interval(secs => ${spacing}), 1)
    on conflict (key) do update set
      window_start = greatest(r.window_start, now()) + make_interval(secs => ${spacing}),
      count = r.count + 1
    where r.window_start <= now() + make_interval(secs => ${maxWait})
    returning extract(epoch from (window_start - now()))::float8 - ${spacing}::float8 as wait`)
  const [taken] = rowsOf<{ wait: number }>(result)
  if (taken) return { allowed: true, waitMs: Math.max(0, Math.round(Number(taken.wait) * 1000)) }
  const queued = await db.execute(sql`
    select extract(epoch from (window_start - now()))::float8 - ${maxWait}::float8 as until from rate_limits where key = ${key}`)
  const [row] = rowsOf<{ until: number }>(queued)
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.until ?? 1))) }
}
