/**
 * The weather snapshot kept in the browser (product-spec §3 'Weather snapshot', §4 'Weather') and the
 * rules for a saved one: under 10 minutes old it is shown; older with coordinates it is refreshed;
 * otherwise discarded; a value that does not parse is removed. Pure: the card does the storage.
 */
import { isRecord } from '../json-shape'
import { WEATHER_LIFETIME_MS } from './constants'

// Checked by hand, not with zod: only the home page's weather card reads a snapshot, at start, from
// this browser's own storage, and zod (even zod/mini, whose core chunk the other routes' classic zod
// shares) would add 16-26 KB gzipped to the home page's JavaScript (docs/decisions/020).

export type WeatherData = {
  temperature: number
  weatherCode: number
  windSpeed: number
  humidity: number
  dailyHigh: number
  dailyLow: number
  rainChance: number
  /** The city as shown, at most 200 characters. */
  location: string
}

/** What /api/weather/forecast answers: the weather without the location (the card adds the city). */
export type ForecastWeather = Omit<WeatherData, 'location'>

export type Coordinates = { lat: number; lon: number }

export type WeatherSnapshot = {
  weather: WeatherData
  coordinates?: Coordinates | null
  /** When it was fetched, ms since the epoch. */
  timestamp: number
}

const WEATHER_NUMBERS = ['temperature', 'weatherCode', 'windSpeed', 'humidity', 'dailyHigh', 'dailyLow', 'rainChance'] as const

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value)
const inRange = (value: unknown, limit: number) => isNumber(value) && value >= -limit && value <= limit

/** A stored value as a snapshot (only its known fields), or null when it is not one. */
export function parseSnapshot(value: unknown): WeatherSnapshot | null {
  if (!isRecord(value) || !isRecord(value.weather)) return null
  const { weather, coordinates, timestamp } = value
  if (!WEATHER_NUMBERS.every((field) => isNumber(weather[field]))) return null
  if (typeof weather.location !== 'string' || weather.location.length > 200) return null
  if (!Number.isSafeInteger(timestamp) || (timestamp as number) < 0) return null
  let coords: Coordinates | null | undefined = coordinates === null ? null : undefined
  if (coordinates !== undefined && coordinates !== null) {
    if (!isRecord(coordinates) || !inRange(coordinates.lat, 90) || !inRange(coordinates.lon, 180)) return null
    coords = { lat: coordinates.lat as number, lon: coordinates.lon as number }
  }
  const data = Object.fromEntries([...WEATHER_NUMBERS, 'location'].map((field) => [field, weather[field]])) as WeatherData
  return { weather: data, ...(coords === undefined ? {} : { coordinates: coords }), timestamp: timestamp as number }
}

/** The browser-storage key of a member's saved weather: one per user, so a shared device never mixes them. */
export function snapshotKey(userId: string): string {
  return `weather-snapshot:${userId}`
}

export type SavedWeather =
  | { kind: 'none' }
  | { kind: 'corrupt' }
  | { kind: 'fresh'; snapshot: WeatherSnapshot }
  | { kind: 'refresh'; snapshot: WeatherSnapshot & { coordinates: Coordinates } }
  | { kind: 'discard' }

export function isFresh(snapshot: Pick<WeatherSnapshot, 'timestamp'>, now: number): boolean {
  const age = now - snapshot.timestamp
  return age >= 0 && age < WEATHER_LIFETIME_MS
}

/** What to do with the stored text `raw` at time `now` (ms). */
export function readSavedWeather(raw: string | null, now: number): SavedWeather {
  if (raw === null) return { kind: 'none' }
  let value: unknown
  try {
    value = JSON.parse(raw)
  } catch {
    return { kind: 'corrupt' }
  }
  const snapshot = parseSnapshot(value)
  if (!snapshot) return { kind: 'corrupt' }
  if (isFresh(snapshot, now)) return { kind: 'fresh', snapshot }
  if (snapshot.coordinates) return { kind: 'refresh', snapshot: { ...snapshot, coordinates: snapshot.coordinates } }
  return { kind: 'discard' }
}

export function makeSnapshot(weather: ForecastWeather, location: string, coordinates: Coordinates, now: number): WeatherSnapshot {
  return { weather: { ...weather, location }, coordinates, timestamp: now }
}
