import { describe, expect, it } from 'vitest'
import { makeSnapshot, readSavedWeather, snapshotKey } from './snapshot'
import { forecastParams, readForecast } from './forecast'

const weather = { temperature: 71, weatherCode: 2, windSpeed: 8, humidity: 60, dailyHigh: 78, dailyLow: 55, rainChance: 20 }
const NOW = Date.UTC(2026, 10, 21, 15)

describe('saved weather (§3, §4)', () => {
  const saved = (ageMs: number, coordinates: { lat: number; lon: number } | null = { lat: 34, lon: -81 }) =>
    JSON.stringify({ ...makeSnapshot(weather, 'Columbia, SC', coordinates ?? { lat: 0, lon: 0 }, NOW - ageMs), coordinates })

  it('shows a snapshot under 10 minutes old', () => {
    const result = readSavedWeather(saved(9 * 60_000 + 59_000), NOW)
    expect(result.kind).toBe('fresh')
    if (result.kind === 'fresh') expect(result.snapshot.weather).toEqual({ ...weather, location: 'Columbia, SC' })
  })

  it('refreshes an older one that has coordinates, discards one without', () => {
    expect(readSavedWeather(saved(10 * 60_000), NOW)).toMatchObject({ kind: 'refresh', snapshot: { coordinates: { lat: 34, lon: -81 } } })
    expect(readSavedWeather(saved(60 * 60_000, null), NOW)).toEqual({ kind: 'discard' })
  })

  it('treats a timestamp in the future as not fresh', () => {
    expect(readSavedWeather(saved(-60_000), NOW).kind).toBe('refresh')
  })

  it('reports nothing saved, and corrupt values', () => {
    expect(readSavedWeather(null, NOW)).toEqual({ kind: 'none' })
    for (const raw of ['{', '"text"', '{}', JSON.stringify({ weather: { ...weather }, timestamp: NOW }), JSON.stringify({ weather: { ...weather, location: 'X', temperature: 'hot' }, timestamp: NOW })]) {
      expect(readSavedWeather(raw, NOW)).toEqual({ kind: 'corrupt' })
    }
  })

  it('treats a snapshot outside the rules as corrupt: coordinates out of range, a long city, a bad timestamp', () => {
    const base = { weather: { ...weather, location: 'Columbia, SC' }, coordinates: { lat: 34, lon: -81 }, timestamp: NOW }
    const bad = [
      { ...base, coordinates: { lat: 91, lon: -81 } },
      { ...base, coordinates: { lat: 34, lon: -181 } },
      { ...base, coordinates: { lat: 34 } },
      { ...base, coordinates: 'Columbia' },
      { ...base, weather: { ...base.weather, location: 'x'.repeat(201) } },
      { ...base, weather: { ...base.weather, humidity: null } },
      { ...base, timestamp: -1 },
      { ...base, timestamp: NOW + 0.5 },
      { ...base, timestamp: String(NOW) },
      [base],
    ]
    for (const value of bad) expect(readSavedWeather(JSON.stringify(value), NOW), JSON.stringify(value)).toEqual({ kind: 'corrupt' })
  })

  it('keeps only the known fields of a saved snapshot, with or without coordinates', () => {
    const extra = { weather: { ...weather, location: 'Aiken', extra: 1 }, coordinates: null, timestamp: NOW, other: true }
    expect(readSavedWeather(JSON.stringify(extra), NOW)).toEqual({
      kind: 'fresh',
      snapshot: { weather: { ...weather, location: 'Aiken' }, coordinates: null, timestamp: NOW },
    })
    const { coordinates: _none, ...withoutCoordinates } = extra
    expect(readSavedWeather(JSON.stringify(withoutCoordinates), NOW)).toEqual({
      kind: 'fresh',
      snapshot: { weather: { ...weather, location: 'Aiken' }, timestamp: NOW },
    })
  })

  it('keys the snapshot by user', () => {
    expect(snapshotKey('u1')).not.toBe(snapshotKey('u2'))
  })
})

describe('forecast call (§7)', () => {
  it('asks for the fields, units, timezone and one day', () => {
    expect(Object.fromEntries(forecastParams(34.0007, -81.0348))).toEqual({
      latitude: '34.0007',
      longitude: '-81.0348',
      current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m',
      daily: 'temperature_2m_max,temperature_2m_min,precipitation_probability_max',
      temperature_unit: 'fahrenheit',
      wind_speed_unit: 'mph',
      timezone: 'auto',
      forecast_days: '1',
    })
  })

  it('reads current and the first daily values, rounded', () => {
    const answer = {
      current: { time: '2026-11-21T10:00', temperature_2m: 70.6, relative_humidity_2m: 59.5, weather_code: 61, wind_speed_10m: 7.7 },
      daily: { time: ['2026-11-21'], temperature_2m_max: [77.8], temperature_2m_min: [55.2], precipitation_probability_max: [null] },
    }
    expect(readForecast(answer)).toEqual({ temperature: 71, weatherCode: 61, windSpeed: 8, humidity: 60, dailyHigh: 78, dailyLow: 55, rainChance: 0 })
  })

  it('returns null when a field is missing', () => {
    expect(readForecast({ current: { temperature_2m: 70 }, daily: {} })).toBeNull()
    expect(readForecast({ current: { temperature_2m: 1, relative_humidity_2m: 1, weather_code: 1, wind_speed_10m: 1 }, daily: { temperature_2m_max: [], temperature_2m_min: [1], precipitation_probability_max: [1] } })).toBeNull()
    expect(readForecast(null)).toBeNull()
  })
})
