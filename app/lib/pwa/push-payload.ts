/**
 * The service worker's reading of a push message (shape agreed with the push helper, app/lib/push/payload.ts:
 * `{ title, body, url, tag, icon, badge, type }`). Kept free of `~/` imports and zod because the worker is
 * bundled on its own without the app's path aliases. Anything malformed gets safe defaults, and the click
 * target is always one of our own paths.
 */
export interface ShownNotification {
  title: string
  body: string
  url: string
  tag: string
  icon: string
  badge: string
  type: 'news' | 'trends' | 'announcements'
}

const TARGETS: Record<ShownNotification['type'], string> = { news: '/news', trends: '/trends', announcements: '/' }

function ownPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return undefined
  return value.slice(0, 200)
}

const text = (value: unknown, max: number) => (typeof value === 'string' ? value.slice(0, max) : '')

export function readPushPayload(raw: string | null | undefined): ShownNotification {
  let value: Record<string, unknown> = {}
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>
  } catch {
    value = { body: raw ?? '' }
  }
  const type = (['news', 'trends', 'announcements'] as const).find((t) => t === value.type) ?? 'announcements'
  return {
    title: text(value.title, 120) || 'SCDOT Field Assistant',
    body: text(value.body, 500),
    url: ownPath(value.url) ?? TARGETS[type],
    tag: text(value.tag, 64) || `${type}-notification`,
    icon: ownPath(value.icon) ?? '/icons/icon-192.png',
    badge: ownPath(value.badge) ?? '/favicon.svg',
    type,
  }
}
