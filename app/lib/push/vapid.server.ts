import { eq, sql } from 'drizzle-orm'
import webpush from 'web-push'
import type { DbHandle } from '@db/client'
import { appSettings } from '@db/schema'
import { config } from '../config.server'
import { logger } from '../logger.server'

/**
 * The VAPID key pair that identifies this server to push services (the public half is the
 * application server key browsers subscribe with). Made once on first start and kept in app_settings,
 * so subscriptions survive restarts; VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY (both) override it.
 */
export interface VapidDetails {
  subject: string
  publicKey: string
  privateKey: string
}

export const VAPID_SETTING_KEY = 'vapid'

const cache = new WeakMap<object, Promise<VapidDetails>>()

function subject(): string {
  return config().VAPID_SUBJECT
}

function isKeyPair(value: unknown): value is { publicKey: string; privateKey: string } {
  const v = value as { publicKey?: unknown; privateKey?: unknown } | null
  return typeof v?.publicKey === 'string' && typeof v.privateKey === 'string' && v.publicKey.length > 0 && v.privateKey.length > 0
}

async function loadOrCreate(handle: DbHandle): Promise<VapidDetails> {
  const { VAPID_PUBLIC_KEY: envPublic, VAPID_PRIVATE_KEY: envPrivate } = config()
  if (envPublic && envPrivate) return { subject: subject(), publicKey: envPublic, privateKey: envPrivate }

  const generated = webpush.generateVAPIDKeys()
  // Two servers starting together both try; the first insert wins and both read the same row back.
  await handle.db
    .insert(appSettings)
    .values({ key: VAPID_SETTING_KEY, value: generated })
    .onConflictDoNothing({ target: appSettings.key })
  const [row] = await handle.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, VAPID_SETTING_KEY))
  if (!isKeyPair(row?.value)) {
    // A damaged row: replace it (old subscriptions cannot be reached with a lost key anyway).
    logger.warn('stored VAPID keys unreadable; generating new ones')
    await handle.db
      .update(appSettings)
      .set({ value: generated, updatedAt: sql`now()` })
      .where(eq(appSettings.key, VAPID_SETTING_KEY))
    return { subject: subject(), ...generated }
  }
  return { subject: subject(), publicKey: row.value.publicKey, privateKey: row.value.privateKey }
}

/** The server's VAPID details, made on first call and cached per database. */
export function ensureVapidKeys(handle: DbHandle): Promise<VapidDetails> {
  let pending = cache.get(handle.db)
  if (!pending) {
    pending = loadOrCreate(handle)
    cache.set(handle.db, pending)
    pending.catch(() => cache.delete(handle.db))
  }
  return pending
}
