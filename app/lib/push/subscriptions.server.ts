import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '@db/client'
import { pushSubscriptions, users } from '@db/schema'
import type { SubscribeInput } from './payload'
import type { NotificationTopic } from './settings'

export type SubscriptionRow = typeof pushSubscriptions.$inferSelect

/** Browsers (endpoints) kept per user; subscribing an eleventh drops the least recently updated. */
export const MAX_SUBSCRIPTIONS_PER_USER = 10

/**
 * Stores a browser's subscription for `userId`. The endpoint identifies the browser, so an existing
 * row with it is replaced, whoever owned it: that browser now belongs to this user. Topic flags not
 * given keep the row's values when the same user subscribes again, else start on.
 */
export async function saveSubscription(db: Database, userId: string, input: SubscribeInput): Promise<SubscriptionRow> {
  return db.transaction(async (tx) => {
    const [previous] = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, input.endpoint)).for('update')
    const kept = previous?.userId === userId ? previous : undefined
    const flags = {
      news: input.topics?.news ?? kept?.news ?? true,
      trends: input.topics?.trends ?? kept?.trends ?? true,
      announcements: input.topics?.announcements ?? kept?.announcements ?? true,
    }
    const values = {
      userId,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      expirationTime: input.expirationTime == null ? null : new Date(input.expirationTime),
      ...flags,
    }
    const [row] = await tx
      .insert(pushSubscriptions)
      .values({ id: randomUUID(), endpoint: input.endpoint, ...values })
      .onConflictDoUpdate({
        target: pushSubscriptions.endpoint,
        set: { ...values, createdAt: previous && !kept ? sql`now()` : undefined, updatedAt: sql`now()`, lastSuccessAt: kept ? undefined : null },
      })
      .returning()
    const stale = await tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.updatedAt), desc(pushSubscriptions.createdAt))
      .offset(MAX_SUBSCRIPTIONS_PER_USER)
    if (stale.length) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, stale.map((s) => s.id)))
    return row!
  })
}

/** Removes one of the user's subscriptions by endpoint; answers whether one was removed. */
export async function removeSubscription(db: Database, userId: string, endpoint: string): Promise<boolean> {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}

/** Sets topic flags on one of the user's subscriptions (by endpoint) or on all of them. */
export async function updateTopics(
  db: Database,
  userId: string,
  flags: Partial<Record<NotificationTopic, boolean>>,
  endpoint?: string,
): Promise<number> {
  const set = Object.fromEntries(Object.entries(flags).filter(([, v]) => typeof v === 'boolean'))
  if (Object.keys(set).length === 0) return 0
  const where = endpoint ? and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)) : eq(pushSubscriptions.userId, userId)
  const updated = await db
    .update(pushSubscriptions)
    .set({ ...set, updatedAt: sql`now()` })
    .where(where)
    .returning({ id: pushSubscriptions.id })
  return updated.length
}

const topicColumn = {
  news: pushSubscriptions.news,
  trends: pushSubscriptions.trends,
  announcements: pushSubscriptions.announcements,
} as const

/** The user's subscriptions with `topic` on. */
export async function userSubscriptions(db: Database, userId: string, topic: NotificationTopic): Promise<SubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(topicColumn[topic], true)))
}

/** Every member subscription with `topic` on (guests cannot subscribe; the join makes sure). */
export async function topicSubscribers(db: Database, topic: NotificationTopic): Promise<SubscriptionRow[]> {
  const rows = await db
    .select({ sub: pushSubscriptions })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(and(eq(topicColumn[topic], true), eq(users.isGuest, false)))
  return rows.map((r) => r.sub)
}

export async function deleteSubscriptions(db: Database, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids))
}

export async function markDelivered(db: Database, ids: string[]): Promise<void> {
  if (ids.length) await db.update(pushSubscriptions).set({ lastSuccessAt: sql`now()` }).where(inArray(pushSubscriptions.id, ids))
}
