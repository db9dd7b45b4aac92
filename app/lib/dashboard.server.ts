import { eq } from 'drizzle-orm'
import type { Database } from '@db/client'
import { searches } from '@db/schema'
import { computeDashboard } from './dashboard/compute'
import type { DashboardView } from './dashboard/types'

export type { DashboardView }

export interface DashboardUser {
  id: string
  firstName: string
  searchCount: number
}

/**
 * The personalized dashboard of a signed-in member, from their stored searches (every row, without
 * the stored answers: topic counts and achievements need the whole history; a row is a few hundred
 * bytes, so even years of daily searches stay small).
 */
export async function loadDashboard(db: Database, user: DashboardUser, now: Date = new Date()): Promise<DashboardView> {
  const rows = await db
    .select({
      id: searches.id,
      query: searches.query,
      confidence: searches.confidence,
      topics: searches.topics,
      createdAt: searches.createdAt,
    })
    .from(searches)
    .where(eq(searches.userId, user.id))
  return {
    dashboard: computeDashboard({ rows, searchCount: user.searchCount }),
    firstName: user.firstName,
    searchCount: user.searchCount,
    historyCount: rows.length,
    renderedAt: now.toISOString(),
  }
}
