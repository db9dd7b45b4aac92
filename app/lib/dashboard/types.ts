import type { ExperienceLevel } from './experience'
import type { TopicName } from './topics'

export type Confidence = 'high' | 'medium' | 'low' | 'unknown'

/** Field names as in product-spec §3 'Dashboard data'. Dates are ISO 8601 strings. */
export interface QuickAccessTile {
  id: string
  title: string
  description: string
  /** A lucide-react icon name (see app/components/dashboard/icons.tsx). */
  icon: string
  url: string
  isExternal: boolean
}

export interface RecentSearch {
  id: string
  query: string
  confidence: Confidence
  createdAt: string
}

export interface TopicCount {
  topic: TopicName
  count: number
}

export interface NextMilestone {
  name: string
  progress: number
  target: number
}

export interface EarnedAchievement {
  name: string
  icon: string
  earnedAt: string
}

export interface DashboardData {
  quickAccess: QuickAccessTile[]
  recentSearches: RecentSearch[]
  searchPatterns: { commonTopics: TopicCount[] }
  expertise: { level: ExperienceLevel; strongAreas: TopicName[]; learningAreas: TopicName[] }
  /** nextMilestone is null once every milestone is earned. */
  achievements: { nextMilestone: NextMilestone | null; recent: EarnedAchievement[] }
}

/** One stored search, as the dashboard reads it (the searches table without its result). */
export interface SearchRow {
  id: string
  query: string
  confidence: Confidence
  topics: readonly string[]
  createdAt: Date
}

/** What the home loader hands to <DashboardBlock view={...} /> (loadDashboard in ~/lib/dashboard.server). */
export interface DashboardView {
  dashboard: DashboardData
  firstName: string
  searchCount: number
  /** How many searches the user's history holds (the 'View All' link shows when more than 3). */
  historyCount: number
  /** When the server computed this (ISO); the first render's greeting and clock use it. */
  renderedAt: string
}
