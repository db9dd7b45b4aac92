import { parseFeed } from '@rowanmanning/feed-parser'
import { readStreamCapped } from '../http.server'
import { fetchWithGuardedRedirects, RedirectError } from '../net/guarded-fetch.server'
import { RefusedAddressError } from '../net/outbound.server'
import type { FeedDefinition } from './feeds.server'
import type { RawEntry } from './normalise'

export const DEFAULT_FEED_TIMEOUT_MS = 10_000
export const DEFAULT_FEED_MAX_BYTES = 2 * 1024 * 1024
/** Entries read from one feed per fetch (feeds list newest first). */
export const MAX_ENTRIES_PER_FEED = 50

export type FeedFailure = 'timeout' | 'http-error' | 'malformed' | 'network-error' | 'too-large'

export type FeedFetchResult =
  | { status: 'ok'; entries: RawEntry[]; etag: string | null; lastModified: string | null }
  | { status: 'not-modified' }
  | { status: FeedFailure; reason: string }

export interface FetchOptions {
  timeoutMs?: number
  maxBytes?: number
  etag?: string | null
  lastModified?: string | null
}

class TooLargeError extends Error {}

/** The body as text, refused as soon as it passes `maxBytes` (by declared length or while reading). */
async function readCapped(response: Response, maxBytes: number): Promise<string> {
  const bytes = await readStreamCapped(response, maxBytes, (detail) => new TooLargeError(detail))
  return new TextDecoder('utf-8').decode(bytes)
}

function isTimeout(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name
  return name === 'TimeoutError' || name === 'AbortError'
}

/**
 * One conditional GET of a feed (If-None-Match / If-Modified-Since from the last success), with a
 * timeout covering the whole exchange and a size cap, then parsing. The feed's own address is the
 * operator's choice; a redirect away from its origin is followed only to a public address (the feed's
 * publisher, not the operator, decides where it points). Never throws: every failure is a status with
 * a short reason for the feed's state row.
 */
export async function fetchFeed(feed: FeedDefinition, options: FetchOptions = {}): Promise<FeedFetchResult> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FEED_TIMEOUT_MS
  const maxBytes = options.maxBytes ?? DEFAULT_FEED_MAX_BYTES
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5',
    'user-agent': 'SpecificationsOnly-NewsReader/1.0 (+https://www.scdot.org)',
  }
  if (options.etag) headers['if-none-match'] = options.etag
  if (options.lastModified) headers['if-modified-since'] = options.lastModified
  let text: string
  let response: Response
  try {
    response = await fetchWithGuardedRedirects(feed.url, { headers, signal: AbortSignal.timeout(timeoutMs) })
    if (response.status === 304) {
      await response.body?.cancel().catch(() => undefined)
      return { status: 'not-modified' }
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined)
      return { status: 'http-error', reason: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` }
    }
    text = await readCapped(response, maxBytes)
  } catch (error) {
    if (error instanceof TooLargeError) return { status: 'too-large', reason: `feed body over ${maxBytes} bytes (${error.message})` }
    if (isTimeout(error)) return { status: 'timeout', reason: `no complete answer within ${timeoutMs} ms` }
    if (error instanceof RefusedAddressError || error instanceof RedirectError) return { status: 'network-error', reason: error.message }
    const cause = (error as { cause?: { code?: string; message?: string } }).cause
    return { status: 'network-error', reason: cause?.code ?? cause?.message ?? (error as Error).message ?? 'fetch failed' }
  }
  try {
    const parsed = parseFeed(text)
    const entries: RawEntry[] = parsed.items.slice(0, MAX_ENTRIES_PER_FEED).map((item) => ({
      title: item.title,
      description: item.description,
      content: item.content,
      url: item.url,
      published: item.published,
      updated: item.updated,
    }))
    return { status: 'ok', entries, etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') }
  } catch (error) {
    return { status: 'malformed', reason: `not a readable RSS or Atom feed (${(error as Error).message})`.slice(0, 300) }
  }
}
