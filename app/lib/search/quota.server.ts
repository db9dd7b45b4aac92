import { and, eq, gt, or, sql } from 'drizzle-orm'
import type { Database } from '@db/client'
import { users } from '@db/schema'
import { recordMemberSearch, recordSearch, type RecordSearchInput } from './history.server'
import { GUEST_SEARCH_LIMIT } from './limits'

/**
 * The one place searches are counted. Guests get GUEST_SEARCH_LIMIT searches; members are unlimited.
 * A search first reserves a slot with a single conditional UPDATE (atomic in Postgres: concurrent
 * requests queue on the row lock and re-check the condition), and gives it back if it fails, so a
 * guest can never get more answers than the limit, however many requests run at once.
 */
export { GUEST_SEARCH_LIMIT }

export const GUEST_LIMIT_MESSAGE =
  'You have used your 3 free guest searches. Create a free account for unlimited searches.'

export class SearchQuotaExceeded extends Error {
  readonly status = 403
  constructor() {
    super(GUEST_LIMIT_MESSAGE)
  }
}

export interface QuotaUser {
  id: string
  isGuest: boolean
  searchCount: number
}

export function canSearch(user: QuotaUser | null): boolean {
  if (!user) return false
  return !user.isGuest || user.searchCount < GUEST_SEARCH_LIMIT
}

export function searchesRemaining(user: QuotaUser): number | null {
  return user.isGuest ? Math.max(0, GUEST_SEARCH_LIMIT - user.searchCount) : null
}

/** Reserves one search for the user; false when a guest has none left. */
export async function reserveSearch(db: Database, userId: string): Promise<boolean> {
  const updated = await db
    .update(users)
    .set({ searchCount: sql`${users.searchCount} + 1` })
    .where(and(eq(users.id, userId), or(eq(users.isGuest, false), sql`${users.searchCount} < ${GUEST_SEARCH_LIMIT}`)))
    .returning({ searchCount: users.searchCount })
  return updated.length === 1
}

/** Gives back a reserved search whose answer could not be produced. */
export async function releaseSearch(db: Database, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ searchCount: sql`${users.searchCount} - 1` })
    .where(and(eq(users.id, userId), gt(users.searchCount, 0)))
}

/**
 * Runs `search` only if the user may search, counting it; a search that throws is not counted.
 * Throws SearchQuotaExceeded when a guest has used up the quota.
 */
export async function runCountedSearch<T>(db: Database, userId: string, search: () => Promise<T>): Promise<T> {
  if (!(await reserveSearch(db, userId))) throw new SearchQuotaExceeded()
  try {
    return await search()
  } catch (error) {
    await releaseSearch(db, userId)
    throw error
  }
}

/**
 * Runs a search, counts it and records it in history; answers the search's result and its history id.
 * A guest's search is reserved first (runCountedSearch: the quota holds under concurrency) and recorded
 * after. A member cannot run out, so a member's search runs first and is then counted and recorded in one
 * statement. Either way a search that throws is neither counted nor recorded.
 */
export async function runRecordedSearch<T>(
  db: Database,
  user: Pick<QuotaUser, 'id' | 'isGuest'>,
  search: () => Promise<T>,
  recordOf: (answer: T) => RecordSearchInput,
): Promise<{ answer: T; searchId: string }> {
  if (user.isGuest) {
    return runCountedSearch(db, user.id, async () => {
      const answer = await search()
      const record = await recordSearch(db, user.id, recordOf(answer))
      return { answer, searchId: record.id }
    })
  }
  const answer = await search()
  const record = await recordMemberSearch(db, user.id, recordOf(answer))
  if (!record) throw new Error(`user ${user.id} is not a member: the search was not recorded`)
  return { answer, searchId: record.id }
}
