import type { DbHandle } from '@db/client'
import { config } from '../config.server'
import { logger } from '../logger.server'
import { pushNewsItems, type SendOptions } from '../push/send.server'
import { categorise, prioritise } from './classify'
import { DEFAULT_FEED_MAX_BYTES, fetchFeed } from './fetch-feed.server'
import { loadFeeds, type FeedDefinition } from './feeds.server'
import { acquireJobLock, PROCESS_HOLDER, releaseJobLock } from './lock.server'
import { dedupeById, normaliseEntry } from './normalise'
import { getFeedStates, markNotified, saveFeedState, upsertNewsItems, type StoredNewsItem } from './store.server'
import type { NewsItem } from './types'

export type { FeedDefinition } from './feeds.server'

export const NEWS_LOCK_NAME = 'news-fetch'
/** Longer than a whole refresh can take (feeds are fetched a few at a time, each with its timeout). */
const LOCK_TTL_MS = 5 * 60_000
const CONCURRENT_FEEDS = 4

export interface NewsRefreshReport {
  /** Feeds answered (with new content or 'not modified'). */
  fetched: number
  skipped: { feedId: string; name: string; reason: string }[]
  /** Feeds tried (fetched + skipped): none when the list is empty or another server held the lock. */
  feeds: number
  newItems: NewsItem[]
  /** True when another server held the fetch lock, so nothing was fetched this time. */
  lockHeld: boolean
}

export interface RefreshOptions {
  feeds?: FeedDefinition[]
  timeoutMs?: number
  maxBytes?: number
  now?: Date
  /** Options for the push sender (tests pass an agent trusting their fake push service). */
  push?: SendOptions
}

export function feedTimeoutMs(): number {
  return config().NEWS_FEED_TIMEOUT_MS
}

async function refreshFeed(
  handle: DbHandle,
  feed: FeedDefinition,
  state: { etag: string | null; lastModified: string | null } | undefined,
  options: { timeoutMs: number; maxBytes: number; now: Date },
): Promise<{ ok: true; items: StoredNewsItem[] } | { ok: false; reason: string }> {
  const result = await fetchFeed(feed, { timeoutMs: options.timeoutMs, maxBytes: options.maxBytes, etag: state?.etag, lastModified: state?.lastModified })
  if (result.status === 'not-modified') {
    await saveFeedState(handle, feed.id, { status: 'not-modified' }, options.now)
    return { ok: true, items: [] }
  }
  if (result.status !== 'ok') {
    logger.warn({ feedId: feed.id, url: feed.url, status: result.status, reason: result.reason }, 'news feed skipped')
    await saveFeedState(handle, feed.id, { status: result.status, error: result.reason }, options.now)
    return { ok: false, reason: `${result.status}: ${result.reason}` }
  }
  const items: StoredNewsItem[] = []
  for (const entry of result.entries) {
    const normalised = normaliseEntry(entry, feed.url, options.now)
    if (!normalised) continue
    const category = categorise({ feedCategory: feed.category, title: normalised.title, summary: normalised.summary })
    items.push({
      ...normalised,
      feedId: feed.id,
      category,
      source: feed.source,
      priority: prioritise(category, normalised.title, normalised.summary),
    })
  }
  await saveFeedState(
    handle,
    feed.id,
    { status: 'ok', etag: result.etag, lastModified: result.lastModified, itemCount: items.length },
    options.now,
  )
  return { ok: true, items }
}

/**
 * Fetches every feed (a few at a time), stores what is new, records each feed's state and pushes the
 * new items to subscribers. One server at a time: without the `news-fetch` lease it returns at once
 * with lockHeld. A feed that fails is logged, recorded and skipped; stored items are never removed.
 */
export async function refreshNews(handle: DbHandle, options: RefreshOptions = {}): Promise<NewsRefreshReport> {
  const now = options.now ?? new Date()
  if (!(await acquireJobLock(handle, NEWS_LOCK_NAME, PROCESS_HOLDER, LOCK_TTL_MS))) {
    return { fetched: 0, skipped: [], newItems: [], lockHeld: true, feeds: 0 }
  }
  try {
    const feeds = options.feeds ?? loadFeeds()
    const timeoutMs = options.timeoutMs ?? feedTimeoutMs()
    const maxBytes = options.maxBytes ?? DEFAULT_FEED_MAX_BYTES
    const states = await getFeedStates(handle)
    const skipped: NewsRefreshReport['skipped'] = []
    const collected: StoredNewsItem[] = []
    let fetched = 0
    const queue = [...feeds]
    const worker = async () => {
      for (let feed = queue.shift(); feed; feed = queue.shift()) {
        try {
          const outcome = await refreshFeed(handle, feed, states.get(feed.id), { timeoutMs, maxBytes, now })
          if (outcome.ok) {
            fetched++
            collected.push(...outcome.items)
          } else skipped.push({ feedId: feed.id, name: feed.name, reason: outcome.reason })
        } catch (error) {
          logger.error({ err: error, feedId: feed.id }, 'news feed failed')
          skipped.push({ feedId: feed.id, name: feed.name, reason: `error: ${(error as Error).message}` })
        }
      }
    }
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_FEEDS, feeds.length) }, worker))
    // Feeds in list order decide which feed an article shared by two feeds is filed under.
    const order = new Map(feeds.map((feed, index) => [feed.id, index]))
    collected.sort((a, b) => order.get(a.feedId)! - order.get(b.feedId)!)
    const newItems = await upsertNewsItems(handle, dedupeById(collected), now)
    if (newItems.length > 0) {
      // pushNewsItems never throws for a push failure; the items are marked as announced either way.
      await pushNewsItems(handle, newItems, options.push)
      await markNotified(handle, newItems.map((item) => item.id), now)
    }
    logger.info({ feeds: feeds.length, fetched, skipped: skipped.length, newItems: newItems.length }, 'news refreshed')
    return { fetched, skipped, newItems, lockHeld: false, feeds: feeds.length }
  } finally {
    await releaseJobLock(handle, NEWS_LOCK_NAME, PROCESS_HOLDER)
  }
}
