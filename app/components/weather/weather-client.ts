/**
 * The weather card's calls to our own server (never to the third-party services directly: the page's
 * Content-Security-Policy is 'self'). A non-success answer throws an error 'status: text' (product-spec §8).
 */
import type { CitySuggestion } from '~/lib/weather/cities'
import { WEATHER_REQUEST_TIMEOUT_MS } from '~/lib/weather/constants'
import type { ForecastWeather } from '~/lib/weather/snapshot'

/** The server waits 5 s for each upstream call; the browser allows it a little more before giving up. */
const BROWSER_TIMEOUT_MS = WEATHER_REQUEST_TIMEOUT_MS * 3 + 2_000

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const timeout = AbortSignal.timeout(BROWSER_TIMEOUT_MS)
  const response = await fetch(url, {
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
  if (!response.ok) {
    const text = await response.text().catch(() => '')
    throw new Error(`${response.status}: ${text || response.statusText}`)
  }
  return (await response.json()) as T
}

export async function fetchCitySuggestions(text: string, signal?: AbortSignal): Promise<CitySuggestion[]> {
  const { suggestions } = await getJson<{ suggestions: CitySuggestion[] }>(`/api/weather/places?q=${encodeURIComponent(text)}`, signal)
  return Array.isArray(suggestions) ? suggestions : []
}

export async function fetchWeather(lat: number, lon: number, signal?: AbortSignal): Promise<ForecastWeather> {
  const { weather } = await getJson<{ weather: ForecastWeather }>(`/api/weather/forecast?lat=${lat}&lon=${lon}`, signal)
  return weather
}
