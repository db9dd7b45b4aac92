import { sql } from 'drizzle-orm'
import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * Corpus files as loaded from corpus/ (Markdown with front matter). One row per file, keyed by its
 * path under corpus/, with a content hash so an unchanged file is skipped on the next start.
 */
export const corpusFiles = pgTable(
  'corpus_files',
  {
    path: text('path').primaryKey(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    contentHash: text('content_hash').notNull(),
    frontMatter: jsonb('front_matter').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    body: text('body').notNull(),
    loadedAt: timestamp('loaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('corpus_files_kind_idx').on(t.kind)],
)

/** Small key/value settings the server keeps (for example generated keys), created on first start. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
