import { describe, expect, it } from 'vitest'
import { compute, fields, schema } from './asphalt-rate'
import { calculate, shouldShowResult } from './index'

const raw = { startStation: '23+50', endStation: '28+75', width: '12.5', tonnage: '45.2' }

describe('asphalt rate: worked examples', () => {
  it('23+50 to 28+75, 12.5 ft wide, 45.2 tons', () => {
    // 2875 - 2350 = 525 ft; 525 x 12.5 = 6562.5 sq ft / 9 = 729.1666... -> 729.17 SY
    // 45.2 x 2000 = 90400 lbs; 90400 / 729.1666... = 813600 / 6562.5 = 123.977142... -> 123.98 lbs/SY
    const outcome = calculate('asphalt-rate', raw)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result.linearFeet).toMatchObject({ value: 525, unit: 'ft', text: '525 ft' })
    expect(outcome.result.squareYards).toMatchObject({ value: 729.17, unit: 'SY', text: '729.17 SY' })
    expect(outcome.result.rate).toMatchObject({ value: 123.98, unit: 'lbs/SY', text: '123.98 lbs/SY' })
    expect(shouldShowResult('asphalt-rate', outcome.result)).toBe(true)
  })

  it('10+00 to 15+00, 12 ft wide, 40 tons', () => {
    // 500 ft x 12 ft = 6000 sq ft / 9 = 666.666... -> 666.67 SY; 80000 lbs x 9 / 6000 = 120 -> 120.00 lbs/SY
    const result = compute({ startStation: 1000, endStation: 1500, width: 12, tonnage: 40 })
    expect(result.squareYards.value).toBe(666.67)
    expect(result.rate.value).toBe(120)
    expect(result.rate.text).toBe('120.00 lbs/SY')
  })

  it('stations in either order give the same result', () => {
    const forward = calculate('asphalt-rate', raw)
    const backward = calculate('asphalt-rate', { ...raw, startStation: '28+75', endStation: '23+50' })
    expect(backward).toEqual(forward)
  })

  it('reads stations with spaces and letters', () => {
    // 'STA 23+50' -> 2350, 'Sta. 28 + 75' -> 2875: same as the first example
    expect(calculate('asphalt-rate', { ...raw, startStation: 'STA 23+50', endStation: 'Sta. 28 + 75' })).toEqual(
      calculate('asphalt-rate', raw),
    )
  })
})

describe('asphalt rate: zero, empty and bad inputs', () => {
  it('is incomplete while any input is missing or blank', () => {
    for (const name of Object.keys(raw)) {
      expect(calculate('asphalt-rate', { ...raw, [name]: '' }), name).toEqual({ ok: false, reason: 'incomplete' })
      expect(calculate('asphalt-rate', { ...raw, [name]: '  ' }), name).toEqual({ ok: false, reason: 'incomplete' })
      const { [name as keyof typeof raw]: _dropped, ...rest } = raw
      expect(calculate('asphalt-rate', rest), name).toEqual({ ok: false, reason: 'incomplete' })
    }
    expect(calculate('asphalt-rate', {})).toEqual({ ok: false, reason: 'incomplete' })
  })

  it('computes but hides the result for zero width, zero tonnage or equal stations', () => {
    for (const zeroed of [{ width: '0' }, { tonnage: '0' }, { endStation: '23+50' }]) {
      const outcome = calculate('asphalt-rate', { ...raw, ...zeroed })
      expect(outcome.ok).toBe(true)
      if (!outcome.ok) continue
      expect(outcome.result.rate.value).toBe(0) // never Infinity
      expect(shouldShowResult('asphalt-rate', outcome.result)).toBe(false)
    }
  })

  it('refuses non-numeric and negative numbers and unreadable stations', () => {
    expect(calculate('asphalt-rate', { ...raw, width: 'abc' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Width (ft) must be a number',
      field: 'width',
    })
    expect(calculate('asphalt-rate', { ...raw, tonnage: '-5' })).toMatchObject({
      reason: 'invalid',
      message: 'Tonnage (tons) cannot be negative',
    })
    expect(calculate('asphalt-rate', { ...raw, startStation: 'STA' })).toMatchObject({
      reason: 'invalid',
      message: 'Start Station must be a station in whole feet, such as 23+50',
      field: 'startStation',
    })
  })

  it('prefers incomplete over invalid while typing', () => {
    expect(calculate('asphalt-rate', { ...raw, width: 'abc', tonnage: '' })).toEqual({ ok: false, reason: 'incomplete' })
  })
})

describe('asphalt rate: schema and fields', () => {
  it('schema turns raw strings into numbers', () => {
    expect(schema.parse(raw)).toEqual({ startStation: 2350, endStation: 2875, width: 12.5, tonnage: 45.2 })
  })

  it('fields: stations are text inputs, numbers are decimal number inputs', () => {
    expect(fields.map((f) => [f.name, f.label, f.type])).toEqual([
      ['startStation', 'Start Station', 'text'],
      ['endStation', 'End Station', 'text'],
      ['width', 'Width (ft)', 'number'],
      ['tonnage', 'Tonnage (tons)', 'number'],
    ])
    for (const field of fields.filter((f) => f.type === 'number')) {
      expect(field).toMatchObject({ inputMode: 'decimal', min: 0, step: 'any', required: true })
    }
  })
})
