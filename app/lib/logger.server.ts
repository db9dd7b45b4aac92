import pino from 'pino'
import { config } from './config.server'

/**
 * Structured JSON logs on stdout; LOG_LEVEL sets the level (info by default, silent in unit tests).
 * Secrets never reach the log (docs/decisions/007-request-boundary.md):
 * - errors are logged by `serializeError`, which drops the values a failed query was run with
 *   (drizzle's "params:" line, PGlite's and postgres.js's parameter fields), because they hold what a user
 *   sent: an email, a password hash;
 * - fields named like a secret are censored wherever they appear (`REDACT_PATHS`);
 * - URLs are logged by `loggableUrl`, which keeps only the values of query parameters known to be harmless.
 */

/** Field names that hold a secret, at the top level and one level down (`{ user: { passwordHash } }`). */
const SECRET_KEYS = [
  'password',
  'passwordHash',
  'hash',
  'token',
  'tokenHash',
  'secret',
  'secrets',
  'cookie',
  'authorization',
  'apiKey',
  'privateKey',
  'auth',
  'p256dh',
  'keys',
  'params',
  'parameters',
  'args',
]
export const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((key) => `*.${key}`),
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  'headers.cookie',
  'headers.authorization',
]

// Anything that looks like one of our password hashes or a bearer token, wherever it appears in text.
const SECRET_TEXT = [/scrypt\$[^\s,'")\]}]+/g, /\bBearer\s+[\w.~+/-]+=*/gi]
// Drizzle's DrizzleQueryError message: "Failed query: <sql>\nparams: <values>".
const PARAMS_LINE = /\nparams:[\s\S]*$/

/** Text of an error with parameter values and secret-looking strings taken out. */
export function scrubText(text: string): string {
  let out = text.replace(PARAMS_LINE, '\nparams: [not logged]')
  for (const pattern of SECRET_TEXT) out = out.replace(pattern, '[redacted]')
  return out
}

interface LoggedError {
  type: string
  message: string
  code?: string
  stack?: string
  query?: string
  cause?: LoggedError
}

/**
 * An error as the log shows it: type, message, code, the SQL text of a failed query (never its values),
 * stack frames and the cause chain, with every text scrubbed. No other property of the error is copied,
 * so values a library hangs on its errors cannot leak.
 */
export function serializeError(error: unknown, depth = 0): LoggedError | string {
  if (!(error instanceof Error)) return scrubText(String(error)).slice(0, 2000)
  const record = error as Error & { code?: unknown; query?: unknown; cause?: unknown }
  const message = scrubText(record.message)
  // The stack's first lines repeat the message: rebuild it from the scrubbed message and the frames.
  const frames = (record.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))
  const logged: LoggedError = {
    type: record.constructor?.name ?? 'Error',
    message,
    stack: [`${record.name}: ${message}`, ...frames].join('\n'),
  }
  if (typeof record.code === 'string' || typeof record.code === 'number') logged.code = String(record.code)
  if (typeof record.query === 'string') logged.query = scrubText(record.query).slice(0, 2000)
  if (record.cause !== undefined && depth < 5) {
    const cause = serializeError(record.cause, depth + 1)
    if (typeof cause !== 'string') logged.cause = cause
  }
  return logged
}

/** Query parameters whose values are kept in logged URLs; every other value is written as '[redacted]'. */
const HARMLESS_QUERY_NAMES = new Set([
  'page',
  'limit',
  'offset',
  'since',
  'category',
  'tab',
  'mode',
  'form',
  'sheet',
  'topic',
  'view',
  'zoom',
  'open',
  'optedIn',
  'delete',
  'index',
  '_data',
  'lat',
  'lon',
])

/** A URL (absolute or a request target) for the log: path kept, query values kept only when harmless. */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?')
  if (mark < 0) return url.slice(0, 1000)
  const params = new URLSearchParams(url.slice(mark + 1))
  const shown = [...params].map(([name, value]) => {
    const safeName = encodeURIComponent(name.slice(0, 50))
    return HARMLESS_QUERY_NAMES.has(name) ? `${safeName}=${encodeURIComponent(value.slice(0, 100))}` : `${safeName}=[redacted]`
  })
  return `${url.slice(0, Math.min(mark, 1000))}?${shown.join('&')}`
}

/** Every string in a log record scrubbed, a few levels down (records are small and shallow). */
function scrubRecord(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubText(value)
  // Errors are left to serializeError (pino applies serializers after this formatter).
  if (value === null || typeof value !== 'object' || value instanceof Error || depth > 4) return value
  if (Array.isArray(value)) return value.map((item) => scrubRecord(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, scrubRecord(item, depth + 1)]))
}

export const loggerOptions: pino.LoggerOptions = {
  level: config().LOG_LEVEL,
  base: { service: 'scdot-field-assistant' },
  redact: { paths: REDACT_PATHS, censor: '[redacted]' },
  serializers: { err: serializeError, error: serializeError },
  formatters: { log: (record) => scrubRecord(record) as Record<string, unknown> },
  hooks: {
    // The message text too: `logger.warn(\`... ${value}\`)` must not carry a secret either.
    logMethod(args, method) {
      const [first, ...rest] = args as unknown[]
      // `logger.error(error)` would take the error's raw message as the log message: give a scrubbed one.
      if (first instanceof Error && typeof rest[0] !== 'string') {
        return method.apply(this, [{ err: first }, scrubText(first.message)] as unknown as Parameters<typeof method>)
      }
      return method.apply(this, args.map((arg) => (typeof arg === 'string' ? scrubText(arg) : arg)) as Parameters<typeof method>)
    },
  },
}

/** Builds a logger with the product's options (tests pass a destination to read what was written). */
export function createLogger(destination?: pino.DestinationStream, options: pino.LoggerOptions = {}): pino.Logger {
  return destination ? pino({ ...loggerOptions, ...options }, destination) : pino({ ...loggerOptions, ...options })
}

export const logger = createLogger()
