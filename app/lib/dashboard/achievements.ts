import type { TopicName } from './topics'
import type { EarnedAchievement, NextMilestone } from './types'

/**
 * The milestones a member can earn. Each is earned by one search, and `earnedAt` is that search's
 * createdAt:
 *
 * - 'First Search', 'Getting Curious', 'Experienced Inspector', 'Spec Expert', 'Centurion': the 1st,
 *   5th, 15th, 50th and 100th search (counted by the user's search count, which deleting history
 *   does not lower).
 * - 'Well Rounded': the search that brings the user's distinct topics to 4.
 * - 'Safety First': the first search about Work Zone Traffic Control or Safety (OSHA).
 * - 'Topic Specialist': the 10th search on one topic.
 *
 * When searches were deleted from history (or were counted but not stored), the missing ones are
 * taken to be the oldest: the Nth search is then the (N - missing)th stored one. A count milestone
 * whose search is no longer stored stays earned but has no date, so it is not listed as recent.
 *
 * The next milestone is the first count milestone not yet earned; after 'Centurion', the first other
 * milestone not yet earned, in the order above; null when all are earned.
 */
export type MilestoneRule = 'searches' | 'distinct-topics' | 'safety' | 'same-topic'

export interface Milestone {
  name: string
  /** lucide-react icon name. */
  icon: string
  rule: MilestoneRule
  target: number
  /** What the progress counts, for 'progress / target <unit>'. */
  unit: string
  description: string
}

export const MILESTONES: readonly Milestone[] = [
  { name: 'First Search', icon: 'Search', rule: 'searches', target: 1, unit: 'searches', description: 'Ask your first question.' },
  { name: 'Getting Curious', icon: 'Sparkles', rule: 'searches', target: 5, unit: 'searches', description: 'Complete 5 searches.' },
  {
    name: 'Experienced Inspector',
    icon: 'Award',
    rule: 'searches',
    target: 15,
    unit: 'searches',
    description: 'Complete 15 searches.',
  },
  { name: 'Spec Expert', icon: 'GraduationCap', rule: 'searches', target: 50, unit: 'searches', description: 'Complete 50 searches.' },
  { name: 'Centurion', icon: 'Trophy', rule: 'searches', target: 100, unit: 'searches', description: 'Complete 100 searches.' },
  {
    name: 'Well Rounded',
    icon: 'Compass',
    rule: 'distinct-topics',
    target: 4,
    unit: 'topics',
    description: 'Search 4 different topics.',
  },
  {
    name: 'Safety First',
    icon: 'ShieldCheck',
    rule: 'safety',
    target: 1,
    unit: 'safety searches',
    description: 'Search a work zone or safety topic.',
  },
  {
    name: 'Topic Specialist',
    icon: 'Target',
    rule: 'same-topic',
    target: 10,
    unit: 'searches on one topic',
    description: 'Search one topic 10 times.',
  },
]

export const SAFETY_TOPICS: readonly TopicName[] = ['Work Zone Traffic Control', 'Safety (OSHA)']

export function milestoneByName(name: string): Milestone | undefined {
  return MILESTONES.find((milestone) => milestone.name === name)
}

/** A stored search, oldest first, with its topics already resolved. */
export interface ChronologicalSearch {
  createdAt: Date
  topics: readonly TopicName[]
}

interface MilestoneState {
  milestone: Milestone
  progress: number
  earned: boolean
  earnedAt: Date | null
}

function evaluate(milestone: Milestone, searches: readonly ChronologicalSearch[], searchCount: number): MilestoneState {
  const { target } = milestone
  if (milestone.rule === 'searches') {
    const count = Math.max(searchCount, searches.length)
    const missing = count - searches.length
    const earned = count >= target
    const earnedAt = earned ? (searches[target - 1 - missing]?.createdAt ?? null) : null
    return { milestone, progress: Math.min(count, target), earned, earnedAt }
  }
  const seen = new Set<TopicName>()
  const perTopic = new Map<TopicName, number>()
  let progress = 0
  for (const search of searches) {
    let reached = false
    if (milestone.rule === 'distinct-topics') {
      for (const topic of search.topics) seen.add(topic)
      progress = Math.min(seen.size, target)
      reached = seen.size >= target
    } else if (milestone.rule === 'safety') {
      reached = search.topics.some((topic) => SAFETY_TOPICS.includes(topic))
      progress = reached ? 1 : 0
    } else {
      for (const topic of search.topics) perTopic.set(topic, (perTopic.get(topic) ?? 0) + 1)
      progress = Math.min(Math.max(0, ...perTopic.values()), target)
      reached = progress >= target
    }
    if (reached) return { milestone, progress: target, earned: true, earnedAt: search.createdAt }
  }
  return { milestone, progress, earned: false, earnedAt: null }
}

export interface AchievementsResult {
  nextMilestone: NextMilestone | null
  recent: EarnedAchievement[]
  /** Every milestone with its state (for tests and future screens). */
  all: { name: string; earned: boolean; earnedAt: string | null; progress: number; target: number }[]
}

/** `searches` must be oldest first. */
export function computeAchievements(
  searches: readonly ChronologicalSearch[],
  searchCount: number,
  recentLimit: number,
): AchievementsResult {
  const states = MILESTONES.map((milestone) => evaluate(milestone, searches, searchCount))
  const next =
    states.find((state) => state.milestone.rule === 'searches' && !state.earned) ?? states.find((state) => !state.earned)
  const recent = states
    .map((state, index) => ({ state, index }))
    .filter(({ state }) => state.earnedAt !== null)
    // Newest first; one search can earn several milestones, and then the later-listed one goes first.
    .sort((a, b) => b.state.earnedAt!.getTime() - a.state.earnedAt!.getTime() || b.index - a.index)
    .slice(0, recentLimit)
    .map(({ state }) => ({ name: state.milestone.name, icon: state.milestone.icon, earnedAt: state.earnedAt!.toISOString() }))
  return {
    nextMilestone: next ? { name: next.milestone.name, progress: next.progress, target: next.milestone.target } : null,
    recent,
    all: states.map((state) => ({
      name: state.milestone.name,
      earned: state.earned,
      earnedAt: state.earnedAt?.toISOString() ?? null,
      progress: state.progress,
      target: state.milestone.target,
    })),
  }
}
