import { desc, eq, inArray } from 'drizzle-orm'
import type { DbHandle } from '@db/client'
import { newsFeedState, newsItems } from '@db/schema'
import { compareNews } from './classify'
import type { NewsCategory, NewsFilter, NewsItem, NewsPriority } from './types'

export const DEFAULT_NEWS_LIMIT = 100
export const MAX_NEWS_LIMIT = 200

export interface StoredNewsItem {
  id: string
  feedId: string
  category: NewsCategory
  source: string
  priority: NewsPriority
  title: string
  summary: string
  url: string
  publishedAt: Date
}

function toNewsItem(row: typeof newsItems.$inferSelect): NewsItem {
  return {
    id: row.id,
    category: row.category,
    source: row.source,
    priority: row.priority,
    title: row.title,
    summary: row.summary,
    publishedAt: row.publishedAt.toISOString(),
    url: row.url,
  }
}

/** Stored news, newest day first and by priority within a day (see compareNews), optionally one category. */
export async function listNews(handle: DbHandle, options: { category?: NewsFilter; limit?: number } = {}): Promise<NewsItem[]> {
  const limit = Math.min(Math.max(1, Math.trunc(options.limit ?? DEFAULT_NEWS_LIMIT)), MAX_NEWS_LIMIT)
  const where = options.category && options.category !== 'all' ? eq(newsItems.category, options.category) : undefined
  const rows = await handle.db.select().from(newsItems).where(where).orderBy(desc(newsItems.publishedAt)).limit(limit)
  return rows.map(toNewsItem).sort(compareNews)
}

/**
 * Adds the items not stored yet and refreshes title and summary of those already stored (an edited
 * headline), in one transaction. Never deletes; category, priority and date of a stored item stay as
 * first classified. Returns the items that were new.
 */
export async function upsertNewsItems(handle: DbHandle, items: readonly StoredNewsItem[], now: Date): Promise<NewsItem[]> {
  if (items.length === 0) return []
  return handle.db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: newsItems.id })
      .from(newsItems)
      .where(inArray(newsItems.id, items.map((item) => item.id)))
    const known = new Set(existing.map((row) => row.id))
    const fresh = items.filter((item) => !known.has(item.id))
    const inserted = fresh.length
      ? await tx
          .insert(newsItems)
          .values(fresh.map((item) => ({ ...item, fetchedAt: now })))
          .onConflictDoNothing()
          .returning()
      : []
    for (const item of items) {
      if (!known.has(item.id)) continue
      await tx.update(newsItems).set({ title: item.title, summary: item.summary }).where(eq(newsItems.id, item.id))
    }
    return inserted.map(toNewsItem)
  })
}

/** Records that subscribers were sent these items (news_items.notified_at). */
export async function markNotified(handle: DbHandle, ids: readonly string[], now: Date): Promise<void> {
  if (ids.length === 0) return
  await handle.db.update(newsItems).set({ notifiedAt: now }).where(inArray(newsItems.id, [...ids]))
}

export type FeedStatus = 'ok' | 'not-modified' | 'timeout' | 'http-error' | 'malformed' | 'network-error' | 'too-large'

export type FeedState = typeof newsFeedState.$inferSelect

export async function getFeedStates(handle: DbHandle): Promise<Map<string, FeedState>> {
  const rows = await handle.db.select().from(newsFeedState)
  return new Map(rows.map((row) => [row.feedId, row]))
}

/**
 * Records one fetch of a feed. A success stores the new validators; a failure keeps the old ones (so
 * the next try is still conditional) and the error.
 */
export async function saveFeedState(
  handle: DbHandle,
  feedId: string,
  outcome: { status: FeedStatus; error?: string | null; etag?: string | null; lastModified?: string | null; itemCount?: number },
  now: Date,
): Promise<void> {
  const success = outcome.status === 'ok' || outcome.status === 'not-modified'
  const values = {
    feedId,
    lastFetchedAt: now,
    lastStatus: outcome.status,
    lastError: success ? null : (outcome.error ?? outcome.status),
    ...(success ? { lastSuccessAt: now } : {}),
    ...(outcome.status === 'ok' ? { etag: outcome.etag ?? null, lastModified: outcome.lastModified ?? null } : {}),
    ...(outcome.itemCount !== undefined ? { itemCount: outcome.itemCount } : {}),
  }
  const { feedId: _id, ...update } = values
  await handle.db.insert(newsFeedState).values(values).onConflictDoUpdate({ target: newsFeedState.feedId, set: update })
}
