/** Experience level from the search count (product-spec §4 'Experience level', §9 thresholds 5 and 15). */
export const EXPERIENCE_THRESHOLDS = { experienced: 5, expert: 15 } as const

export const EXPERIENCE_LEVELS = ['Getting Started', 'Learning', 'Experienced', 'Expert'] as const
export type ExperienceLevel = (typeof EXPERIENCE_LEVELS)[number]

export function experienceLevel(searchCount: number): ExperienceLevel {
  if (searchCount <= 0) return 'Getting Started'
  if (searchCount < EXPERIENCE_THRESHOLDS.experienced) return 'Learning'
  if (searchCount < EXPERIENCE_THRESHOLDS.expert) return 'Experienced'
  return 'Expert'
}
