/**
 * The server's calls to the place service (Nominatim-compatible, GEOCODER_URL, default the public
 * OpenStreetMap Nominatim) and the forecast service (Open-Meteo-compatible, WEATHER_URL, default the
 * public Open-Meteo), over their real HTTP APIs. The browser only talks to our own /api/weather/*
 * routes, so the page's Content-Security-Policy stays 'self'.
 *
 * Each call has a 5 s timeout (WEATHER_TIMEOUT_MS overrides it); a timeout becomes a 504, any other
 * failure (network, non-2xx, an answer that does not parse) a 502, both as UpstreamError. Answers are
 * kept in a small in-memory cache (places 1 hour, forecasts 10 minutes) so typing the same city twice
 * or many members in one town do not hit the services again: Nominatim's usage policy asks for at most
 * one request per second and an identifying User-Agent (GEOCODER_USER_AGENT overrides ours).
 */
import { z } from 'zod'
import { config } from '~/lib/config.server'
import { logger } from '~/lib/logger.server'
import { fetchWithGuardedRedirects } from '~/lib/net/guarded-fetch.server'
import { citySuggestions, placeAttempts, type CitySuggestion, type PlaceResult } from './cities'
import { WEATHER_LIFETIME_MS } from './constants'
import { forecastParams, readForecast } from './forecast'
import type { ForecastWeather } from './snapshot'

export class UpstreamError extends Error {
  constructor(
    readonly status: 502 | 504,
    message: string,
  ) {
    super(message)
    this.name = 'UpstreamError'
  }
}

export const PLACES_UNAVAILABLE = 'City search is unavailable right now. Please try again later.'
export const PLACES_TIMEOUT = 'City search took too long. Please try again.'
export const FORECAST_UNAVAILABLE = 'Weather data unavailable'
export const FORECAST_TIMEOUT = 'Weather data unavailable: the forecast service took too long.'

/** GEOCODER_URL or WEATHER_URL, without a trailing slash. */
function baseUrl(name: 'GEOCODER_URL' | 'WEATHER_URL'): string {
  return config()[name]
}

function timeoutMs(): number {
  return config().WEATHER_TIMEOUT_MS
}

/** A tiny time-limited cache, oldest entries dropped past `max`. */
class AnswerCache<T> {
  private readonly entries = new Map<string, { value: T; expires: number }>()
  constructor(
    private readonly ttlMs: number,
    private readonly max = 500,
  ) {}
  get(key: string): T | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    if (entry.expires <= Date.now()) {
      this.entries.delete(key)
      return undefined
    }
    return entry.value
  }
  set(key: string, value: T): void {
    this.entries.delete(key)
    this.entries.set(key, { value, expires: Date.now() + this.ttlMs })
    while (this.entries.size > this.max) this.entries.delete(this.entries.keys().next().value as string)
  }
}

const placeCache = new AnswerCache<CitySuggestion[]>(60 * 60_000)
const forecastCache = new AnswerCache<ForecastWeather>(WEATHER_LIFETIME_MS)

const PlaceAnswerSchema = z.array(
  z.object({
    lat: z.union([z.string(), z.number()]).transform(String),
    lon: z.union([z.string(), z.number()]).transform(String),
    display_name: z.string(),
    class: z.string().optional(),
    type: z.string().optional(),
    addresstype: z.string().optional(),
    name: z.string().optional(),
    address: z.record(z.string(), z.string().optional()).optional(),
  }),
)

async function getJson(url: URL, what: 'places' | 'forecast', headers: Record<string, string> = {}): Promise<unknown> {
  const [unavailable, slow] = what === 'places' ? [PLACES_UNAVAILABLE, PLACES_TIMEOUT] : [FORECAST_UNAVAILABLE, FORECAST_TIMEOUT]
  let response: Response
  try {
    // The services are the operator's choice; where they redirect is not: off-origin redirects reach public addresses only.
    response = await fetchWithGuardedRedirects(url, { headers: { accept: 'application/json', ...headers }, signal: AbortSignal.timeout(timeoutMs()) })
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    logger.warn({ what, host: url.host, err: error instanceof Error ? error.message : String(error) }, timedOut ? `${what} request timed out` : `${what} request failed`)
    throw new UpstreamError(timedOut ? 504 : 502, timedOut ? slow : unavailable)
  }
  try {
    if (!response.ok) {
      logger.warn({ what, host: url.host, status: response.status }, `${what} service answered ${response.status}`)
      await response.body?.cancel().catch(() => undefined)
      throw new UpstreamError(502, unavailable)
    }
    return await response.json()
  } catch (error) {
    if (error instanceof UpstreamError) throw error
    const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError')
    logger.warn({ what, host: url.host, err: error instanceof Error ? error.message : String(error) }, `${what} answer unreadable`)
    throw new UpstreamError(timedOut ? 504 : 502, timedOut ? slow : unavailable)
  }
}

/**
 * South Carolina city suggestions for `text` (§5, §7): the attempts in order, stopping at the first that
 * leaves at least one suggestion after the South Carolina and place filters.
 */
export async function searchCities(text: string): Promise<{ suggestions: CitySuggestion[]; attempts: number }> {
  const attempts = placeAttempts(text)
  const cacheKey = attempts[0]?.q.toLocaleLowerCase('en-US') ?? ''
  const cached = placeCache.get(cacheKey)
  if (cached) return { suggestions: cached, attempts: 0 }
  const userAgent = config().GEOCODER_USER_AGENT
  let made = 0
  for (const attempt of attempts) {
    const url = new URL(`${baseUrl('GEOCODER_URL')}/search`)
    url.search = new URLSearchParams({ format: 'json', countrycodes: 'us', addressdetails: '1', ...attempt, limit: String(attempt.limit) }).toString()
    made += 1
    const parsed = PlaceAnswerSchema.safeParse(await getJson(url, 'places', { 'user-agent': userAgent, 'accept-language': 'en-US' }))
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues.slice(0, 3) }, 'place search answer has an unexpected shape')
      throw new UpstreamError(502, PLACES_UNAVAILABLE)
    }
    const suggestions = citySuggestions(parsed.data as PlaceResult[], text)
    if (suggestions.length > 0) {
      placeCache.set(cacheKey, suggestions)
      return { suggestions, attempts: made }
    }
  }
  placeCache.set(cacheKey, [])
  return { suggestions: [], attempts: made }
}

/** Current weather and today's range at a point (§7). */
export async function fetchForecast(lat: number, lon: number): Promise<ForecastWeather> {
  const cacheKey = `${lat.toFixed(4)},${lon.toFixed(4)}`
  const cached = forecastCache.get(cacheKey)
  if (cached) return cached
  const url = new URL(`${baseUrl('WEATHER_URL')}/v1/forecast`)
  url.search = forecastParams(lat, lon).toString()
  const weather = readForecast(await getJson(url, 'forecast'))
  if (!weather) {
    logger.warn({ host: url.host }, 'forecast answer lacks a field')
    throw new UpstreamError(502, FORECAST_UNAVAILABLE)
  }
  forecastCache.set(cacheKey, weather)
  return weather
}
