/**
 * Trend data in the database: the news articles of a period, the search counts per topic (aggregated in
 * SQL: only counts leave the database, never a user id or a question), and the stored insights.
 */
import { randomUUID } from 'node:crypto'
import { and, desc, eq, gte, lt } from 'drizzle-orm'
import { sql } from 'drizzle-orm'
import { rowsOf, type Database } from '@db/client'
import { newsItems, trendInsights } from '@db/schema'
import type { NewsArticle, SearchAggregate } from './metrics'
import type { TrendInsight } from './types'

/** Most articles read for one insight (both periods). */
export const MAX_ARTICLES_READ = 5000
/** Most insights a list returns. */
export const MAX_LIST = 50

export async function articlesBetween(db: Database, start: Date, end: Date): Promise<NewsArticle[]> {
  const rows = await db
    .select({
      title: newsItems.title,
      summary: newsItems.summary,
      url: newsItems.url,
      source: newsItems.source,
      publishedAt: newsItems.publishedAt,
      priority: newsItems.priority,
    })
    .from(newsItems)
    .where(and(gte(newsItems.publishedAt, start), lt(newsItems.publishedAt, end)))
    .orderBy(desc(newsItems.publishedAt))
    .limit(MAX_ARTICLES_READ)
  return rows.map((row) => ({ ...row, publishedAt: new Date(row.publishedAt) }))
}

const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`

/** Searches in [start, end) on any of `topics`: the total and each topic's count, with distinct searchers. */
export async function searchAggregate(db: Database, topics: readonly string[], start: Date, end: Date): Promise<SearchAggregate> {
  if (topics.length === 0) return { total: { searches: 0, users: 0 }, topics: [] }
  const from = start.toISOString()
  const to = end.toISOString()
  const perTopic = rowsOf<{ topic: string; searches: number; users: number }>(
    await db.execute(sql`
      select t.topic as topic, count(*)::int as searches, count(distinct s.user_id)::int as users
      from searches s cross join lateral jsonb_array_elements_text(s.topics) as t(topic)
      where s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz and t.topic = any(${textArray(topics)})
      group by t.topic`),
  )
  const [total] = rowsOf<{ searches: number; users: number }>(
    await db.execute(sql`
      select count(*)::int as searches, count(distinct s.user_id)::int as users
      from searches s
      where s.created_at >= ${from}::timestamptz and s.created_at < ${to}::timestamptz
        and exists (select 1 from jsonb_array_elements_text(s.topics) as t(topic) where t.topic = any(${textArray(topics)}))`),
  )
  return {
    total: { searches: Number(total?.searches ?? 0), users: Number(total?.users ?? 0) },
    topics: perTopic.map((row) => ({ topic: row.topic, searches: Number(row.searches), users: Number(row.users) })),
  }
}

type Row = typeof trendInsights.$inferSelect

function toInsight(row: Row): TrendInsight {
  return {
    id: row.id,
    category: row.category,
    title: row.title,
    dateRange: row.dateRange,
    generatedAt: new Date(row.generatedAt).toISOString(),
    keyMetrics: row.keyMetrics,
    insight: row.insight,
    actionableRecommendations: row.actionableRecommendations,
    relatedSpecifications: row.relatedSpecifications,
    sources: row.sources,
    engine: row.engine,
  }
}

export async function saveInsight(db: Database, insight: Omit<TrendInsight, 'id' | 'generatedAt'>, generatedAt = new Date()): Promise<TrendInsight> {
  const [row] = await db.transaction(async (tx) =>
    tx
      .insert(trendInsights)
      .values({ id: randomUUID(), ...insight, generatedAt })
      .returning(),
  )
  return toInsight(row!)
}

/** Insights newest first, of one category or of all ('all' or undefined), at most MAX_LIST. */
export async function listInsights(db: Database, options: { category?: string; limit?: number } = {}): Promise<TrendInsight[]> {
  const limit = Math.max(1, Math.min(MAX_LIST, Math.floor(options.limit ?? MAX_LIST)))
  const where = options.category && options.category !== 'all' ? eq(trendInsights.category, options.category) : undefined
  const rows = await db.select().from(trendInsights).where(where).orderBy(desc(trendInsights.generatedAt), desc(trendInsights.id)).limit(limit)
  return rows.map(toInsight)
}
