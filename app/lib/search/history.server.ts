import { randomUUID } from 'node:crypto'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import { rowsOf, type Database } from '@db/client'
import { searches, users } from '@db/schema'
import { topicsOfQuery } from '../dashboard/topics'
import type { Confidence } from '../dashboard/types'

/**
 * A user's stored searches (history, the dashboard, achievements). Every function takes the user's id
 * and only ever reads or changes that user's rows. Counting a search against the quota is separate
 * (quota.server.ts): recordSearch does not change users.searchCount; recordMemberSearch, the
 * member's path of runRecordedSearch, counts and records in one statement.
 */
export type SearchRecord = typeof searches.$inferSelect
export type SearchSummary = Omit<SearchRecord, 'result' | 'userId'>

export interface RecordSearchInput {
  query: string
  confidence: Confidence
  result: Record<string, unknown>
}

function newRecord(userId: string, input: RecordSearchInput, createdAt: Date): SearchRecord {
  const query = input.query.trim()
  return { id: randomUUID(), userId, query, confidence: input.confidence, topics: topicsOfQuery(query), result: input.result, createdAt }
}

/**
 * Stores an answered search with its topics (topicsOfQuery of the question). Every column is given, so
 * the row is answered from the input: reading the stored answer back would only cost time.
 */
export async function recordSearch(
  db: Database,
  userId: string,
  input: RecordSearchInput,
  createdAt: Date = new Date(),
): Promise<SearchRecord> {
  const record = newRecord(userId, input, createdAt)
  await db.insert(searches).values(record)
  return record
}

/**
 * A member's answered search, counted and recorded in one statement (members have no quota to reserve,
 * see quota.server.ts): users.search_count + 1 and the history row, both or neither. Null when
 * the user is not a member (or no longer exists).
 */
export async function recordMemberSearch(
  db: Database,
  userId: string,
  input: RecordSearchInput,
  createdAt: Date = new Date(),
): Promise<SearchRecord | null> {
  const record = newRecord(userId, input, createdAt)
  const result = await db.execute(sql`
    with counted as (
      update ${users} set search_count = search_count + 1 where id = ${userId} and is_guest = false returning id
    )
    insert into ${searches} (id, user_id, query, confidence, topics, result, created_at)
    select ${record.id}, counted.id, ${record.query}, ${record.confidence}, ${JSON.stringify(record.topics)}::jsonb,
      ${JSON.stringify(record.result)}::jsonb, ${createdAt.toISOString()}::timestamptz
    from counted
    returning id`)
  return rowsOf(result).length === 1 ? record : null
}

export const HISTORY_PAGE_MAX = 100

/** Newest first, without the stored answers; `total` counts all of the user's searches. */
export async function listSearches(
  db: Database,
  userId: string,
  { limit = 20, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ items: SearchSummary[]; total: number; limit: number; offset: number }> {
  const safeLimit = Math.min(HISTORY_PAGE_MAX, Math.max(1, Math.trunc(limit) || 1))
  const safeOffset = Math.max(0, Math.trunc(offset) || 0)
  const [items, [totalRow]] = await Promise.all([
    db
      .select({
        id: searches.id,
        query: searches.query,
        confidence: searches.confidence,
        topics: searches.topics,
        createdAt: searches.createdAt,
      })
      .from(searches)
      .where(eq(searches.userId, userId))
      .orderBy(desc(searches.createdAt), desc(searches.id))
      .limit(safeLimit)
      .offset(safeOffset),
    db.select({ n: count() }).from(searches).where(eq(searches.userId, userId)),
  ])
  return { items, total: Number(totalRow?.n ?? 0), limit: safeLimit, offset: safeOffset }
}

/** One of the user's searches with its stored answer; null when it is not theirs or does not exist. */
export async function getSearch(db: Database, userId: string, id: string): Promise<SearchRecord | null> {
  const [row] = await db
    .select()
    .from(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
    .limit(1)
  return row ?? null
}

/** Deletes one of the user's searches; false when it is not theirs or does not exist. */
export async function deleteSearch(db: Database, userId: string, id: string): Promise<boolean> {
  const deleted = await db
    .delete(searches)
    .where(and(eq(searches.id, id), eq(searches.userId, userId)))
    .returning({ id: searches.id })
  return deleted.length === 1
}
