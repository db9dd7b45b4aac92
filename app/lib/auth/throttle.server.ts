import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq } from 'drizzle-orm'
import type { Database } from '@db/client'
import { users } from '@db/schema'
import { RATE_LIMITS, hitRateLimit, takeTurn, undoRateLimitHit, type RateLimitRule } from '../rate-limit.server'
import { readKnownDevice } from './known-device.server'
import { AuthError } from './users.server'

/**
 * Rate limits of the auth actions. Sign-in throttling must never let a stranger lock the owner out
 * (decision record 009):
 * - a browser that signed in to the account before (known-device cookie) is counted only in its own
 *   budget, which nobody else can spend;
 * - any other attempt is counted per address and per (account, address) pair, so an attacker's
 *   addresses are throttled without touching the owner's;
 * - against guessing from many addresses, failures on the account from unknown browsers space its
 *   next unknown-browser attempts out (a queue, waiting a few seconds at most) rather than refuse them.
 */
export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a minute and try again.'

/** Spacing of an account's unknown-browser attempts: from the first failure over the free ones it doubles to the cap. */
export const SLOWDOWN_FIRST_MS = 250
export const SLOWDOWN_CAP_MS = 4_000
/** An attempt whose turn is further away than this is refused (with Retry-After) instead of held open. */
export const MAX_TURN_WAIT_MS = 4_000

function rateLimited(retryAfterSeconds: number): AuthError {
  return new AuthError(RATE_LIMITED_MESSAGE, 429, { 'Retry-After': String(retryAfterSeconds) })
}

export async function enforce(db: Database, key: string, rule: RateLimitRule): Promise<void> {
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, key, rule)
  if (!allowed) throw rateLimited(retryAfterSeconds)
}

export interface SignInAttempt {
  /** Normalised email (the schema trims and lower-cases it). */
  email: string
  ip: string
  /** Set when the request carries a valid known-device cookie for this very account. */
  device: { id: string; userId: string } | null
}

interface Budget {
  key: string
  rule: RateLimitRule
}

/**
 * The budgets an attempt is counted in before its password is checked, and the account-wide failure
 * budget (null for a known browser) that decides whether it must wait for a turn.
 */
export function signInBudgets(attempt: SignInAttempt): { budgets: Budget[]; accountFailures: Budget | null } {
  if (attempt.device) {
    return {
      budgets: [{ key: `signin:device:${attempt.device.id}:${attempt.device.userId}`, rule: RATE_LIMITS.signInPerDevice }],
      accountFailures: null,
    }
  }
  return {
    budgets: [
      { key: `signin:ip:${attempt.ip}`, rule: RATE_LIMITS.signInPerIp },
      { key: `signin:pair:${attempt.email}:${attempt.ip}`, rule: RATE_LIMITS.signInPerAccount },
    ],
    accountFailures: { key: `signin:failures:${attempt.email}`, rule: RATE_LIMITS.signInAccountFailures },
  }
}

/** Minimum time between two unknown-browser attempts on an account that has `failures` recent failures. */
export function accountSpacingMs(failures: number, free: number = RATE_LIMITS.signInAccountFailures.limit): number {
  if (failures <= free) return 0
  return Math.min(SLOWDOWN_CAP_MS, SLOWDOWN_FIRST_MS * 2 ** Math.min(failures - free - 1, 30))
}

/** The known-device identity of a request for the account of `email`, or null. */
export async function knownDeviceFor(db: Database, request: Request, email: string): Promise<SignInAttempt['device']> {
  const device = await readKnownDevice(request)
  if (!device || device.a.length === 0) return null
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), eq(users.isGuest, false)))
    .limit(1)
  return row && device.a.includes(row.id) ? { id: device.d, userId: row.id } : null
}

/**
 * Counts a sign-in attempt in its budgets and, when the account is under a guessing attack, waits for
 * its turn. Throws a 429 AuthError when refused. Answers the function to call with the outcome once
 * the password is checked: the attempt was counted as a failure up front (so parallel attempts see
 * each other), and a success takes that back.
 */
export async function admitSignIn(db: Database, attempt: SignInAttempt): Promise<(succeeded: boolean) => Promise<void>> {
  const { budgets, accountFailures } = signInBudgets(attempt)
  for (const budget of budgets) await enforce(db, budget.key, budget.rule)
  if (!accountFailures) return async () => {}

  const { count } = await hitRateLimit(db, accountFailures.key, accountFailures.rule)
  const spacing = accountSpacingMs(count, accountFailures.rule.limit)
  if (spacing > 0) {
    const turn = await takeTurn(db, `signin:turn:${attempt.email}`, spacing, MAX_TURN_WAIT_MS)
    if (!turn.allowed) {
      await undoRateLimitHit(db, accountFailures.key)
      throw rateLimited(turn.retryAfterSeconds)
    }
    if (turn.waitMs > 0) await sleep(turn.waitMs)
  }
  return async (succeeded) => {
    if (succeeded) await undoRateLimitHit(db, accountFailures.key)
  }
}
