import webpush from 'web-push'
import type { DbHandle } from '@db/client'
import { logger } from '../logger.server'
import { pushAgent, pushConnectionFromEnv, storedEndpointRefusal, type PushConnection } from './endpoint.server'
import { buildPayload, encodePayload, type PushPayload } from './payload'
import { deleteSubscriptions, markDelivered, topicSubscribers, type SubscriptionRow } from './subscriptions.server'
import { ensureVapidKeys } from './vapid.server'

export interface PushReport {
  sent: number
  removed: number
  failed: number
}

export interface SendOptions {
  /** Seconds the push service keeps an undelivered message. */
  ttl?: number
  urgency?: 'very-low' | 'low' | 'normal' | 'high'
  /** Messages in flight at once. */
  concurrency?: number
  /**
   * Where push services may be reached: PUSH_CA_FILE and PUSH_ALLOWED_HOSTS unless given (in-process
   * tests give their local service's CA and host). Only public addresses are ever connected to otherwise.
   */
  connection?: PushConnection
  timeoutMs?: number
}

export interface NewsItemForPush {
  id: string
  title: string
  summary: string
  url: string
  category: string
  priority: string
}

export const NEWS_TTL_SECONDS = 12 * 60 * 60
/** More new items than this in one refresh go out as one digest instead of one message each. */
export const NEWS_DIGEST_THRESHOLD = 3
const DEFAULT_CONCURRENCY = 8
const DEFAULT_TIMEOUT_MS = 10_000

async function mapLimited<T>(items: T[], limit: number, run: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const workers = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) await run(items[next++]!)
  })
  await Promise.all(workers)
}

function endpointHost(endpoint: string): string {
  try {
    return new URL(endpoint).host
  } catch {
    return 'invalid'
  }
}

/**
 * Sends `payloads` (in order) to each subscription. A push service answering 404 or 410 means the
 * subscription is gone: its row is deleted, and so is one whose endpoint is not a public https
 * address (stored before the rule, or written to the database directly), without contacting it.
 * Other failures (a name resolving to a non-public address is refused by the agent when connecting)
 * are counted and logged; nothing throws.
 */
export async function sendToSubscriptions(
  handle: DbHandle,
  subscriptions: SubscriptionRow[],
  payloads: PushPayload[],
  options: SendOptions = {},
): Promise<PushReport> {
  const report: PushReport = { sent: 0, removed: 0, failed: 0 }
  if (subscriptions.length === 0 || payloads.length === 0) return report
  const vapid = await ensureVapidKeys(handle)
  const gone: string[] = []
  const delivered: string[] = []
  const connection = options.connection ?? pushConnectionFromEnv()
  const agent = pushAgent(connection)
  await mapLimited(subscriptions, options.concurrency ?? DEFAULT_CONCURRENCY, async (sub) => {
    if (sub.expirationTime && sub.expirationTime.getTime() < Date.now()) {
      gone.push(sub.id)
      return
    }
    const refusal = storedEndpointRefusal(sub.endpoint, connection.allowedHosts ?? new Set())
    if (refusal) {
      logger.warn({ host: endpointHost(sub.endpoint), subscription: sub.id, reason: refusal }, 'push endpoint refused: not a public https address; subscription removed')
      gone.push(sub.id)
      return
    }
    for (const payload of payloads) {
      try {
        await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, encodePayload(payload), {
          vapidDetails: vapid,
          TTL: options.ttl ?? NEWS_TTL_SECONDS,
          urgency: options.urgency ?? 'normal',
          timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          agent,
        })
        report.sent++
        if (!delivered.includes(sub.id)) delivered.push(sub.id)
      } catch (error) {
        const status = error instanceof webpush.WebPushError ? error.statusCode : undefined
        if (status === 404 || status === 410) {
          gone.push(sub.id)
          return
        }
        report.failed++
        logger.warn(
          { status, host: endpointHost(sub.endpoint), subscription: sub.id, err: error instanceof Error ? error.message : String(error) },
          'push message not delivered',
        )
      }
    }
  })
  try {
    await deleteSubscriptions(handle.db, gone)
    report.removed = gone.length
    await markDelivered(handle.db, delivered)
  } catch (error) {
    logger.error({ err: error }, 'push subscription bookkeeping failed')
  }
  return report
}

/** One message per new item, or a single digest when a refresh brings many. */
export function newsPayloads(items: NewsItemForPush[]): { payloads: PushPayload[]; urgency: 'high' | 'normal' } {
  const urgency = items.some((i) => i.priority === 'critical') ? 'high' : 'normal'
  if (items.length > NEWS_DIGEST_THRESHOLD) {
    const critical = items.filter((i) => i.priority === 'critical').length
    const titles = items
      .slice(0, 3)
      .map((i) => i.title)
      .join(' · ')
    return {
      urgency,
      payloads: [
        buildPayload({
          type: 'news',
          title: critical ? `${items.length} news updates (${critical} critical)` : `${items.length} news updates`,
          body: titles,
          tag: 'news-digest',
        }),
      ],
    }
  }
  return {
    urgency,
    payloads: items.map((item) =>
      buildPayload({
        type: 'news',
        title: item.priority === 'critical' ? `Critical: ${item.title}` : item.title,
        body: item.summary || item.category,
        tag: `news-${item.id}`.slice(0, 64),
      }),
    ),
  }
}

/**
 * Pushes new news items to every member subscription with news on. Never throws for a push failure:
 * the news refresh goes on whatever the push services answer.
 */
export async function pushNewsItems(
  handle: DbHandle,
  items: NewsItemForPush[],
  options: SendOptions = {},
): Promise<PushReport> {
  if (items.length === 0) return { sent: 0, removed: 0, failed: 0 }
  try {
    const subscribers = await topicSubscribers(handle.db, 'news')
    const { payloads, urgency } = newsPayloads(items)
    const report = await sendToSubscriptions(handle, subscribers, payloads, { ttl: NEWS_TTL_SECONDS, urgency, ...options })
    logger.info({ items: items.length, subscribers: subscribers.length, ...report }, 'news pushed')
    return report
  } catch (error) {
    logger.error({ err: error }, 'news push failed')
    return { sent: 0, removed: 0, failed: items.length }
  }
}
