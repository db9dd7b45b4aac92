import { roundTo } from './round'

/**
 * One displayed figure: already rounded, with its unit and a ready-to-show text.
 * `text` is formatted with en-US grouping (fixed locale so server and browser render the same).
 */
export interface Figure {
  readonly label: string
  readonly value: number
  readonly unit: string
  readonly decimals: number
  readonly text: string
}

/** Units written straight after the number ('97.0%'); every other unit gets a space ('104.3 lbs', '37.000 °C'). */
const UNSPACED_UNITS = new Set(['%'])

const formatters = new Map<number, Intl.NumberFormat>()

export function formatNumber(value: number, decimals: number): string {
  let formatter = formatters.get(decimals)
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    })
    formatters.set(decimals, formatter)
  }
  return formatter.format(value)
}

/** Rounds `raw` to `decimals` places and builds the displayed figure. */
export function figure(label: string, raw: number, unit: string, decimals: number): Figure {
  const value = roundTo(raw, decimals)
  const number = formatNumber(value, decimals)
  const text = unit === '' ? number : UNSPACED_UNITS.has(unit) ? `${number}${unit}` : `${number} ${unit}`
  return { label, value, unit, decimals, text }
}
