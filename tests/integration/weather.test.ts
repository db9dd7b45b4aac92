/**
 * The weather card's server routes over HTTP on every database, against the local Nominatim- and
 * Open-Meteo-compatible fakes (tests/helpers/fake-geo.ts): members only, the §5 city rules and the
 * three place-search attempts of §7, the forecast call's parameters, timeouts and failures as clean
 * 502/504 answers, and client mistakes as 400. Needs the built server (BUILD_DIR or build/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fakeForecast, startFakeGeo, type FakeGeoServer } from '../helpers/fake-geo'
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './databases'
import { jsonHeaders, signUpMember, startGuest, startServer, type RunningServer } from './server'

const TIMEOUT_MS = 1000

describe.each(DATABASE_KINDS)('weather routes on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer
  let geo: FakeGeoServer
  let member = ''

  const json = (cookie = '') => jsonHeaders(server, cookie)
  const signUp = () => signUpMember(server, { firstName: 'Wes', lastName: 'Weather' })
  const places = (q: string | null, cookie = member) =>
    fetch(`${server.url}/api/weather/places${q === null ? '' : `?q=${encodeURIComponent(q)}`}`, { headers: cookie ? { cookie } : {} })
  const forecast = (query: string, cookie = member) => fetch(`${server.url}/api/weather/forecast?${query}`, { headers: cookie ? { cookie } : {} })
  const searches = () => geo.controls.requests.filter((r) => r.path === '/search')
  const displays = async (response: Response) => ((await response.json()) as { suggestions: { display: string }[] }).suggestions.map((s) => s.display)

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    geo = await startFakeGeo()
    geo.controls.slowMs = TIMEOUT_MS * 3
    server = await startServer({
      ...database.env,
      SESSION_SECRET: 'integration-secret',
      GEOCODER_URL: geo.url,
      WEATHER_URL: geo.url,
      WEATHER_TIMEOUT_MS: String(TIMEOUT_MS),
      RATE_LIMIT_WEATHER_FORECAST: '20',
      RATE_LIMIT_SIGNUP_PER_IP: '100',
      RATE_LIMIT_GUEST_PER_IP: '100',
    })
    member = await signUp()
  })
  afterAll(async () => {
    await server?.stop()
    await geo?.close()
    await database?.cleanup()
  })

  it('refuses signed-out visitors (401) and guests (403) without asking the services', async () => {
    geo.controls.requests.length = 0
    expect((await places('Columbia', '')).status).toBe(401)
    expect((await forecast('lat=34&lon=-81', '')).status).toBe(401)
    const guest = await startGuest(server)
    const refused = await places('Columbia', guest)
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: 'Local weather is for members. Create a free account to add it.' })
    expect((await forecast('lat=34&lon=-81', guest)).status).toBe(403)
    expect(geo.controls.requests).toEqual([])
  })

  it('gives a member South Carolina places only, de-duplicated, ranked and at most 6, from the first attempt', async () => {
    geo.controls.requests.length = 0
    const response = await places('gre')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    // Greenville NC, the duplicate Greenville boundary and Greenville Street are left out; Greer is 7th.
    expect(await displays(response)).toEqual([
      'Greeleyville, SC',
      'Green Pond, SC',
      'Green Sea, SC',
      'Greenville, SC',
      'Greenville County, SC',
      'Greenwood, SC',
    ])
    expect(searches()).toHaveLength(1)
    expect(searches()[0]!.params).toEqual({ format: 'json', countrycodes: 'us', addressdetails: '1', q: 'gre, SC', limit: '8' })
    expect(searches()[0]!.userAgent).toMatch(/SpecificationsOnly/)

    const exact = await (await places('Greenville')).json()
    expect(exact.suggestions).toEqual([
      { display: 'Greenville, SC', lat: 34.8526, lon: -82.394, name: 'Greenville', state: 'South Carolina' },
      { display: 'Greenville County, SC', lat: 34.89, lon: -82.37, name: 'Greenville County', state: 'South Carolina' },
      // Found through its county's name: neither exact nor a prefix, so last.
      { display: 'Greer, SC', lat: 34.9387, lon: -82.2271, name: 'Greer', state: 'South Carolina' },
    ])
    // Columbia, Missouri and Maryland, the road and the mall come back from the service and are dropped.
    expect(await displays(await places('columbia'))).toEqual(['Columbia, SC', 'West Columbia, SC'])
  })

  it('tries "text South Carolina" and then the text alone bounded to the state, stopping at the first with places', async () => {
    geo.controls.requests.length = 0
    expect(await displays(await places('Hilton Head'))).toEqual(['Hilton Head Island, SC'])
    expect(searches().map((r) => [r.params.q, r.params.limit])).toEqual([
      ['Hilton Head, SC', '8'],
      ['Hilton Head South Carolina', '8'],
    ])

    geo.controls.requests.length = 0
    expect(await displays(await places('Daufuskie'))).toEqual(['Daufuskie Island, SC'])
    expect(searches().map((r) => r.params.q)).toEqual(['Daufuskie, SC', 'Daufuskie South Carolina', 'Daufuskie'])
    expect(searches()[2]!.params).toMatchObject({ limit: '12', bounded: '1', viewbox: '-83.5,35.3,-78.4,31.9', countrycodes: 'us', addressdetails: '1' })

    // Only a road by that name: all three attempts, then an empty list.
    geo.controls.requests.length = 0
    expect(await displays(await places('Columbia Avenue'))).toEqual([])
    expect(searches()).toHaveLength(3)
  })

  it('answers text under 2 characters with an empty list without a search, and refuses bad input with 400', async () => {
    geo.controls.requests.length = 0
    for (const q of ['', 'a', '  b  ']) {
      const response = await places(q)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ suggestions: [] })
    }
    expect(searches()).toEqual([])
    const missing = await places(null)
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ message: expect.any(String) })
    expect((await places(null)).status).toBe(400)
    const twice = await fetch(`${server.url}/api/weather/places?q=Aiken&q=Sumter`, { headers: { cookie: member } })
    expect(twice.status).toBe(400)
    const long = await places('x'.repeat(81))
    expect(long.status).toBe(400)
    expect((await long.json()).message).toBe('City names are limited to 80 characters')
    for (const query of ['', 'lat=34', 'lat=abc&lon=-81', 'lat=34&lon=-81e2', 'lat=40.7&lon=-74', 'lat=34&lon=200', 'lat=34&lon=-81&lon=x', 'lat=34&lat=33&lon=-81']) {
      const response = await forecast(query)
      expect(response.status, query).toBe(400)
      expect(await response.json()).toEqual({ message: expect.any(String) })
    }
    expect(geo.controls.requests).toEqual([])
  })

  it('fetches the forecast with the §7 parameters and answers the §3 weather in whole units', async () => {
    geo.controls.requests.length = 0
    const response = await forecast('lat=34.0007&lon=-81.0348')
    expect(response.status).toBe(200)
    const expected = fakeForecast(34.0007, -81.0348)
    expect(await response.json()).toEqual({
      weather: {
        temperature: Math.round(expected.temperature),
        weatherCode: expected.weatherCode,
        windSpeed: Math.round(expected.windSpeed),
        humidity: expected.humidity,
        dailyHigh: Math.round(expected.high),
        dailyLow: Math.round(expected.low),
        rainChance: expected.rain,
      },
    })
    expect(geo.controls.requests.map((r) => r.params)).toEqual([
      {
        latitude: '34.0007',
        longitude: '-81.0348',
        current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m',
        daily: 'temperature_2m_max,temperature_2m_min,precipitation_probability_max',
        temperature_unit: 'fahrenheit',
        wind_speed_unit: 'mph',
        timezone: 'auto',
        forecast_days: '1',
      },
    ])
    // A second ask for the same point within 10 minutes is answered from the cache.
    expect((await forecast('lat=34.0007&lon=-81.0348')).status).toBe(200)
    expect(geo.controls.requests).toHaveLength(1)
  })

  it('turns a slow service into a 504 after the timeout and a failing one into a 502, with a message', async () => {
    geo.controls.placesMode = 'slow'
    geo.controls.forecastMode = 'slow'
    try {
      let started = Date.now()
      const slowPlaces = await places('Aiken')
      expect(slowPlaces.status).toBe(504)
      expect(await slowPlaces.json()).toEqual({ message: 'City search took too long. Please try again.' })
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3)
      started = Date.now()
      const slowForecast = await forecast('lat=33.5604&lon=-81.7196')
      expect(slowForecast.status).toBe(504)
      expect((await slowForecast.json()).message).toMatch(/^Weather data unavailable/)
      expect(Date.now() - started).toBeLessThan(TIMEOUT_MS * 3)

      geo.controls.placesMode = 'fail'
      geo.controls.forecastMode = 'fail'
      const failedPlaces = await places('Sumter')
      expect(failedPlaces.status).toBe(502)
      expect(await failedPlaces.json()).toEqual({ message: 'City search is unavailable right now. Please try again later.' })
      const failedForecast = await forecast('lat=33.9204&lon=-80.3415')
      expect(failedForecast.status).toBe(502)
      expect(await failedForecast.json()).toEqual({ message: 'Weather data unavailable' })
    } finally {
      geo.controls.placesMode = 'ok'
      geo.controls.forecastMode = 'ok'
    }
    // Failures are not cached: the same city works once the service is back.
    expect(await displays(await places('Sumter'))).toEqual(['Sumter, SC'])
    expect((await forecast('lat=33.9204&lon=-80.3415')).status).toBe(200)
  })

  it('limits each member’s forecast requests per minute (429 with Retry-After)', async () => {
    const cookie = await signUp()
    const statuses: number[] = []
    for (let i = 0; i < 21; i += 1) statuses.push((await forecast('lat=34.0007&lon=-81.0348', cookie)).status)
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(200))
    const limited = await forecast('lat=34.0007&lon=-81.0348', cookie)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another member is not affected.
    expect((await forecast('lat=34.0007&lon=-81.0348')).status).toBe(200)
  })

  it('answers POST with 405', async () => {
    const response = await fetch(`${server.url}/api/weather/places?q=Aiken`, { method: 'POST', headers: json(member) })
    expect(response.status).toBe(405)
  })
})
