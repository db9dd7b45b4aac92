import { computeAchievements } from './achievements'
import { experienceLevel } from './experience'
import { DASHBOARD_LIMITS, STRONG_AREA_MIN_SEARCHES } from './limits'
import { quickAccessTiles } from './quick-access'
import { isTopicName, topicsOfQuery, type TopicName } from './topics'
import type { DashboardData, SearchRow, TopicCount } from './types'

export interface DashboardInput {
  /** All of the user's stored searches, in any order. */
  rows: readonly SearchRow[]
  /** users.searchCount: every search the user made, including ones since deleted from history. */
  searchCount: number
}

/**
 * A search's topics: the ones stored with it (unknown names dropped), or, when none are stored,
 * topicsOfQuery of its question (rows stored before topics were recorded).
 */
export function topicsOfRow(row: Pick<SearchRow, 'query' | 'topics'>): TopicName[] {
  const stored = [...new Set(row.topics.filter(isTopicName))]
  return stored.length > 0 ? stored : topicsOfQuery(row.query)
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0)

/**
 * The personalized dashboard (product-spec §2 'Dashboard (signed-in)', §3 'Dashboard data'):
 *
 * - recentSearches: the 3 newest searches.
 * - searchPatterns.commonTopics: the 4 most searched topics with their counts (a search counts once
 *   for each of its topics); equal counts in alphabetical order.
 * - expertise.level: from the search count (experienceLevel).
 * - expertise.strongAreas: topics searched at least 3 times, most searched first (equal counts
 *   alphabetical), at most 3.
 * - expertise.learningAreas: topics searched once or twice, the most recently searched first (equal
 *   times alphabetical), at most 2.
 * - achievements: see achievements.ts. quickAccess: see quick-access.ts.
 */
export function computeDashboard({ rows, searchCount }: DashboardInput): DashboardData {
  const newestFirst = [...rows].sort(
    (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || byName(b.id, a.id),
  )
  const withTopics = newestFirst.map((row) => ({ row, topics: topicsOfRow(row) }))

  const stats = new Map<TopicName, { count: number; last: number }>()
  for (const { row, topics } of withTopics) {
    for (const topic of topics) {
      const entry = stats.get(topic)
      if (entry) entry.count += 1
      else stats.set(topic, { count: 1, last: row.createdAt.getTime() })
    }
  }
  const ranked: TopicCount[] = [...stats.entries()]
    .map(([topic, { count }]) => ({ topic, count }))
    .sort((a, b) => b.count - a.count || byName(a.topic, b.topic))

  const learningAreas = [...stats.entries()]
    .filter(([, { count }]) => count < STRONG_AREA_MIN_SEARCHES)
    .sort(([aTopic, a], [bTopic, b]) => b.last - a.last || byName(aTopic, bTopic))
    .slice(0, DASHBOARD_LIMITS.learningAreas)
    .map(([topic]) => topic)

  const commonTopics = ranked.slice(0, DASHBOARD_LIMITS.focusTopics)
  const achievements = computeAchievements(
    withTopics.map(({ row, topics }) => ({ createdAt: row.createdAt, topics })).reverse(),
    searchCount,
    DASHBOARD_LIMITS.recentAchievements,
  )

  return {
    quickAccess: quickAccessTiles(ranked),
    recentSearches: newestFirst.slice(0, DASHBOARD_LIMITS.recentSearches).map((row) => ({
      id: row.id,
      query: row.query,
      confidence: row.confidence,
      createdAt: row.createdAt.toISOString(),
    })),
    searchPatterns: { commonTopics },
    expertise: {
      level: experienceLevel(searchCount),
      strongAreas: ranked
        .filter(({ count }) => count >= STRONG_AREA_MIN_SEARCHES)
        .slice(0, DASHBOARD_LIMITS.strongAreas)
        .map(({ topic }) => topic),
      learningAreas,
    },
    achievements: { nextMilestone: achievements.nextMilestone, recent: achievements.recent },
  }
}
