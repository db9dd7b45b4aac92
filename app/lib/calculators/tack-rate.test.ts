import { describe, expect, it } from 'vitest'
import { calculate, shouldShowResult } from './index'
import { compute, fields, schema, tackMultiplier, type TackRateInput } from './tack-rate'

const raw = {
  startStation: '10+00',
  endStation: '15+00',
  width: '12',
  totalGallons: '500',
  remainingGallons: '380',
  temperature: '140',
}
const base: TackRateInput = schema.parse(raw)
const at = (temperature: number) => compute({ ...base, temperature })

describe('tack rate: worked example', () => {
  it('10+00 to 15+00, 12 ft, 500 -> 380 gal at 140 °F', () => {
    // 500 ft x 12 ft / 9 = 666.666... -> 666.67 SY; used 500 - 380 = 120 gal
    // multiplier 1 - 0.000122 x (140 - 39) = 1 - 0.012322 = 0.987678 -> 0.98768
    // actual 120 x 0.987678 = 118.52136 -> 118.521 gal
    // rate 118.52136 / 666.666... = 118.52136 x 9 / 6000 = 0.17778204 -> 0.1778 gal/SY
    const outcome = calculate('tack-rate', raw)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    const r = outcome.result
    expect(r.linearFeet.value).toBe(500)
    expect(r.squareYards.value).toBe(666.67)
    expect(r.gallonsUsed).toMatchObject({ value: 120, text: '120.000 gal' })
    expect(r.multiplier).toMatchObject({ value: 0.98768, text: '0.98768' })
    expect(r.multiplierBasis).toBe('formula')
    expect(r.actualGallons).toMatchObject({ value: 118.521, unit: 'gal' })
    expect(r.rate).toMatchObject({ value: 0.1778, unit: 'gal/SY', text: '0.1778 gal/SY' })
    expect(r.warning).toBeNull()
    expect(shouldShowResult('tack-rate', r)).toBe(true)
  })

  it('keeps decimals of gallon readings without binary noise', () => {
    // 500.3 - 120.1 = 380.2 (binary gives 380.20000000000005)
    expect(compute({ ...base, totalGallons: 500.3, remainingGallons: 120.1 }).gallonsUsed.value).toBe(380.2)
  })
})

describe('tack rate: temperature multiplier boundaries', () => {
  it('31 °F uses the fixed 1.02075', () => {
    // below 32: fixed; actual 120 x 1.02075 = 122.49 gal
    const r = at(31)
    expect(r.multiplier.value).toBe(1.02075)
    expect(r.multiplierBasis).toBe('fixed-below-32')
    expect(r.actualGallons.value).toBe(122.49)
    expect(r.warning).toBeNull()
    expect(at(31.9).multiplierBasis).toBe('fixed-below-32')
    expect(at(-20).multiplier.value).toBe(1.02075)
  })

  it('32 °F uses the formula: 1 - 0.000122 x (32 - 39) = 1.000854 -> 1.00085', () => {
    const r = at(32)
    expect(r.multiplier.value).toBe(1.00085)
    expect(r.multiplierBasis).toBe('formula')
    expect(r.warning).toBeNull()
  })

  it('39 °F is exactly 1', () => {
    expect(at(39).multiplier.value).toBe(1)
    expect(at(39).actualGallons.value).toBe(120)
  })

  it('200 °F: 1 - 0.000122 x 161 = 0.980358 -> 0.98036', () => {
    const r = at(200)
    expect(r.multiplier.value).toBe(0.98036)
    expect(r.multiplierBasis).toBe('formula')
    expect(r.warning).toBeNull()
  })

  it('201 °F: raw (unclamped) 1 - 0.000122 x 162 = 0.980236 -> 0.98024, no warning', () => {
    const r = at(201)
    expect(r.multiplier.value).toBe(0.98024)
    expect(r.multiplierBasis).toBe('unclamped-above-200')
    expect(r.warning).toBeNull()
    expect(at(200.5).multiplierBasis).toBe('unclamped-above-200')
  })

  it('none of 31/32/200/201 is outside 0.95-1.05; the warning fires above 448.8 °F', () => {
    // 448 °F: 1 - 0.000122 x 409 = 0.950102 (inside); 449 °F: 1 - 0.000122 x 410 = 0.94998 (outside)
    expect(at(448).multiplier.value).toBe(0.9501)
    expect(at(448).warning).toBeNull()
    const hot = at(449)
    expect(hot.multiplier.value).toBe(0.94998)
    expect(hot.warning).toBe(
      'Temperature multiplier 0.94998 is outside the expected range 0.95-1.05; check the tack temperature',
    )
    // the result still stands: 120 x 0.94998 = 113.9976 -> 113.998 gal
    expect(hot.actualGallons.value).toBe(113.998)
  })

  it('the multiplier can never exceed 1.05: below 32 °F it is fixed at 1.02075', () => {
    // formula would pass 1.05 only below 39 - 0.05 / 0.000122 = -370.8 °F
    expect(tackMultiplier(-400)).toEqual({ value: 1.02075, basis: 'fixed-below-32' })
  })
})

describe('tack rate: live vs submit', () => {
  it('live calculation applies the multiplier rules to 31 and 201 °F', () => {
    const cold = calculate('tack-rate', { ...raw, temperature: '31' })
    expect(cold.ok && cold.result.multiplier.value).toBe(1.02075)
    const hot = calculate('tack-rate', { ...raw, temperature: '201' })
    expect(hot.ok && hot.result.multiplier.value).toBe(0.98024)
  })

  it('form submit refuses temperatures outside 32-200 °F and accepts the bounds', () => {
    for (const temperature of ['31', '201', '31.99', '200.01']) {
      expect(calculate('tack-rate', { ...raw, temperature }, { mode: 'submit' }), temperature).toEqual({
        ok: false,
        reason: 'invalid',
        message: 'Tack Temperature (°F) must be between 32 and 200',
        field: 'temperature',
      })
    }
    for (const temperature of ['32', '200']) {
      expect(calculate('tack-rate', { ...raw, temperature }, { mode: 'submit' }).ok, temperature).toBe(true)
    }
  })
})

describe('tack rate: zero, empty and bad inputs', () => {
  it('is incomplete while any input is blank', () => {
    for (const name of Object.keys(raw)) {
      expect(calculate('tack-rate', { ...raw, [name]: '' }), name).toEqual({ ok: false, reason: 'incomplete' })
    }
  })

  it('hides zero results: zero width, no gallons used, more remaining than total', () => {
    for (const change of [{ width: '0' }, { remainingGallons: '500' }, { remainingGallons: '600' }, { endStation: '10+00' }]) {
      const outcome = calculate('tack-rate', { ...raw, ...change })
      expect(outcome.ok).toBe(true)
      if (outcome.ok) expect(shouldShowResult('tack-rate', outcome.result), JSON.stringify(change)).toBe(false)
    }
  })

  it('zero temperature is a real temperature (fixed multiplier)', () => {
    const outcome = calculate('tack-rate', { ...raw, temperature: '0' })
    expect(outcome.ok && outcome.result.multiplier.value).toBe(1.02075)
  })

  it('refuses non-numeric and negative gallons', () => {
    expect(calculate('tack-rate', { ...raw, totalGallons: 'lots' })).toMatchObject({
      reason: 'invalid',
      message: 'Total Gallons (start of shot) must be a number',
    })
    expect(calculate('tack-rate', { ...raw, remainingGallons: '-1' })).toMatchObject({
      reason: 'invalid',
      message: 'Gallons Remaining (end of shot) cannot be negative',
    })
  })

  it('fields carry the inspector labels and the 32-200 range', () => {
    expect(fields.map((f) => f.label)).toEqual([
      'Start Station',
      'End Station',
      'Width (ft)',
      'Total Gallons (start of shot)',
      'Gallons Remaining (end of shot)',
      'Tack Temperature (°F)',
    ])
    expect(fields.find((f) => f.name === 'temperature')).toMatchObject({ type: 'number', min: 32, max: 200 })
  })
})
