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

/** Fixed-window counters for rate limits, shared by every server process that uses the database. */
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
