/** Shared by the server and the /news screen (no server-only imports here). */
export const NEWS_CATEGORIES = ['scdot', 'osha', 'construction', 'engineering'] as const
export type NewsCategory = (typeof NEWS_CATEGORIES)[number]

export const NEWS_FILTERS = ['all', ...NEWS_CATEGORIES] as const
export type NewsFilter = (typeof NEWS_FILTERS)[number]

export const NEWS_PRIORITIES = ['critical', 'high', 'normal'] as const
export type NewsPriority = (typeof NEWS_PRIORITIES)[number]

/** A news item as the API and the screen see it (§3 News item, plus its id). */
export interface NewsItem {
  id: string
  category: NewsCategory
  source: string
  priority: NewsPriority
  title: string
  summary: string
  /** ISO time. */
  publishedAt: string
  url: string
}

/** Button labels (§2 News, §9 news categories: the department is SCDOT). */
export const NEWS_FILTER_LABELS: Record<NewsFilter, string> = {
  all: 'All',
  scdot: 'SCDOT',
  osha: 'OSHA',
  construction: 'Construction',
  engineering: 'Engineering',
}

/** The filter named by a `?category=` value; anything else is `null`. */
export function parseNewsFilter(value: string | null | undefined): NewsFilter | null {
  const wanted = (value ?? 'all').trim().toLowerCase() || 'all'
  return (NEWS_FILTERS as readonly string[]).includes(wanted) ? (wanted as NewsFilter) : null
}

export function filterNews<T extends { category: NewsCategory }>(items: readonly T[], filter: NewsFilter): T[] {
  return filter === 'all' ? [...items] : items.filter((item) => item.category === filter)
}
