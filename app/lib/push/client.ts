import { toast } from '~/lib/toast-store'
import { ALL_ON, readSettings, toggleToast, TOPIC_WORDS, writeSettings, type NotificationSettings, type NotificationTopic } from './settings'

/**
 * Browser side of push notifications (product-spec §4 Notification permission, §7, §8). Used by the
 * side-menu card and the install/notification banner.
 */
export type EnableOutcome = 'granted' | 'denied' | 'unsupported'

export const MESSAGES = {
  enabled: { title: 'Notifications Enabled', description: "You'll receive updates about news and trends" },
  blocked: { title: 'Notifications Blocked', description: 'Enable notifications in your browser settings to receive updates' },
  unsupported: { title: 'Notifications Not Supported', description: "Your browser doesn't support push notifications" },
  notEnabled: { title: 'Notifications Not Enabled', description: 'Please enable notifications first' },
  browserSent: { title: 'Browser Notification Sent' },
} as const

export function notificationPermission(): NotificationPermission | 'unsupported' {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported'
  return Notification.permission
}

/** Push (not just local notifications) needs a service worker and the Push API as well. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window
}

/** `status: text` (or status text when the body is empty), as §8 words every failed answer. */
async function failure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '')
  let message = text
  try {
    const parsed = JSON.parse(text) as { message?: unknown }
    if (typeof parsed.message === 'string') message = parsed.message
  } catch {
    // plain text body
  }
  return new Error(`${response.status}: ${message || response.statusText}`)
}

async function postJson(path: string, body: unknown): Promise<Response> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  })
  if (!response.ok) throw await failure(response)
  return response
}

/** base64url → bytes, as PushManager.subscribe wants the application server key. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const padded = value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4)
  const binary = atob(padded)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

async function serviceWorkerRegistration(): Promise<ServiceWorkerRegistration | undefined> {
  if (!pushSupported()) return undefined
  return (await navigator.serviceWorker.getRegistration()) ?? undefined
}

/**
 * Subscribes this browser through the service worker (user-visible only, our public application
 * server key) and hands the subscription to the server with the topic flags. Returns false when there
 * is no service worker to subscribe through; throws on a failure (callers log it).
 */
export async function subscribeToPush(topics: NotificationSettings = readSettings()): Promise<boolean> {
  const registration = await serviceWorkerRegistration()
  if (!registration) return false
  const keyResponse = await fetch('/api/notifications/vapid-public-key', { credentials: 'include' })
  if (!keyResponse.ok) throw await failure(keyResponse)
  const { publicKey } = (await keyResponse.json()) as { publicKey: string }
  const applicationServerKey = base64UrlToBytes(publicKey)
  let subscription = await registration.pushManager.getSubscription()
  const current = subscription?.options.applicationServerKey
  if (subscription && current && !sameBytes(new Uint8Array(current), applicationServerKey)) {
    // Subscribed under another server key (keys were rotated): start over.
    await subscription.unsubscribe()
    subscription = null
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey })
  const response = await postJson('/api/notifications/subscribe', { ...subscription.toJSON(), topics })
  console.info('Push subscription saved', await response.json())
  return true
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

/** A push service that never answers must not hold the 'Notifications Enabled' answer back. */
const SUBSCRIBE_TIMEOUT_MS = 10_000

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)
    promise.then(resolve, reject).finally(() => clearTimeout(timer))
  })
}

/**
 * Asks for permission when undecided. Granted: all three settings on, the browser subscribed (a
 * failure there is only logged, §8) and 'Notifications Enabled'. Denied: 'Notifications Blocked'.
 */
export async function enableNotifications(): Promise<EnableOutcome> {
  if (notificationPermission() === 'unsupported') {
    toast({ ...MESSAGES.unsupported, variant: 'destructive' })
    return 'unsupported'
  }
  let permission = Notification.permission
  if (permission === 'default') {
    try {
      permission = await Notification.requestPermission()
    } catch (error) {
      console.warn('Notification permission request failed', error)
      permission = Notification.permission
    }
  }
  if (permission !== 'granted') {
    toast({ ...MESSAGES.blocked, variant: 'destructive' })
    return 'denied'
  }
  writeSettings({ ...ALL_ON })
  try {
    await withTimeout(subscribeToPush({ ...ALL_ON }), SUBSCRIBE_TIMEOUT_MS)
  } catch (error) {
    console.warn('Push subscription failed', error)
  }
  toast(MESSAGES.enabled)
  return 'granted'
}

/** Flips one topic locally (with its §8 toast) and on the server for this browser's subscription. */
export async function setTopic(topic: NotificationTopic, enabled: boolean): Promise<NotificationSettings> {
  const next = { ...readSettings(), [topic]: enabled }
  writeSettings(next)
  toast(toggleToast(topic, enabled))
  try {
    const registration = await serviceWorkerRegistration()
    const subscription = await registration?.pushManager.getSubscription()
    if (subscription) await postJson('/api/notifications/settings', { endpoint: subscription.endpoint, [topic]: enabled })
    // Permission granted but this browser never subscribed (or lost it): subscribe with the new flags.
    else if (enabled && notificationPermission() === 'granted') await subscribeToPush(next)
  } catch (error) {
    console.warn('Could not update notification topics on the server', error)
  }
  return next
}

const TEST_CONTENT: Record<NotificationTopic, { title: string; body: string }> = {
  news: { title: 'Construction News', body: 'This is a test construction news notification.' },
  trends: { title: 'Industry Trends', body: 'This is a test industry trends notification.' },
  announcements: { title: 'Important Announcement', body: 'This is a test important announcement.' },
}

/**
 * Sends a test notification of one type. Through the service worker the server pushes it to this
 * browser (if the push service cannot be reached the worker shows it locally); without a service
 * worker a plain browser notification appears with 'Browser Notification Sent'.
 */
export async function sendTestNotification(type: NotificationTopic): Promise<void> {
  if (notificationPermission() !== 'granted' || !readSettings()[type]) {
    toast({ ...MESSAGES.notEnabled, variant: 'destructive' })
    return
  }
  const content = TEST_CONTENT[type]
  try {
    const registration = await serviceWorkerRegistration()
    if (!registration) {
      new Notification(content.title, { body: content.body, tag: `test-${type}` })
      toast(MESSAGES.browserSent)
      return
    }
    const response = await postJson('/api/notifications/test', {
      title: content.title,
      message: content.body,
      body: content.body,
      type,
      tag: `test-${type}`,
    })
    const report = (await response.json()) as { sent: number; removed: number; failed: number; payload?: { url: string } }
    console.info('Test notification report', report)
    if (report.sent === 0) {
      // No subscription reached (none stored, or the push service is unreachable): show it here.
      await registration.showNotification(content.title, { body: content.body, tag: `test-${type}`, data: { url: report.payload?.url ?? '/' } })
    }
    toast({ title: 'Test Notification Sent', description: `Check for the ${TOPIC_WORDS[type]} test notification.` })
  } catch (error) {
    toast({
      title: 'Notification Error',
      description: `Failed to send notification: ${error instanceof Error ? error.message : String(error)}`,
      variant: 'destructive',
    })
  }
}
