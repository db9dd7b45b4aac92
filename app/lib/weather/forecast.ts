/**
 * The Open-Meteo-compatible forecast call of product-spec §7 and the reading of its answer: current
 * temperature, humidity, weather code and wind speed; today's high, low and highest rain probability;
 * Fahrenheit and mph, automatic timezone, one day. Pure.
 */
import { z } from 'zod'
import type { ForecastWeather } from './snapshot'

export const FORECAST_CURRENT = 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m'
export const FORECAST_DAILY = 'temperature_2m_max,temperature_2m_min,precipitation_probability_max'

/** Query parameters of GET {WEATHER_URL}/v1/forecast for a point. */
export function forecastParams(lat: number, lon: number): URLSearchParams {
  return new URLSearchParams({
    latitude: String(lat),
    longitude: String(lon),
    current: FORECAST_CURRENT,
    daily: FORECAST_DAILY,
    temperature_unit: 'fahrenheit',
    wind_speed_unit: 'mph',
    timezone: 'auto',
    forecast_days: '1',
  })
}

const firstNumber = z.array(z.number().nullable()).min(1)

const ForecastAnswerSchema = z.object({
  current: z.object({
    temperature_2m: z.number(),
    relative_humidity_2m: z.number(),
    weather_code: z.number(),
    wind_speed_10m: z.number(),
  }),
  daily: z.object({
    temperature_2m_max: firstNumber,
    temperature_2m_min: firstNumber,
    precipitation_probability_max: firstNumber,
  }),
})

/** The weather in an answer, rounded to whole units, or null when the answer lacks a field. */
export function readForecast(answer: unknown): ForecastWeather | null {
  const parsed = ForecastAnswerSchema.safeParse(answer)
  if (!parsed.success) return null
  const { current, daily } = parsed.data
  const high = daily.temperature_2m_max[0]
  const low = daily.temperature_2m_min[0]
  if (high == null || low == null) return null
  return {
    temperature: Math.round(current.temperature_2m),
    weatherCode: Math.round(current.weather_code),
    windSpeed: Math.round(current.wind_speed_10m),
    humidity: Math.round(current.relative_humidity_2m),
    dailyHigh: Math.round(high),
    dailyLow: Math.round(low),
    // A day without a rain probability (some models give none) reads as 0 %.
    rainChance: Math.round(daily.precipitation_probability_max[0] ?? 0),
  }
}
