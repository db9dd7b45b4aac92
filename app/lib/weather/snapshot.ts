/**
 * The weather snapshot kept in the browser (product-spec §3 'Weather snapshot', §4 'Weather') and the
 * rules for a saved one: under 10 minutes old it is shown; older with coordinates it is refreshed;
 * otherwise discarded; a value that does not parse is removed. Pure: the card does the storage.
 */
import { z } from 'zod'
import { WEATHER_LIFETIME_MS } from './constants'

export const WeatherSchema = z.object({
  temperature: z.number(),
  weatherCode: z.number(),
  windSpeed: z.number(),
  humidity: z.number(),
  dailyHigh: z.number(),
  dailyLow: z.number(),
  rainChance: z.number(),
  location: z.string().max(200),
})
export type WeatherData = z.infer<typeof WeatherSchema>

/** What /api/weather/forecast answers: the weather without the location (the card adds the city). */
export type ForecastWeather = Omit<WeatherData, 'location'>

export const CoordinatesSchema = z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
export type Coordinates = z.infer<typeof CoordinatesSchema>

export const SnapshotSchema = z.object({
  weather: WeatherSchema,
  coordinates: CoordinatesSchema.nullable().optional(),
  timestamp: z.number().int().nonnegative(),
})
export type WeatherSnapshot = z.infer<typeof SnapshotSchema>

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
  const parsed = SnapshotSchema.safeParse(value)
  if (!parsed.success) return { kind: 'corrupt' }
  const snapshot = parsed.data
  if (isFresh(snapshot, now)) return { kind: 'fresh', snapshot }
  if (snapshot.coordinates) return { kind: 'refresh', snapshot: { ...snapshot, coordinates: snapshot.coordinates } }
  return { kind: 'discard' }
}

export function makeSnapshot(weather: ForecastWeather, location: string, coordinates: Coordinates, now: number): WeatherSnapshot {
  return { weather: { ...weather, location }, coordinates, timestamp: now }
}
