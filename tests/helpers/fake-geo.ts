/**
 * Fake place-search and forecast services for tests, on 127.0.0.1 (no traffic leaves the machine).
 *
 * - `GET /search` speaks Nominatim's free-text search (format=json, countrycodes, addressdetails, limit,
 *   viewbox + bounded): answers are records shaped like Nominatim's (lat/lon as strings, display_name,
 *   class, type, addresstype, address with state and ISO3166-2-lvl4) from a small gazetteer of real
 *   South Carolina places, same-named places in other states, and non-places (roads, shops), including
 *   duplicates (a city node and its administrative boundary). Like the real service it sometimes finds
 *   a place only under one spelling of the query: entries marked `plainOnly` are found only without the
 *   state in the text, `noAbbreviation` ones not with ', SC'.
 * - `GET /v1/forecast` speaks Open-Meteo's forecast API and checks every query parameter the product
 *   sends (400 with `{ error: true, reason }` like Open-Meteo otherwise); the weather is a deterministic
 *   function of the coordinates (`fakeForecast`), so tests know what to expect.
 *
 * `mode` makes either service slow (answers after `slowMs`) or fail (HTTP 503). `handleGeo` serves a
 * request for a path with the mount prefix already removed, for tests/helpers/fake-services.ts (mounted
 * under /geo and /weather); `startFakeGeo` runs it as its own server for integration tests.
 */
import http from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

type Mode = 'ok' | 'slow' | 'fail'

export interface GeoControls {
  placesMode: Mode
  forecastMode: Mode
  slowMs: number
  /** Requests seen, newest last: path and query parameters. */
  requests: { path: string; params: Record<string, string>; userAgent: string | undefined }[]
}

interface Entry {
  name: string
  county: string
  state: string
  iso: string
  lat: number
  lon: number
  class: string
  type: string
  plainOnly?: boolean
  noAbbreviation?: boolean
}

const SC = { state: 'South Carolina', iso: 'US-SC' }
const GAZETTEER: Entry[] = [
  { name: 'Columbia', county: 'Richland County', ...SC, lat: 34.0007, lon: -81.0348, class: 'boundary', type: 'administrative' },
  { name: 'Columbia', county: 'Richland County', ...SC, lat: 34.0008, lon: -81.0351, class: 'place', type: 'city' },
  { name: 'West Columbia', county: 'Lexington County', ...SC, lat: 33.9935, lon: -81.074, class: 'place', type: 'city' },
  { name: 'Columbia Avenue', county: 'Lexington County', ...SC, lat: 33.98, lon: -81.24, class: 'highway', type: 'primary' },
  { name: 'Columbia Place Mall', county: 'Richland County', ...SC, lat: 34.06, lon: -80.96, class: 'shop', type: 'mall' },
  { name: 'Columbia', county: 'Boone County', state: 'Missouri', iso: 'US-MO', lat: 38.9517, lon: -92.3341, class: 'place', type: 'city' },
  { name: 'Columbia', county: 'Howard County', state: 'Maryland', iso: 'US-MD', lat: 39.2037, lon: -76.861, class: 'place', type: 'city' },
  { name: 'Charleston', county: 'Charleston County', ...SC, lat: 32.7765, lon: -79.9311, class: 'place', type: 'city' },
  { name: 'North Charleston', county: 'Charleston County', ...SC, lat: 32.8546, lon: -79.9748, class: 'place', type: 'city' },
  { name: 'Charleston County', county: 'Charleston County', ...SC, lat: 32.79, lon: -79.96, class: 'boundary', type: 'administrative' },
  { name: 'Charleston', county: 'Kanawha County', state: 'West Virginia', iso: 'US-WV', lat: 38.3498, lon: -81.6326, class: 'place', type: 'city' },
  { name: 'Greenville', county: 'Greenville County', ...SC, lat: 34.8526, lon: -82.394, class: 'place', type: 'city' },
  { name: 'Greenville', county: 'Pitt County', state: 'North Carolina', iso: 'US-NC', lat: 35.6127, lon: -77.3664, class: 'place', type: 'city' },
  { name: 'Greenwood', county: 'Greenwood County', ...SC, lat: 34.1954, lon: -82.1618, class: 'place', type: 'city' },
  { name: 'Greer', county: 'Greenville County', ...SC, lat: 34.9387, lon: -82.2271, class: 'place', type: 'city' },
  { name: 'Greenville', county: 'Greenville County', ...SC, lat: 34.8521, lon: -82.3943, class: 'boundary', type: 'administrative' },
  { name: 'Greenville County', county: 'Greenville County', ...SC, lat: 34.89, lon: -82.37, class: 'boundary', type: 'administrative' },
  { name: 'Green Pond', county: 'Colleton County', ...SC, lat: 32.7335, lon: -80.6065, class: 'place', type: 'hamlet' },
  { name: 'Green Sea', county: 'Horry County', ...SC, lat: 34.1293, lon: -78.9656, class: 'place', type: 'village' },
  { name: 'Greeleyville', county: 'Williamsburg County', ...SC, lat: 33.5807, lon: -79.9934, class: 'place', type: 'town' },
  { name: 'Greenville Street', county: 'Anderson County', ...SC, lat: 34.503, lon: -82.65, class: 'highway', type: 'secondary' },
  { name: 'Gresham', county: 'Marion County', ...SC, lat: 33.9399, lon: -79.4184, class: 'place', type: 'hamlet' },
  { name: 'Aiken', county: 'Aiken County', ...SC, lat: 33.5604, lon: -81.7196, class: 'place', type: 'city' },
  { name: 'Myrtle Beach', county: 'Horry County', ...SC, lat: 33.6891, lon: -78.8867, class: 'place', type: 'city' },
  { name: 'North Myrtle Beach', county: 'Horry County', ...SC, lat: 33.816, lon: -78.68, class: 'place', type: 'city' },
  { name: 'Rock Hill', county: 'York County', ...SC, lat: 34.9249, lon: -81.0251, class: 'place', type: 'city' },
  { name: 'Spartanburg', county: 'Spartanburg County', ...SC, lat: 34.9496, lon: -81.932, class: 'place', type: 'city' },
  { name: 'Florence', county: 'Florence County', ...SC, lat: 34.1954, lon: -79.7626, class: 'place', type: 'city' },
  { name: 'Florence', county: 'Lauderdale County', state: 'Alabama', iso: 'US-AL', lat: 34.7998, lon: -87.6773, class: 'place', type: 'city' },
  { name: 'Sumter', county: 'Sumter County', ...SC, lat: 33.9204, lon: -80.3415, class: 'place', type: 'city' },
  { name: 'Beaufort', county: 'Beaufort County', ...SC, lat: 32.4316, lon: -80.6698, class: 'place', type: 'city' },
  { name: 'Hilton Head Island', county: 'Beaufort County', ...SC, lat: 32.2163, lon: -80.7526, class: 'place', type: 'town', noAbbreviation: true },
  { name: 'Daufuskie Island', county: 'Beaufort County', ...SC, lat: 32.1177, lon: -80.8715, class: 'place', type: 'hamlet', plainOnly: true },
  { name: 'Clover', county: 'York County', ...SC, lat: 35.1112, lon: -81.2265, class: 'place', type: 'town' },
  { name: 'Lugoff', county: 'Kershaw County', ...SC, lat: 34.2274, lon: -80.6892, class: 'place', type: 'village' },
]

function display(entry: Entry): string {
  return `${entry.name}, ${entry.county}, ${entry.state}, United States`
}

function toRecord(entry: Entry, index: number) {
  const key = ['city', 'town', 'village', 'hamlet'].includes(entry.type) ? entry.type : entry.class === 'boundary' ? 'city' : 'road'
  return {
    place_id: 100_000 + index,
    licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
    osm_type: entry.class === 'boundary' ? 'relation' : 'node',
    osm_id: 5_000_000 + index,
    lat: entry.lat.toFixed(7),
    lon: entry.lon.toFixed(7),
    class: entry.class,
    type: entry.type,
    place_rank: 16,
    importance: 0.6 - index / 1000,
    addresstype: entry.class === 'boundary' ? 'city' : entry.type,
    name: entry.name,
    display_name: display(entry),
    address: { [key]: entry.name, county: entry.county, state: entry.state, 'ISO3166-2-lvl4': entry.iso, country: 'United States', country_code: 'us' },
    boundingbox: [(entry.lat - 0.05).toFixed(7), (entry.lat + 0.05).toFixed(7), (entry.lon - 0.05).toFixed(7), (entry.lon + 0.05).toFixed(7)],
  }
}

/** Words of a text, lower case. */
const words = (text: string) => text.toLowerCase().split(/[\s,]+/).filter(Boolean)

/** Whether every typed word starts a word of the entry's name, county or state (in order of typing). */
function matches(entry: Entry, typed: string[]): boolean {
  const haystack = words(`${entry.name} ${entry.county} ${entry.state}`)
  return typed.every((word) => haystack.some((candidate) => candidate.startsWith(word)))
}

function searchGazetteer(params: URLSearchParams): ReturnType<typeof toRecord>[] {
  const q = params.get('q') ?? ''
  const abbreviated = /,\s*sc$/i.test(q)
  const spelledOut = /\bsouth carolina$/i.test(q)
  const text = q.replace(/,?\s*(sc|south carolina)$/i, '')
  const typed = words(text)
  const limit = Math.min(Number(params.get('limit') ?? 10) || 10, 40)
  const countries = (params.get('countrycodes') ?? '').toLowerCase().split(',').filter(Boolean)
  const box = params.get('bounded') === '1' ? params.get('viewbox')?.split(',').map(Number) : undefined
  return GAZETTEER.map((entry, index) => ({ entry, index }))
    .filter(({ entry }) => typed.length > 0 && matches(entry, typed))
    .filter(() => countries.length === 0 || countries.includes('us'))
    .filter(({ entry }) => !(entry.plainOnly && (abbreviated || spelledOut)) && !(entry.noAbbreviation && abbreviated))
    // The state in the text ranks that state's places first; the others still come (as from the real service).
    .sort((a, b) => (abbreviated || spelledOut ? Number(b.entry.state === 'South Carolina') - Number(a.entry.state === 'South Carolina') : 0) || a.index - b.index)
    .filter(({ entry }) => {
      if (!box || box.length !== 4) return true
      const [west, north, east, south] = box as [number, number, number, number]
      return entry.lon >= Math.min(west, east) && entry.lon <= Math.max(west, east) && entry.lat >= Math.min(south, north) && entry.lat <= Math.max(south, north)
    })
    .slice(0, limit)
    .map(({ entry, index }) => toRecord(entry, index))
}

const CODES = [0, 1, 2, 3, 45, 53, 63, 73, 95]

/** The fake's weather at a point: the same for the same coordinates, different codes around the state. */
export function fakeForecast(lat: number, lon: number) {
  const seed = Math.abs(Math.round(lat * 1000) * 31 + Math.round(lon * 1000) * 17)
  return {
    temperature: 55 + (seed % 30) + 0.4,
    humidity: 40 + (seed % 50),
    weatherCode: CODES[seed % CODES.length]!,
    windSpeed: 3 + (seed % 15) + 0.3,
    high: 60 + (seed % 30) + 0.2,
    low: 40 + (seed % 15) + 0.6,
    rain: (seed * 7) % 101,
  }
}

const REQUIRED_FORECAST = {
  current: 'temperature_2m,relative_humidity_2m,weather_code,wind_speed_10m',
  daily: 'temperature_2m_max,temperature_2m_min,precipitation_probability_max',
  temperature_unit: 'fahrenheit',
  wind_speed_unit: 'mph',
  timezone: 'auto',
  forecast_days: '1',
}

function forecastAnswer(params: URLSearchParams): { status: number; body: unknown } {
  const lat = Number(params.get('latitude'))
  const lon = Number(params.get('longitude'))
  if (!params.has('latitude') || !params.has('longitude') || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    return { status: 400, body: { error: true, reason: 'Latitude and longitude must be numbers within range' } }
  }
  for (const [name, expected] of Object.entries(REQUIRED_FORECAST)) {
    const got = params.get(name) ?? ''
    const same = name === 'current' || name === 'daily' ? [...got.split(',')].sort().join(',') === expected.split(',').sort().join(',') : got === expected
    if (!same) return { status: 400, body: { error: true, reason: `Unexpected ${name}: '${got}' (the fake expects '${expected}')` } }
  }
  const w = fakeForecast(lat, lon)
  return {
    status: 200,
    body: {
      latitude: lat,
      longitude: lon,
      generationtime_ms: 0.05,
      utc_offset_seconds: -18000,
      timezone: 'America/New_York',
      timezone_abbreviation: 'EST',
      elevation: 90,
      current_units: { time: 'iso8601', interval: 'seconds', temperature_2m: '°F', relative_humidity_2m: '%', weather_code: 'wmo code', wind_speed_10m: 'mp/h' },
      current: { time: '2026-11-21T10:00', interval: 900, temperature_2m: w.temperature, relative_humidity_2m: w.humidity, weather_code: w.weatherCode, wind_speed_10m: w.windSpeed },
      daily_units: { time: 'iso8601', temperature_2m_max: '°F', temperature_2m_min: '°F', precipitation_probability_max: '%' },
      daily: { time: ['2026-11-21'], temperature_2m_max: [w.high], temperature_2m_min: [w.low], precipitation_probability_max: [w.rain] },
    },
  }
}

export function createGeoControls(): GeoControls {
  return { placesMode: 'ok', forecastMode: 'ok', slowMs: 3000, requests: [] }
}

function send(res: http.ServerResponse, status: number, body: unknown) {
  if (res.destroyed) return
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
  res.end(JSON.stringify(body))
}

/**
 * Serves `/search` and `/v1/forecast` (path after any mount prefix). Returns false for another path so
 * the caller can answer it.
 */
export function handleGeo(controls: GeoControls, req: http.IncomingMessage, res: http.ServerResponse, path: string, search: string): boolean {
  const isPlaces = path === '/search'
  const isForecast = path === '/v1/forecast'
  if (!isPlaces && !isForecast) return false
  const params = new URLSearchParams(search)
  controls.requests.push({ path, params: Object.fromEntries(params), userAgent: req.headers['user-agent'] })
  if (req.method !== 'GET') {
    send(res, 405, { error: true, reason: 'GET only' })
    return true
  }
  const mode = isPlaces ? controls.placesMode : controls.forecastMode
  const answer = (): { status: number; body: unknown } => {
    if (mode === 'fail') return { status: 503, body: { error: true, reason: 'Service temporarily unavailable' } }
    if (isForecast) return forecastAnswer(params)
    if (params.get('format') !== 'json') return { status: 400, body: { error: { code: 400, message: 'format=json expected by the fake' } } }
    if (!params.get('q')) return { status: 400, body: { error: { code: 400, message: 'Nothing to search for.' } } }
    return { status: 200, body: searchGazetteer(params) }
  }
  const { status, body } = answer()
  if (mode === 'slow') {
    const timer = setTimeout(() => send(res, status, body), controls.slowMs)
    res.on('close', () => clearTimeout(timer))
  } else send(res, status, body)
  return true
}

export interface FakeGeoServer {
  /** Base URL for both GEOCODER_URL and WEATHER_URL ('http://127.0.0.1:<port>'). */
  url: string
  controls: GeoControls
  close(): Promise<void>
}

export async function startFakeGeo(): Promise<FakeGeoServer> {
  const controls = createGeoControls()
  const sockets = new Set<Socket>()
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (!handleGeo(controls, req, res, url.pathname, url.search)) send(res, 404, { error: true, reason: 'Not found' })
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    controls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}

/**
 * A handler for tests/helpers/fake-services.ts: the place service under /geo (GEOCODER_URL=<fake>/geo)
 * and the forecast service under /weather (WEATHER_URL=<fake>/weather).
 */
export function createGeoHandler(controls: GeoControls = createGeoControls()) {
  return {
    controls,
    handle(req: http.IncomingMessage, res: http.ServerResponse): boolean {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const match = /^\/(geo|weather)(\/.*)$/.exec(url.pathname)
      if (!match) return false
      const [, service, rest] = match
      if ((service === 'geo') !== (rest === '/search')) return false
      return handleGeo(controls, req, res, rest!, url.search)
    },
  }
}
