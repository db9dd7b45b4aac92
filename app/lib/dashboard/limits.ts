/** Dashboard limits and timings (product-spec §9). The two timings are also in dashboard.css. */
export const DASHBOARD_LIMITS = {
  quickAccess: 10,
  recentSearches: 3,
  focusTopics: 4,
  strongAreas: 3,
  learningAreas: 2,
  recentAchievements: 2,
} as const

/** A topic searched at least this many times is a strong area; fewer (1 or 2) is a learning area. */
export const STRONG_AREA_MIN_SEARCHES = 3

/** Topic tiles (links to the topic's cheat sheet) added to Quick Access for the user's top topics. */
export const TOPIC_TILES = 2

export const WELCOME_ANIMATION_MS = 2500
export const QUICK_ACCESS_DELAY_MS = 2800
