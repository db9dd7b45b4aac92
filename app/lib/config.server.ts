/**
 * The app's view of the configuration: every setting is parsed once by config/settings.mjs (one schema
 * for the server, the database, the ingest and the serve scripts; docs/decisions/019) and read here with
 * `config()`. Nothing in app/ reads process.env; the model clients are built in ./providers.server.ts.
 */
import { randomBytes } from 'node:crypto'
import { config } from '../../config/settings.mjs'

export { config, loadConfig, resetConfig, type Config } from '../../config/settings.mjs'

export function isProduction(): boolean {
  const settings = config()
  return settings.NODE_ENV === 'production' && !settings.INSECURE_COOKIES
}

let generated: string | undefined

/**
 * Secrets that sign cookies. SESSION_SECRET (comma-separated for rotation) in production; without it a
 * random secret is made per process, so signed cookies simply stop verifying after a restart.
 */
export function sessionSecrets(): string[] {
  const configured = config().SESSION_SECRET
  if (configured.length > 0) return [...configured]
  generated ??= randomBytes(32).toString('hex')
  return [generated]
}
