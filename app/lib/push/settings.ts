/**
 * Notification settings (product-spec §3): three browser-stored booleans, false until the user turns
 * them on (granting permission turns all three on, §4). Pure helpers here; the storage access is
 * guarded because localStorage can throw (private mode, storage disabled).
 */
export const NOTIFICATION_TOPICS = ['news', 'trends', 'announcements'] as const
export type NotificationTopic = (typeof NOTIFICATION_TOPICS)[number]
export type NotificationSettings = Record<NotificationTopic, boolean>

export const SETTINGS_STORAGE_KEY = 'notification-settings'
export const SETTINGS_CHANGE_EVENT = 'notification-settings-change'

export const DEFAULT_SETTINGS: NotificationSettings = Object.freeze({ news: false, trends: false, announcements: false })
export const ALL_ON: NotificationSettings = Object.freeze({ news: true, trends: true, announcements: true })

/** The words §8 uses for each topic in the toggle toasts, and the card's labels. */
export const TOPIC_WORDS: Record<NotificationTopic, string> = {
  news: 'construction news',
  trends: 'industry trends',
  announcements: 'important announcements',
}

export const TOPIC_LABELS: Record<NotificationTopic, string> = {
  news: 'Construction News',
  trends: 'Industry Trends',
  announcements: 'Important Announcements',
}

/** Where a notification of each type leads when clicked (§7). */
export const CLICK_TARGETS: Record<NotificationTopic, string> = {
  news: '/news',
  trends: '/trends',
  announcements: '/',
}

export function isTopic(value: unknown): value is NotificationTopic {
  return typeof value === 'string' && (NOTIFICATION_TOPICS as readonly string[]).includes(value)
}

/** A stored value back to settings: anything missing, corrupt or not a boolean reads as false. */
export function parseSettings(raw: string | null | undefined): NotificationSettings {
  if (!raw) return { ...DEFAULT_SETTINGS }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { ...DEFAULT_SETTINGS }
  }
  if (!value || typeof value !== 'object') return { ...DEFAULT_SETTINGS }
  const record = value as Record<string, unknown>
  return {
    news: record.news === true,
    trends: record.trends === true,
    announcements: record.announcements === true,
  }
}

export function serializeSettings(settings: NotificationSettings): string {
  return JSON.stringify({ news: settings.news, trends: settings.trends, announcements: settings.announcements })
}

/** The toast a toggle shows (§8): enabled or disabled, naming the topic. */
export function toggleToast(topic: NotificationTopic, enabled: boolean): { title: string; description: string } {
  return enabled
    ? { title: 'Notifications Enabled', description: `You'll receive ${TOPIC_WORDS[topic]} notifications` }
    : { title: 'Notifications Disabled', description: `You won't receive ${TOPIC_WORDS[topic]} notifications` }
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

export function readSettings(): NotificationSettings {
  try {
    return parseSettings(storage()?.getItem(SETTINGS_STORAGE_KEY))
  } catch {
    return { ...DEFAULT_SETTINGS }
  }
}

/** Saves the settings and tells open cards (this tab) that they changed. */
export function writeSettings(settings: NotificationSettings): void {
  try {
    storage()?.setItem(SETTINGS_STORAGE_KEY, serializeSettings(settings))
  } catch {
    // storage unavailable: the settings live for this page only
  }
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(SETTINGS_CHANGE_EVENT, { detail: settings }))
}
