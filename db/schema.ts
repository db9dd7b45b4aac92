import { sql } from 'drizzle-orm'
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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

/**
 * People who use the product. Guests are users too (isGuest, no email or password) so that a guest who
 * signs up keeps the same id, and with it their searches. role 'admin' is granted by `npm run admin`.
 */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    passwordHash: text('password_hash'),
    isGuest: boolean('is_guest').notNull().default(false),
    role: text('role', { enum: ['member', 'admin'] }).notNull().default('member'),
    searchCount: integer('search_count').notNull().default(0),
    newsEmailOptIn: boolean('news_email_opt_in').notNull().default(false),
    disclaimerAcknowledgedAt: timestamp('disclaimer_acknowledged_at', { withTimezone: true }),
    onboardingCompletedAt: timestamp('onboarding_completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_created_idx').on(t.createdAt)],
)

/** Server-side sessions: the cookie holds a random token, the table its SHA-256, so they can be revoked. */
export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId), index('sessions_expires_idx').on(t.expiresAt)],
)

/** Every answered search, for history, the dashboard and achievements. `result` is the answer shown. */
export const searches = pgTable(
  'searches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    query: text('query').notNull(),
    confidence: text('confidence', { enum: ['high', 'medium', 'low', 'unknown'] }).notNull(),
    topics: jsonb('topics').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    result: jsonb('result').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('searches_user_created_idx').on(t.userId, t.createdAt)],
)

/** Saved answers and documents. */
export const favourites = pgTable(
  'favourites',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['answer', 'document'] }).notNull(),
    /** The search id for an answer; the document or drawing id for a document. */
    refId: text('ref_id').notNull(),
    title: text('title').notNull(),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('favourites_user_ref_unique').on(t.userId, t.kind, t.refId)],
)

/** Fixed-window counters for rate limits, shared by every server process that uses the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})
