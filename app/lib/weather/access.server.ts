/**
 * Who may use /api/weather/*: members only (product-spec §2 and §6: no weather for guests), each limited
 * per minute so a stuck script cannot use up the public services' goodwill.
 */
import { getDatabase } from '@db/client'
import { currentUser } from '~/lib/auth/auth.server'
import { config } from '~/lib/config.server'
import { jsonError } from '~/lib/http.server'
import { hitRateLimit, type RateLimitRule } from '~/lib/rate-limit.server'

export const NO_STORE = { 'Cache-Control': 'no-store' }
export const WEATHER_GUESTS_MESSAGE = 'Local weather is for members. Create a free account to add it.'
export const WEATHER_RATE_MESSAGE = 'Too many weather requests. Please wait a minute and try again.'

export const WEATHER_RATE_LIMITS = {
  places: { limit: config().RATE_LIMIT_WEATHER_PLACES, windowMs: 60_000 },
  forecast: { limit: config().RATE_LIMIT_WEATHER_FORECAST, windowMs: 60_000 },
} satisfies Record<string, RateLimitRule>

/** The signed-in member allowed one more `kind` request, or the 401/403/429 answer to send instead. */
export async function requireWeatherMember(request: Request, kind: keyof typeof WEATHER_RATE_LIMITS): Promise<Response | null> {
  const user = await currentUser(request)
  if (!user) return jsonError(401, 'Not signed in.', NO_STORE)
  if (user.isGuest) return jsonError(403, WEATHER_GUESTS_MESSAGE, NO_STORE)
  const { db } = await getDatabase()
  const { allowed, retryAfterSeconds } = await hitRateLimit(db, `weather-${kind}:${user.id}`, WEATHER_RATE_LIMITS[kind])
  if (!allowed) return jsonError(429, WEATHER_RATE_MESSAGE, { ...NO_STORE, 'Retry-After': String(retryAfterSeconds) })
  return null
}
