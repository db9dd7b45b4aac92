import { getDatabase } from '@db/client'
import { config } from '../config.server'
import { assertSameOrigin, jsonError } from '../http.server'
import { hitRateLimit, type RateLimitRule } from '../rate-limit.server'
import { refreshNews, type NewsRefreshReport } from './refresh.server'

/**
 * Anyone may refresh the news (§6), so each client address gets a few refreshes per window; the
 * scheduled fetch keeps the list current anyway. RATE_LIMIT_NEWS_REFRESH_PER_IP raises it for tests.
 */
export function newsRefreshRule(): RateLimitRule {
  return { limit: config().RATE_LIMIT_NEWS_REFRESH_PER_IP, windowMs: 10 * 60_000 }
}

export const NEWS_REFRESH_LIMITED_MESSAGE = 'News was refreshed a moment ago. Please wait a few minutes and try again.'

/**
 * The shared part of POST /api/news/update and the /news page's Refresh News form: the same-origin
 * check, the per-address limit (a 429 Response is thrown), then a refresh under the fetch lock.
 */
export async function refreshNewsForRequest(request: Request, clientIp: string): Promise<NewsRefreshReport> {
  assertSameOrigin(request)
  const handle = await getDatabase()
  const { allowed, retryAfterSeconds } = await hitRateLimit(handle.db, `news-refresh:ip:${clientIp}`, newsRefreshRule())
  if (!allowed) throw jsonError(429, NEWS_REFRESH_LIMITED_MESSAGE, { 'Retry-After': String(retryAfterSeconds) })
  return refreshNews(handle)
}
