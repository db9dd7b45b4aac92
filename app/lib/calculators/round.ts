/**
 * Decimal rounding shared by every calculator.
 *
 * Decision (spec is silent): we use the well-known exponent-shifting technique instead of
 * `Math.round(value * 10 ** d) / 10 ** d`. The value is shifted by editing the exponent of its
 * shortest decimal string form (`'1.005' -> '1.005e2'`), so `1.005` really becomes `100.5`
 * (whereas `1.005 * 100 === 100.49999999999999`). `toFixed` is never used (it has the same
 * binary-representation problem: `(1.005).toFixed(2) === '1.00'`).
 *
 * Halves round away from zero (`-1.005 -> -1.01`), so negative figures (pipe fall, °C) mirror
 * positive ones; plain `Math.round` would round `-2.5` to `-2`. Negative zero is normalised to 0.
 * Non-finite values are returned unchanged.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 100) {
    throw new RangeError(`decimals must be a whole number from 0 to 100, got ${decimals}`)
  }
  if (!Number.isFinite(value)) return value
  const magnitude = shiftExponent(Math.round(shiftExponent(Math.abs(value), decimals)), -decimals)
  const rounded = value < 0 ? -magnitude : magnitude
  return rounded === 0 ? 0 : rounded
}

/** value x 10^places, done on the decimal string so no binary multiplication error creeps in. */
function shiftExponent(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e')
  return Number(`${mantissa}e${Number(exponent) + places}`)
}
