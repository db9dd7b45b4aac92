import { roundTo } from './round'

/**
 * Station text <-> feet.
 *
 * Spec rule: remove every character other than digits and '+'; the part before the plus x 100
 * plus the part after; without a plus, the plain number. So '23+50' -> 2350, '12+3' -> 1203
 * (the after-part is taken as a number, not as two digits), ' STA 1 2+5 0 ' -> '12+50' -> 1250,
 * '1500' -> 1500, '23+500' -> 2800 (literal spec: after-part added whole).
 *
 * Edge cases decided here (spec is silent):
 * - empty/blank text or text without any digit ('', 'STA', '+') -> null;
 * - a missing side counts as 0: '1+' -> 100, '+50' -> 50;
 * - more than one plus ('1+2+3') -> null (ambiguous, refused rather than guessed);
 * - a decimal point between digits ('23+50.5', '1500.25') -> null. Stripping the dot as the
 *   literal rule says would silently turn '23+50.5' into 23+505 = 2805 ft, a wrong location;
 *   a dot elsewhere ('STA. 23+50') is just stripped like any other letter.
 * Results are always whole, non-negative feet (a '-' is stripped like any other character).
 */
export function parseStation(text: string): number | null {
  if (/\d\.\d/.test(text)) return null
  const cleaned = text.replace(/[^\d+]/g, '')
  if (!/\d/.test(cleaned)) return null
  const parts = cleaned.split('+')
  if (parts.length > 2) return null
  const [before = '', after] = parts
  if (after === undefined) return Number(before)
  return (before === '' ? 0 : Number(before)) * 100 + (after === '' ? 0 : Number(after))
}

/**
 * Feet -> station text: rounded to the whole foot (halves away from zero), hundreds, '+',
 * two-digit remainder. 2350 -> '23+50', 1205 -> '12+05', 5 -> '0+05', 0 -> '0+00',
 * 1234.5 -> '12+35'. Negative feet (never produced by the calculators) get a leading '-'.
 * Throws RangeError for NaN/Infinity, which would mean a programming error upstream.
 */
export function formatStation(feet: number): string {
  if (!Number.isFinite(feet)) throw new RangeError(`Cannot format a station from ${feet}`)
  const whole = roundTo(feet, 0)
  const abs = Math.abs(whole)
  const sign = whole < 0 ? '-' : ''
  return `${sign}${Math.floor(abs / 100)}+${String(abs % 100).padStart(2, '0')}`
}
