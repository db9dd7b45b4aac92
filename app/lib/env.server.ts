import { randomBytes } from 'node:crypto'

export function isProduction(): boolean {
  return process.env.NODE_ENV === 'production' && process.env.INSECURE_COOKIES !== '1'
}

let generated: string | undefined

/**
 * Secrets that sign cookies. SESSION_SECRET (comma-separated for rotation) in production; without it a
 * random secret is made per process, so signed cookies simply stop verifying after a restart.
 */
export function sessionSecrets(): string[] {
  const configured = process.env.SESSION_SECRET?.split(',').map((s) => s.trim()).filter(Boolean)
  if (configured && configured.length > 0) return configured
  generated ??= randomBytes(32).toString('hex')
  return [generated]
}
