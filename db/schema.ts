import { sql } from 'drizzle-orm'
import { boolean, customType, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'

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

/**
 * Inspection forms a user completed in the form filler (§3 Submission record). `data` maps each template
 * field id to the text entered; `formName` is kept as submitted so a later template rename does not
 * rewrite history.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    formId: text('form_id').notNull(),
    formName: text('form_name').notNull(),
    data: jsonb('data').$type<Record<string, string>>().notNull(),
    /** 'photo', 'voice' or 'manual': how the fields were filled, shown in the list. */
    inputMethod: text('input_method', { enum: ['photo', 'voice', 'manual'] }).notNull(),
    submittedAt: timestamp('submitted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('form_submissions_user_time').on(t.userId, t.submittedAt)],
)

/**
 * Fixed-window counters for rate limits, shared by every server process that uses the database. A
 * `takeTurn` queue (rate-limit.server.ts) keeps the time its next turn is free in window_start.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
})

/**
 * A searchable document: one corpus file, or one official PDF loaded with the ingest CLI. Replaced whole,
 * in one transaction, when its content changes (chunks cascade).
 */
export const documents = pgTable(
  'documents',
  {
    /** 'corpus:<path under corpus/>' or 'pdf:<document slug>:<edition slug>'. */
    id: text('id').primaryKey(),
    source: text('source', { enum: ['corpus', 'pdf'] }).notNull(),
    /** Corpus kind (spec-section, drawing, cheat-sheet, ...) or 'spec-book' for a PDF. */
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    /** The publication: 'SCDOT Standard Specifications for Highway Construction', 'MUTCD', ... */
    document: text('document').notNull(),
    edition: text('edition'),
    url: text('url'),
    contentHash: text('content_hash').notNull(),
    chunkCount: integer('chunk_count').notNull().default(0),
    meta: jsonb('meta').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    ingestedAt: timestamp('ingested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('documents_source_idx').on(t.source)],
)

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })
/** A vector column without a fixed dimension, so the embedded model and a configured endpoint both fit. */
const anyVector = customType<{ data: number[]; driverData: string }>({
  dataType: () => 'vector',
  toDriver: (value) => `[${value.join(',')}]`,
  fromDriver: (value) => (typeof value === 'string' ? (JSON.parse(value) as number[]) : (value as number[])),
})

/**
 * The passages that search ranks. `tsv` is generated: section number and title weigh A, the heading path
 * B, the body C. `refs` holds the identifiers a chunk is about (401.4.2, sc-t-29, g501, sc-m-400), lower
 * case, for exact matching. `embedding` is NULL when the text has no word the embedding model knows.
 */
export const chunks = pgTable(
  'chunks',
  {
    id: text('id').primaryKey(),
    documentId: text('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    ordinal: integer('ordinal').notNull(),
    /** 'text' | 'table' | 'drawing' | 'cheat-sheet' | ... */
    kind: text('kind').notNull(),
    section: text('section'),
    sectionTitle: text('section_title'),
    headingPath: text('heading_path').notNull().default(''),
    text: text('text').notNull(),
    edition: text('edition'),
    pageStart: integer('page_start'),
    pageEnd: integer('page_end'),
    /** The page labels a book prints ('401-3') on page_start and page_end, when it prints them. */
    pageLabelStart: text('page_label_start'),
    pageLabelEnd: text('page_label_end'),
    url: text('url'),
    refs: text('refs').array().notNull().default(sql`'{}'::text[]`),
    topics: jsonb('topics').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    contentHash: text('content_hash').notNull(),
    embedding: anyVector('embedding'),
    /** embedding_models.name of the model that made `embedding`: search compares only vectors of the current model. */
    embeddingModel: text('embedding_model'),
    tsv: tsvector('tsv').generatedAlwaysAs(
      sql`setweight(to_tsvector('english'::regconfig, coalesce(section, '') || ' ' || coalesce(section_title, '')), 'A') || setweight(to_tsvector('english'::regconfig, heading_path), 'B') || setweight(to_tsvector('english'::regconfig, text), 'C')`,
    ),
  },
  (t) => [
    index('chunks_document_idx').on(t.documentId, t.ordinal),
    index('chunks_tsv_idx').using('gin', t.tsv),
    index('chunks_refs_idx').using('gin', t.refs),
    index('chunks_section_idx').on(t.section),
  ],
)

/** Embedding models trained at ingest time (the LSA default), keyed by name; the vectors in chunks use it. */
export const embeddingModels = pgTable('embedding_models', {
  name: text('name').primaryKey(),
  format: text('format').notNull(),
  dimensions: integer('dimensions').notNull(),
  /** Hash of the training texts: unchanged texts keep the model and every stored vector. */
  trainingHash: text('training_hash').notNull(),
  model: jsonb('model').notNull(),
  trainedAt: timestamp('trained_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Industry news items fetched from the feeds listed in corpus/news/feeds.json (§3 News item). `id` is a
 * hash of the item's canonical link (or guid), so the same story fetched twice, or from two feeds, is one
 * row. Rows are only ever inserted or refreshed, never deleted by a fetch, so a failing feed loses nothing.
 */
export const newsItems = pgTable(
  'news_items',
  {
    id: text('id').primaryKey(),
    feedId: text('feed_id').notNull(),
    /** 'scdot', 'osha', 'construction' or 'engineering' (§9 news categories). */
    category: text('category', { enum: ['scdot', 'osha', 'construction', 'engineering'] }).notNull(),
    source: text('source').notNull(),
    /** 'critical', 'high' or 'normal', from the rules in app/lib/news. */
    priority: text('priority', { enum: ['critical', 'high', 'normal'] }).notNull().default('normal'),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    url: text('url').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
    /** When subscribers were pushed this item; null until then. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('news_items_url_unique').on(t.url),
    index('news_items_published_idx').on(t.publishedAt),
    index('news_items_category_published_idx').on(t.category, t.publishedAt),
  ],
)

/** The last fetch of each feed: when, how it went, and the validators for a conditional GET. */
export const newsFeedState = pgTable('news_feed_state', {
  feedId: text('feed_id').primaryKey(),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  /** 'ok', 'not-modified', 'timeout', 'http-error', 'malformed' or 'network-error'. */
  lastStatus: text('last_status'),
  lastError: text('last_error'),
  etag: text('etag'),
  lastModified: text('last_modified'),
  itemCount: integer('item_count').notNull().default(0),
})

/**
 * Lease locks so one server at a time runs a scheduled job (the news fetch). A holder takes the row when
 * it is free or its lease has expired, and releases it when done; a crashed holder's lease simply runs out.
 */
export const jobLocks = pgTable('job_locks', {
  name: text('name').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Background ingest jobs of the running servers (ingest/jobs.ts): files the CLI hands to a server on the
 * embedded database, or an administrator sends. In the database so that every server process of a
 * cluster answers a job's status; the process running a job keeps its heartbeat fresh, and a job whose
 * heartbeat stopped reads as failed.
 */
export const ingestJobs = pgTable(
  'ingest_jobs',
  {
    id: text('id').primaryKey(),
    label: text('label').notNull(),
    /** queued, running, done or failed */
    status: text('status').notNull(),
    progress: jsonb('progress').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    message: text('message'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ingest_jobs_created_idx').on(t.createdAt)],
)

/**
 * Web Push subscriptions (§3 Push subscription), one row per browser endpoint. Subscribing again from the
 * same endpoint replaces the row (and its owner). The three topic flags mirror the user's notification
 * settings card so that only subscribers who turned news on are sent news.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    expirationTime: timestamp('expiration_time', { withTimezone: true }),
    news: boolean('news').notNull().default(true),
    trends: boolean('trends').notNull().default(true),
    announcements: boolean('announcements').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp('last_success_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_unique').on(t.endpoint), index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * Industry trend insights (§3 Trend insight), computed from stored news and anonymous search topics.
 * `engine` names what wrote the text (the figures always come from the data).
 */
export const trendInsights = pgTable(
  'trend_insights',
  {
    id: text('id').primaryKey(),
    category: text('category').notNull(),
    title: text('title').notNull(),
    dateRange: text('date_range').notNull(),
    generatedAt: timestamp('generated_at', { withTimezone: true }).notNull().defaultNow(),
    keyMetrics: jsonb('key_metrics').$type<Record<string, string | number>>().notNull(),
    insight: text('insight').notNull(),
    actionableRecommendations: jsonb('actionable_recommendations').$type<string[]>().notNull(),
    relatedSpecifications: jsonb('related_specifications').$type<string[]>().notNull(),
    sources: jsonb('sources').$type<{ title: string; url: string; source?: string; publishedAt?: string }[]>().notNull(),
    engine: text('engine').notNull(),
  },
  (t) => [index('trend_insights_category_generated_idx').on(t.category, t.generatedAt)],
)
