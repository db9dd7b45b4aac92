/**
 * City search rules of product-spec §5 and §7, pure (server and tests).
 *
 * - Nothing is searched under 2 characters.
 * - Spell correction: the product's corrector (app/lib/search/spelling.ts) works against the corpus
 *   vocabulary of specification words; run on place names it would turn real towns into corpus words
 *   ('Greer' -> 'green'). City text is therefore never corrected (the place service itself matches
 *   loosely); the 3-character threshold of §5 is kept as MIN_CITY_CORRECTION_CHARS for documentation.
 * - Three attempts, stopping at the first that yields places: 'text, SC' and 'text South Carolina'
 *   (8 answers each), then the text alone bounded to South Carolina's box (12 answers); all US only with
 *   address details.
 * - Answers are kept only when in South Carolina and place-like, de-duplicated by the first part of the
 *   name, ranked exact match, then prefix match, then alphabetical, and limited to 6.
 */
import { MAX_CITY_SUGGESTIONS, MIN_CITY_SEARCH_CHARS, PLACE_LIMIT, PLACE_LIMIT_LAST, SC_BOUNDS } from './constants'

/** One answer of a Nominatim-compatible /search (format=json, addressdetails=1): the fields read. */
export interface PlaceResult {
  lat: string
  lon: string
  display_name: string
  class?: string
  type?: string
  addresstype?: string
  name?: string
  address?: Record<string, string | undefined>
}

/** A city the user can pick (§3 'City suggestion'). */
export interface CitySuggestion {
  display: string
  lat: number
  lon: number
  name: string
  state: string
}

/** Query parameters of one place-search attempt (besides format, countrycodes and addressdetails). */
export interface PlaceAttempt {
  q: string
  limit: number
  viewbox?: string
  bounded?: '1'
}

/** The city text as searched: trimmed, inner spaces collapsed. */
export function normalizeCityText(text: string): string {
  return text.trim().replace(/\s+/g, ' ')
}

export function shouldSearchCities(text: string): boolean {
  return normalizeCityText(text).length >= MIN_CITY_SEARCH_CHARS
}

/** The three attempts of §7, in order (none for text under 2 characters). */
export function placeAttempts(text: string): PlaceAttempt[] {
  const q = normalizeCityText(text)
  if (q.length < MIN_CITY_SEARCH_CHARS) return []
  const { west, north, east, south } = SC_BOUNDS
  return [
    { q: `${q}, SC`, limit: PLACE_LIMIT },
    { q: `${q} South Carolina`, limit: PLACE_LIMIT },
    { q, limit: PLACE_LIMIT_LAST, viewbox: `${west},${north},${east},${south}`, bounded: '1' },
  ]
}

export function isInSouthCarolina(place: PlaceResult): boolean {
  const address = place.address ?? {}
  return address.state === 'South Carolina' || address['ISO3166-2-lvl4'] === 'US-SC'
}

const PLACE_CLASSES = new Set(['place', 'boundary'])
const PLACE_TYPES = new Set([
  'city',
  'town',
  'village',
  'hamlet',
  'municipality',
  'administrative',
  'county',
  'suburb',
  'borough',
  'locality',
  'neighbourhood',
  'census',
])

/** A city, town, village or similar settlement or area, not a road, shop or building. */
export function isPlaceLike(place: PlaceResult): boolean {
  if (!PLACE_CLASSES.has(place.class ?? '')) return false
  return PLACE_TYPES.has(place.type ?? '') || PLACE_TYPES.has(place.addresstype ?? '')
}

/** The first part of the display name ('Columbia, Richland County, South Carolina, ...' -> 'Columbia'). */
export function firstNamePart(place: PlaceResult): string {
  return (place.display_name.split(',')[0] ?? '').trim()
}

export function toSuggestion(place: PlaceResult): CitySuggestion | null {
  const name = firstNamePart(place)
  const lat = Number(place.lat)
  const lon = Number(place.lon)
  if (!name || !Number.isFinite(lat) || !Number.isFinite(lon)) return null
  return { display: `${name}, SC`, lat, lon, name, state: 'South Carolina' }
}

/** 0 exact name, 1 name starting with the text, 2 anything else. */
function rankOf(name: string, text: string): number {
  const a = name.toLocaleLowerCase('en-US')
  const b = text.toLocaleLowerCase('en-US')
  if (a === b) return 0
  return a.startsWith(b) ? 1 : 2
}

/**
 * The suggestions for `text` from the place service's answers: South Carolina and place-like only,
 * one per first name part (the first answer wins: the service lists the most important first), ranked
 * exact, prefix, alphabetical, at most 6.
 */
export function citySuggestions(places: PlaceResult[], text: string): CitySuggestion[] {
  const typed = normalizeCityText(text).replace(/,?\s*(SC|South Carolina)$/i, '')
  const seen = new Set<string>()
  const kept: CitySuggestion[] = []
  for (const place of places) {
    if (!isInSouthCarolina(place) || !isPlaceLike(place)) continue
    const suggestion = toSuggestion(place)
    if (!suggestion) continue
    const key = suggestion.name.toLocaleLowerCase('en-US')
    if (seen.has(key)) continue
    seen.add(key)
    kept.push(suggestion)
  }
  return kept
    .sort((x, y) => rankOf(x.name, typed) - rankOf(y.name, typed) || x.name.localeCompare(y.name, 'en-US'))
    .slice(0, MAX_CITY_SUGGESTIONS)
}
