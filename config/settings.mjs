// @ts-check
/**
 * Every setting the server, the database layer, the ingest and the serve scripts read from the
 * environment, in one zod schema (docs/decisions/019). It is parsed once per process, frozen, and read
 * through `config()`; nothing else reads `process.env`. A bad value stops the start with one message that
 * names each variable and what it allows (never a secret's value).
 *
 * Plain JavaScript (type-checked) so that server.mjs and scripts/serve.mjs, which run without a build step,
 * use this same schema; it imports nothing of the project, so db/, ingest/ and app/ all import it without
 * an arrow pointing up. The README's configuration table is checked against it (config/settings.test.ts).
 *
 * An empty or blank variable counts as unset; values are trimmed. Each setting carries metadata:
 * `allowed` (what the error message says), `secret` (its value is never shown), `shown` (the README's
 * default when it is not a plain value) and `internal` (set by the project's own scripts and tests, not
 * an operator's setting, so not in the README).
 */
import path from 'node:path'
import { z } from 'zod'

/** @typedef {{ allowed: string, secret?: boolean, shown?: string, internal?: string }} SettingMeta */

/** @param {unknown} value */
const blank = (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : value.trim()) : value)

/**
 * @template {z.ZodType} T
 * @param {T} schema
 * @param {SettingMeta} meta
 */
const setting = (schema, meta) => z.preprocess(blank, schema).meta(meta)

/**
 * A whole number from `min` to `max`.
 * @param {number} min
 * @param {number} max
 * @param {number} fallback
 * @param {Partial<SettingMeta>} [meta]
 */
const int = (min, max, fallback, meta = {}) => setting(whole(min, max).default(fallback), { allowed: `a whole number from ${min} to ${max}`, ...meta })
/**
 * @param {number} min
 * @param {number} max
 */
const whole = (min, max) => z.coerce.number().int().min(min).max(max)

/** Milliseconds: up to what a Node timer can wait (longer ones fire at once). */
const MAX_TIMER_MS = 2_147_483_647
/** @param {number} fallback */
const millis = (fallback) => int(1, MAX_TIMER_MS, fallback, { allowed: `a whole number of milliseconds from 1 to ${MAX_TIMER_MS}` })

/** A request budget: at least one request per window. */
/** @param {number} fallback */
const limit = (fallback) => int(1, 1_000_000_000, fallback)

/**
 * `1` (on) or `0` (off).
 * @param {boolean} fallback
 * @param {Partial<SettingMeta>} [meta]
 */
const flag = (fallback, meta = {}) =>
  setting(z.enum(['0', '1']).transform((v) => v === '1').default(fallback), { allowed: '1 (on) or 0 (off)', ...meta })

/**
 * Free text (a name, a path resolved later).
 * @param {Partial<SettingMeta>} [meta]
 */
const text = (meta = {}) => setting(z.string().optional(), { allowed: 'text', ...meta })

/** An http(s) address, trailing slashes removed. */
const url = () => z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''))
const URL_ALLOWED = 'an http:// or https:// address'
/** @param {string} fallback */
const httpUrl = (fallback) => setting(url().default(fallback), { allowed: URL_ALLOWED })
const optionalHttpUrl = () => setting(url().optional(), { allowed: URL_ALLOWED })

/**
 * A comma-separated list (entries trimmed, empty ones dropped).
 * @param {Partial<SettingMeta>} [meta]
 */
const list = (meta = {}) =>
  setting(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .default([]),
    { allowed: 'a comma-separated list', ...meta },
  )

export const LLM_STRUCTURED_METHODS = /** @type {const} */ (['jsonSchema', 'functionCalling', 'jsonMode'])
export const LOG_LEVELS = /** @type {const} */ (['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
export const NODE_ENVS = /** @type {const} */ (['development', 'production', 'test'])

/** The settings, by variable name. Defaults here are the only defaults. */
export const SETTINGS = {
  // The process and the HTTP server
  NODE_ENV: setting(z.enum(NODE_ENVS).optional(), { allowed: NODE_ENVS.join(', ') }),
  PORT: int(0, 65_535, 3000),
  HOST: setting(z.string().default('0.0.0.0'), { allowed: 'a host name or address' }),
  APP_ROOT: text({ internal: 'the project folder (the current directory); scripts and tests that run elsewhere set it' }),
  BUILD_DIR: text({ shown: '`./build`' }),
  TRUST_PROXY: flag(false),
  HSTS: flag(false),
  INSECURE_COOKIES: flag(false),
  WEB_CONCURRENCY: setting(whole(1, 64).optional(), { allowed: 'a whole number from 1 to 64', shown: 'the number of cores' }),
  SERVER_WORKER_INDEX: int(0, 63, 0, { internal: 'set by scripts/serve.mjs for each server process it starts' }),
  SESSION_SECRET: list({ secret: true, shown: 'random per start', allowed: 'a comma-separated list of secrets' }),
  LOG_LEVEL: setting(z.enum(LOG_LEVELS).optional(), { allowed: LOG_LEVELS.join(', ') }),
  VITEST: text({ internal: 'set by Vitest: logs are silent unless LOG_LEVEL says otherwise' }),

  // The database
  DATABASE_URL: setting(
    z
      .string()
      .refine((v) => URL.canParse(v) && /^postgres(ql)?:$/.test(new URL(v).protocol))
      .optional(),
    { allowed: 'a postgres:// or postgresql:// address', secret: true },
  ),
  DATABASE_POOL_SIZE: int(1, 1000, 10),
  DATABASE_PREPARED_STATEMENTS: flag(true),
  DATA_DIR: text({ shown: '`./data`' }),
  CORPUS_DIR: text({ shown: '`./corpus`' }),

  // Accounts and request budgets
  ADMIN_EMAILS: list(),
  RATE_LIMIT_SIGNIN_PER_IP: limit(10),
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: limit(10),
  RATE_LIMIT_SIGNIN_PER_DEVICE: limit(10),
  RATE_LIMIT_SIGNIN_ACCOUNT_FAILURES: limit(10),
  RATE_LIMIT_SIGNUP_PER_IP: limit(20),
  RATE_LIMIT_GUEST_PER_IP: limit(10),
  RATE_LIMIT_NEWS_REFRESH_PER_IP: limit(6),
  RATE_LIMIT_TRENDS_PER_IP: limit(20),
  RATE_LIMIT_PUSH_TEST: limit(6),
  RATE_LIMIT_WEATHER_PLACES: limit(60),
  RATE_LIMIT_WEATHER_FORECAST: limit(30),

  // Models (app/lib/providers.server.ts builds their clients)
  LLM_MODEL: text(),
  OPENAI_API_KEY: text({ secret: true }),
  OPENAI_BASE_URL: optionalHttpUrl(),
  LLM_TIMEOUT_MS: millis(15_000),
  LLM_STRUCTURED_METHOD: setting(z.enum(LLM_STRUCTURED_METHODS).default('jsonSchema'), { allowed: LLM_STRUCTURED_METHODS.join(', ') }),
  SEARCH_ANSWER_CACHE: flag(true),
  VISION_MODEL: text(),
  VISION_API_KEY: text({ secret: true }),
  VISION_BASE_URL: optionalHttpUrl(),
  VISION_TIMEOUT_MS: millis(30_000),
  EMBEDDINGS_MODEL: text(),
  OCR_TIMEOUT_MS: millis(20_000),
  // The OCR process's WebAssembly heap: 64 KiB pages, at most 65,536 of them (4 GiB) in wasm32.
  OCR_MEMORY_MB: int(16, 4096, 1024),
  OCR_RECYCLE_MB: int(1, 1_000_000, 384),

  // News, push, weather
  NEWS_FETCH: setting(
    z
      .string()
      .toLowerCase()
      .pipe(z.enum(['on', 'off']))
      .transform((v) => v === 'on')
      .default(true),
    { allowed: 'on or off' },
  ),
  NEWS_FETCH_INTERVAL_MS: millis(1_800_000),
  NEWS_FIRST_FETCH_DELAY_MS: millis(15_000),
  NEWS_FEED_TIMEOUT_MS: millis(10_000),
  NEWS_FEEDS_FILE: text({ shown: '`corpus/news/feeds.json`' }),
  NEWS_FEEDS_JSON: text({ allowed: 'a JSON list of feeds' }),
  VAPID_SUBJECT: setting(
    z
      .string()
      .regex(/^(mailto:|https:\/\/)/)
      .default('mailto:notifications@specifications-only.app'),
    { allowed: 'a mailto: or https:// address' },
  ),
  VAPID_PUBLIC_KEY: text({ shown: 'made on first start' }),
  VAPID_PRIVATE_KEY: text({ secret: true, shown: 'made on first start' }),
  PUSH_CA_FILE: text(),
  PUSH_ALLOWED_HOSTS: text({ allowed: 'comma-separated host:port entries' }),
  GEOCODER_URL: httpUrl('https://nominatim.openstreetmap.org'),
  GEOCODER_USER_AGENT: setting(
    z.string().default('SpecificationsOnly/1.0 (South Carolina inspectors field assistant; server-side weather card)'),
    { allowed: 'text', shown: "the app's name" },
  ),
  WEATHER_URL: httpUrl('https://api.open-meteo.com'),
  WEATHER_TIMEOUT_MS: millis(5000),

  // Test hooks of the ingest's kill tests (tests/integration/ingest-*.test.ts)
  INGEST_TEST_PAUSE_MS: int(0, MAX_TIMER_MS, 0, { internal: 'test hook: the ingest waits inside its write transaction' }),
  INGEST_TEST_KILL_AFTER_COMMIT: flag(false, { internal: 'test hook: the ingest kills itself after a commit' }),
}

export const configSchema = z
  .object(SETTINGS)
  .superRefine((env, ctx) => {
    // OPENAI_BASE_URL and OPENAI_API_KEY alone may serve the chat model; a model name alone is a mistake.
    if (env.EMBEDDINGS_MODEL && !(env.OPENAI_BASE_URL && env.OPENAI_API_KEY)) {
      ctx.addIssue({ code: 'custom', path: ['EMBEDDINGS_MODEL'], message: 'EMBEDDINGS_MODEL needs OPENAI_BASE_URL and OPENAI_API_KEY as well.', params: { own: true } })
    }
  })
  .transform((env) => {
    // Folders: absolute, from the project folder. Worked out here once rather than wherever they are used.
    const appRoot = path.resolve(env.APP_ROOT ?? process.cwd())
    const corpusDir = path.resolve(appRoot, env.CORPUS_DIR ?? 'corpus')
    return {
      ...env,
      APP_ROOT: appRoot,
      BUILD_DIR: path.resolve(appRoot, env.BUILD_DIR ?? 'build'),
      DATA_DIR: path.resolve(appRoot, env.DATA_DIR ?? 'data'),
      CORPUS_DIR: corpusDir,
      NEWS_FEEDS_FILE: path.resolve(appRoot, env.NEWS_FEEDS_FILE ?? path.join(corpusDir, 'news', 'feeds.json')),
      LOG_LEVEL: env.LOG_LEVEL ?? (env.VITEST ? 'silent' : 'info'),
    }
  })

/** @typedef {Readonly<z.output<typeof configSchema>>} Config */

/** A bad setting: the message names every bad variable and what it allows. */
export class ConfigError extends Error {
  /** @param {string[]} problems */
  constructor(problems) {
    super(`The configuration is not valid:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee "Configuration" in README.md.`)
    this.name = 'ConfigError'
    this.problems = problems
  }
}

/**
 * @param {string} name
 * @returns {SettingMeta | undefined}
 */
export function settingMeta(name) {
  const schema = /** @type {Record<string, z.ZodType>} */ (SETTINGS)[name]
  return /** @type {SettingMeta | undefined} */ (schema?.meta())
}

/**
 * Parses an environment into a frozen configuration; throws a ConfigError on a bad value. Pure (apart
 * from the current directory as the default project folder): tests call it with their own values.
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {Config}
 */
export function loadConfig(env) {
  const parsed = configSchema.safeParse(env)
  if (parsed.success) return Object.freeze(parsed.data)
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '')
    const meta = settingMeta(name)
    // A rule across settings words its own message; any other problem of a setting says what it allows.
    if (!meta || (issue.code === 'custom' && issue.params?.own)) return issue.message
    const raw = env[name]
    const shown = meta.secret ? ' (its value is not shown: it is a secret)' : `, not '${String(raw).trim().slice(0, 200)}'`
    return `${name} must be ${meta.allowed}${shown}.`
  })
  throw new ConfigError([...new Set(problems)])
}

// One parse per process, shared by every copy of this module (server.mjs imports it directly and the
// server build bundles its own copy; Vite's dev server may load it again).
const CACHE = Symbol.for('scdot.config')
/** @type {{ [CACHE]?: Config }} */
const store = /** @type {any} */ (globalThis)

/**
 * The configuration of this process, parsed from the environment on first use. Tests that change the
 * environment between cases call `resetConfig()` (or pass `loadConfig(...)` to the function they test).
 * @returns {Config}
 */
export function config() {
  return (store[CACHE] ??= loadConfig(process.env))
}

/** Forgets the parsed configuration: the next `config()` reads the environment again (tests). */
export function resetConfig() {
  delete store[CACHE]
}

/**
 * For an entry point: the configuration of `env` (this process's own parse when it is `process.env`), or
 * the problems on standard error and exit status 1. Any other error is thrown.
 * @param {Readonly<Record<string, string | undefined>>} [env]
 * @returns {Config}
 */
export function configOrExit(env = process.env) {
  try {
    return env === process.env ? config() : loadConfig(env)
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    console.error(error.message)
    process.exit(1)
  }
}
