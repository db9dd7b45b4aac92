import { z } from 'zod'
import { PRODUCT_NAME } from '../brand'
import { CLICK_TARGETS, NOTIFICATION_TOPICS, type NotificationTopic } from './settings'

/**
 * What a push message carries to the service worker, which shows it and opens `url` on click. The url
 * is always one of our own paths (§7 click targets), never whatever a caller asked for.
 */
export interface PushPayload {
  title: string
  body: string
  url: string
  tag: string
  icon: string
  badge: string
  type: NotificationTopic
}

export const DEFAULT_ICON = '/icons/icon-192.png'
export const DEFAULT_BADGE = '/icons/icon-192.png'

const LIMITS = { title: 120, body: 500, tag: 64, path: 200, endpoint: 1024, key: 256 } as const

/** Our own path (starts with one slash, no scheme or host), else undefined. */
function ownPath(value: string | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  return value
}

export function buildPayload(input: {
  type: NotificationTopic
  title: string
  body: string
  tag?: string
  icon?: string
  badge?: string
}): PushPayload {
  return {
    title: input.title.slice(0, LIMITS.title),
    body: input.body.slice(0, LIMITS.body),
    url: CLICK_TARGETS[input.type],
    tag: (input.tag || `${input.type}-notification`).slice(0, LIMITS.tag),
    icon: ownPath(input.icon) ?? DEFAULT_ICON,
    badge: ownPath(input.badge) ?? DEFAULT_BADGE,
    type: input.type,
  }
}

/** Serialised payload bytes stay far below the ~4 KB a push service accepts. */
export function encodePayload(payload: PushPayload): string {
  return JSON.stringify(payload)
}

/** The service worker's reading of a push message: anything malformed gets safe defaults. */
export function decodePayload(text: string | null | undefined): PushPayload {
  let value: Record<string, unknown> = {}
  try {
    const parsed: unknown = text ? JSON.parse(text) : {}
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>
  } catch {
    value = { body: text ?? '' }
  }
  const type = NOTIFICATION_TOPICS.find((t) => t === value.type) ?? 'announcements'
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined)
  return {
    ...buildPayload({ type, title: str(value.title) || PRODUCT_NAME, body: str(value.body) ?? '', tag: str(value.tag), icon: str(value.icon), badge: str(value.badge) }),
    url: ownPath(str(value.url)) ?? CLICK_TARGETS[type],
  }
}

const base64Url = z.string().trim().min(1).max(LIMITS.key).regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Keys must be base64url.')

/** The browser's PushSubscription.toJSON(), plus the optional topic flags. */
export const SubscribeSchema = z.object({
  endpoint: z
    .string()
    .trim()
    .max(LIMITS.endpoint, 'The endpoint is too long.')
    .refine((value) => {
      try {
        return new URL(value).protocol === 'https:'
      } catch {
        return false
      }
    }, 'The endpoint must be an https URL.'),
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.object({ p256dh: base64Url, auth: base64Url }),
  topics: z
    .object({ news: z.boolean(), trends: z.boolean(), announcements: z.boolean() })
    .partial()
    .optional(),
})
export type SubscribeInput = z.infer<typeof SubscribeSchema>

export const UnsubscribeSchema = z.object({ endpoint: z.string().trim().min(1).max(LIMITS.endpoint) })

export const TopicSettingsSchema = z.object({
  endpoint: z.string().trim().min(1).max(LIMITS.endpoint).optional(),
  news: z.boolean().optional(),
  trends: z.boolean().optional(),
  announcements: z.boolean().optional(),
})

/** §7 test payload: title, message, body, type, tag, icon, badge, url (url is ignored for safety). */
export const TestNotificationSchema = z
  .object({
    title: z.string().trim().min(1).max(LIMITS.title).default('Test Notification'),
    message: z.string().trim().max(LIMITS.body).optional(),
    body: z.string().trim().max(LIMITS.body).optional(),
    type: z.enum(NOTIFICATION_TOPICS).default('announcements'),
    tag: z.string().trim().max(LIMITS.tag).optional(),
    icon: z.string().trim().max(LIMITS.path).optional(),
    badge: z.string().trim().max(LIMITS.path).optional(),
    url: z.string().trim().max(LIMITS.path).optional(),
  })
  .transform((value) => buildPayload({ ...value, body: value.body || value.message || 'This is a test notification.' }))
