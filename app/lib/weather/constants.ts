/** Weather card constants (product-spec §9 'Weather', §5 'City search'). */
export const WEATHER_LIFETIME_MS = 10 * 60_000
export const WEATHER_STALE_CHECK_MS = 60_000
export const CITY_DEBOUNCE_MS = 300
export const WEATHER_REQUEST_TIMEOUT_MS = 5_000
export const MAX_CITY_SUGGESTIONS = 6
/** Nothing is searched under this many characters. */
export const MIN_CITY_SEARCH_CHARS = 2
/** Spell correction would be skipped under this many characters (see cities.ts: not applied to place names). */
export const MIN_CITY_CORRECTION_CHARS = 3
/** Longest city text accepted by /api/weather/places. */
export const MAX_CITY_QUERY_CHARS = 80
/** Answers asked of the place service: 8, and 12 on the third attempt (§7). */
export const PLACE_LIMIT = 8
export const PLACE_LIMIT_LAST = 12

/**
 * South Carolina's bounding box, a little padded (the state spans about 32.03-35.22 N, 78.54-83.35 W).
 * Forecast coordinates outside it are refused, and the third place-search attempt is bounded by it.
 */
export const SC_BOUNDS = { south: 31.9, north: 35.3, west: -83.5, east: -78.4 } as const
