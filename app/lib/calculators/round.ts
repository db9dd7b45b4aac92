/**
 * Decimal rounding shared by every calculator.
 *
 * Decision (spec is silent): `Math.round(value * 10 ** d) / 10 ** d` is wrong at halves because
 * the multiplication happens in binary (`1.005 * 100 === 100.49999999999999` -> 1.00), and
 * `toFixed` has the same flaw (`(1.005).toFixed(2) === '1.00'`). We use two well-known steps:
 *
 * 1. Strip binary noise left by the calculation itself by keeping 15 significant digits
 *    (a double holds 15-17; digits past the 15th are artefacts): `3.25 * 3.4` is
 *    `11.049999999999999` in binary but `11.05` exactly, and becomes `11.05` again.
 * 2. Shift the decimal point by editing the exponent of the number's decimal string
 *    (`'1.005' -> '1.005e2'` is exactly 100.5), round, and shift back the same way.
 *
 * Halves round away from zero (`-1.005 -> -1.01`, `-2.5 -> -3`), so negative figures (pipe
 * fall, °C) mirror positive ones; plain `Math.round` would take `-2.5` to `-2`. Negative zero
 * is normalised to 0. NaN and ±Infinity are returned unchanged.
 */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 20) {
    throw new RangeError(`decimals must be a whole number from 0 to 20, got ${decimals}`)
  }
  if (!Number.isFinite(value)) return value
  const magnitude = Number(Math.abs(value).toPrecision(15))
  const rounded = shiftExponent(Math.round(shiftExponent(magnitude, decimals)), -decimals)
  const signed = value < 0 ? -rounded : rounded
  return signed === 0 ? 0 : signed
}

/** value x 10^places, done on the decimal string so no binary multiplication error creeps in. */
function shiftExponent(value: number, places: number): number {
  const [mantissa, exponent = '0'] = String(value).split('e')
  return Number(`${mantissa}e${Number(exponent) + places}`)
}
