import fs from 'node:fs'
import { z } from 'zod'
import { config } from '../config.server'
import { NEWS_CATEGORIES } from './types'

export const FeedDefinitionSchema = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'feed ids are kebab-case'),
  name: z.string().min(1).max(120),
  url: z
    .string()
    .max(2000)
    .refine((value) => {
      try {
        const url = new URL(value)
        return url.protocol === 'http:' || url.protocol === 'https:'
      } catch {
        return false
      }
    }, 'feed addresses are absolute http(s) URLs'),
  category: z.enum(NEWS_CATEGORIES),
  source: z.string().min(1).max(120),
  verified: z.boolean().optional(),
  note: z.string().max(1000).optional(),
  /** false keeps a listed feed from being fetched. */
  enabled: z.boolean().optional(),
})
export type FeedDefinition = z.infer<typeof FeedDefinitionSchema>

const FeedListSchema = z
  .array(FeedDefinitionSchema)
  .max(100)
  .refine((feeds) => new Set(feeds.map((f) => f.id)).size === feeds.length, 'feed ids must be unique')

/** corpus/news/feeds.json: `{ feeds: [...] }` plus documentation fields; a bare array is accepted too. */
const FeedFileSchema = z.union([z.object({ feeds: FeedListSchema }).loose(), FeedListSchema])

export function parseFeedList(json: unknown): FeedDefinition[] {
  const parsed = FeedFileSchema.parse(json)
  return Array.isArray(parsed) ? parsed : parsed.feeds
}

export function feedsFilePath(): string {
  return config().NEWS_FEEDS_FILE
}

/**
 * The feeds to fetch: NEWS_FEEDS_JSON (a JSON list or `{ feeds }`, used by tests to point at local
 * servers) when set, else corpus/news/feeds.json. Disabled feeds are left out. Throws on a list that
 * does not match the schema, naming the problem.
 */
export function loadFeeds(): FeedDefinition[] {
  const raw = config().NEWS_FEEDS_JSON ?? fs.readFileSync(feedsFilePath(), 'utf8')
  const feeds = parseFeedList(JSON.parse(raw))
  return feeds.filter((feed) => feed.enabled !== false)
}
