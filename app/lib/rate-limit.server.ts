import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '@db/client'

export interface RateLimitRule {
  /** Requests allowed per window. */
  limit: number
  windowMs: number
}

/** Limits from the product's abuse rules; environment variables can raise them (for load tests). */
export const RATE_LIMITS = {
  signInPerIp: { limit: Number(process.env.RATE_LIMIT_SIGNIN_PER_IP ?? 10), windowMs: 60_000 },
  signInPerAccount: { limit: Number(process.env.RATE_LIMIT_SIGNIN_PER_ACCOUNT ?? 10), windowMs: 60_000 },
  signUpPerIp: { limit: Number(process.env.RATE_LIMIT_SIGNUP_PER_IP ?? 20), windowMs: 60 * 60_000 },
  guestPerIp: { limit: Number(process.env.RATE_LIMIT_GUEST_PER_IP ?? 10), windowMs: 60 * 60_000 },
} satisfies Record<string, RateLimitRule>

/**
 * Counts one hit against `key` in a fixed window, atomically in the database (so every server
 * process shares the count). Returns whether the hit is allowed and when the window resets.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  rule: RateLimitRule,
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const seconds = rule.windowMs / 1000
  const result = await db.execute(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start <= now() - make_interval(secs => ${seconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start <= now() - make_interval(secs => ${seconds}) then now() else rate_limits.window_start end
    returning count, extract(epoch from (window_start + make_interval(secs => ${seconds}) - now()))::float8 as remaining`)
  const [row] = rowsOf<{ count: number; remaining: number }>(result)
  const count = Number(row?.count ?? 1)
  return { allowed: count <= rule.limit, retryAfterSeconds: Math.max(1, Math.ceil(Number(row?.remaining ?? seconds))) }
}
