/**
 * The figures of a trend insight, computed from stored news articles and aggregated search topics. Pure.
 *
 * Search privacy: the database layer returns only counts per topic (searches and distinct searchers),
 * never a user id or a question. A topic, or a category's total, is reported only when at least
 * MIN_SEARCHERS different people searched it, so no one person's searches can be singled out.
 */
import { matchesCategory, type TrendCategory } from './categories'
import type { DateRange } from './date-range'

export const MIN_SEARCHERS = 3
/** Fewer matching articles than this in the period is too few to call a news trend. */
export const MIN_ARTICLES = 3
export const TOP_TOPICS = 3
export const MAX_SOURCES = 10

export interface NewsArticle {
  title: string
  summary: string
  url: string
  source: string
  publishedAt: Date
  priority: 'critical' | 'high' | 'normal'
}

export interface SearchCount {
  searches: number
  /** Distinct people who searched. */
  users: number
}

export interface TopicCount extends SearchCount {
  topic: string
}

export interface SearchAggregate {
  /** Searches on any of the category's topics. */
  total: SearchCount
  topics: TopicCount[]
}

export interface TrendFigures {
  category: TrendCategory
  rangeLabel: string
  previousLabel: string
  articles: number
  previousArticles: number
  /** null when the previous period had no articles (no base to compare with). */
  articleChangePercent: number | null
  priorityArticles: number
  topSource: { name: string; count: number } | null
  /** null when fewer than MIN_SEARCHERS people searched (not reported). */
  searches: number | null
  previousSearches: number | null
  searchChangePercent: number | null
  topTopics: { topic: string; searches: number }[]
  headlines: { title: string; source: string }[]
  enoughData: boolean
}

/** Whole-number percentage change; null when there is no previous figure to compare with. */
export function changePercent(current: number, previous: number): number | null {
  if (previous <= 0) return null
  return Math.round(((current - previous) / previous) * 100)
}

export function formatChange(percent: number | null): string {
  if (percent === null) return 'n/a'
  return percent > 0 ? `+${percent}%` : `${percent}%`
}

/** Articles of `category` published in [start, end), newest first. */
export function articlesIn(articles: readonly NewsArticle[], category: TrendCategory, start: Date, end: Date): NewsArticle[] {
  return articles
    .filter((article) => article.publishedAt >= start && article.publishedAt < end)
    .filter((article) => matchesCategory(`${article.title} ${article.summary}`, category))
    .sort((a, b) => b.publishedAt.getTime() - a.publishedAt.getTime())
}

/** The source with most articles (ties: alphabetical), or null. */
export function mostActiveSource(articles: readonly NewsArticle[]): { name: string; count: number } | null {
  const counts = new Map<string, number>()
  for (const article of articles) counts.set(article.source, (counts.get(article.source) ?? 0) + 1)
  const [best] = [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
  return best ? { name: best[0], count: best[1] } : null
}

/** A count that may be reported: enough different people behind it. */
export function reportable(count: SearchCount): boolean {
  return count.users >= MIN_SEARCHERS && count.searches >= MIN_SEARCHERS
}

/** The most searched topics that pass the threshold, most searched first. */
export function topTopics(topics: readonly TopicCount[], max = TOP_TOPICS): { topic: string; searches: number }[] {
  return topics
    .filter(reportable)
    .sort((a, b) => b.searches - a.searches || a.topic.localeCompare(b.topic))
    .slice(0, max)
    .map(({ topic, searches }) => ({ topic, searches }))
}

export function computeFigures(input: {
  category: TrendCategory
  range: DateRange
  /** Stored articles of both periods (any category: matched here). */
  articles: readonly NewsArticle[]
  searches: SearchAggregate
  previousSearches: SearchAggregate
}): { figures: TrendFigures; used: NewsArticle[] } {
  const { category, range } = input
  const current = articlesIn(input.articles, category, range.start, range.end)
  const previous = articlesIn(input.articles, category, range.previous.start, range.previous.end)
  const searches = reportable(input.searches.total) ? input.searches.total.searches : null
  const previousSearches = reportable(input.previousSearches.total) ? input.previousSearches.total.searches : null
  const figures: TrendFigures = {
    category,
    rangeLabel: range.label,
    previousLabel: range.previous.label,
    articles: current.length,
    previousArticles: previous.length,
    articleChangePercent: changePercent(current.length, previous.length),
    priorityArticles: current.filter((article) => article.priority !== 'normal').length,
    topSource: mostActiveSource(current),
    searches,
    previousSearches,
    searchChangePercent: searches !== null && previousSearches !== null ? changePercent(searches, previousSearches) : null,
    topTopics: topTopics(input.searches.topics),
    headlines: current.slice(0, 2).map((article) => ({ title: article.title, source: article.source })),
    enoughData: current.length >= MIN_ARTICLES || searches !== null,
  }
  return { figures, used: current.slice(0, MAX_SOURCES) }
}

/** The key metrics map of the insight (§3 keyMetrics: name -> value). */
export function keyMetricsOf(figures: TrendFigures): Record<string, string | number> {
  const metrics: Record<string, string | number> = {
    'News articles': figures.articles,
    [`News articles (${figures.previousLabel})`]: figures.previousArticles,
    'Change vs previous period': formatChange(figures.articleChangePercent),
    'Critical or high priority articles': figures.priorityArticles,
    'Searches on these topics': figures.searches ?? `Fewer than ${MIN_SEARCHERS} searchers`,
  }
  if (figures.searches !== null) metrics['Search change vs previous period'] = formatChange(figures.searchChangePercent)
  if (figures.topTopics.length > 0) metrics['Top search topics'] = figures.topTopics.map((t) => `${t.topic} (${t.searches})`).join(', ')
  if (figures.topSource) metrics['Most active news source'] = `${figures.topSource.name} (${figures.topSource.count})`
  return metrics
}
