/**
 * The weather label of a WMO weather code (product-spec §9): 0 Clear, 1 Mostly Clear, 2 Partly Cloudy,
 * 3 Overcast, up to 49 Fog, up to 59 Light Rain, up to 69 Rain, up to 79 Snow, up to 99 Thunderstorm,
 * anything else (negative, over 99, not a number) Unknown.
 */
export function weatherLabel(code: number): string {
  if (!Number.isFinite(code) || code < 0) return 'Unknown'
  if (code === 0) return 'Clear'
  if (code === 1) return 'Mostly Clear'
  if (code === 2) return 'Partly Cloudy'
  if (code === 3) return 'Overcast'
  if (code <= 49) return 'Fog'
  if (code <= 59) return 'Light Rain'
  if (code <= 69) return 'Rain'
  if (code <= 79) return 'Snow'
  if (code <= 99) return 'Thunderstorm'
  return 'Unknown'
}
