import { describe, expect, it } from 'vitest'
import { figure, formatNumber } from './figure'
import { roundTo } from './round'

describe('roundTo', () => {
  it('rounds ordinary values to the requested decimals', () => {
    expect(roundTo(123.456, 0)).toBe(123)
    expect(roundTo(123.456, 1)).toBe(123.5)
    expect(roundTo(123.456, 2)).toBe(123.46)
    expect(roundTo(0.987678, 5)).toBe(0.98768)
    expect(roundTo(2, 3)).toBe(2)
  })

  it('rounds decimal halves up where naive binary rounding rounds them down', () => {
    // The naive formula gets these wrong: 1.005 * 100 = 100.49999999999999 in binary.
    expect(Math.round(1.005 * 100) / 100).toBe(1)
    expect(roundTo(1.005, 2)).toBe(1.01)
    expect(Math.round(1.255 * 100) / 100).toBe(1.25)
    expect(roundTo(1.255, 2)).toBe(1.26)
    expect(roundTo(8.345, 2)).toBe(8.35)
    expect(roundTo(1.0005, 3)).toBe(1.001)
    expect(roundTo(0.5, 0)).toBe(1)
    expect(roundTo(2.5, 0)).toBe(3)
  })

  it('strips binary noise left by a calculation before rounding', () => {
    // 3.25 ft x 3.4 lbs/ft is exactly 11.05 but evaluates to 11.049999999999999.
    expect(3.25 * 3.4).toBe(11.049999999999999)
    expect(roundTo(3.25 * 3.4, 1)).toBe(11.1)
    // 0.1 + 0.2 = 0.30000000000000004
    expect(roundTo(0.1 + 0.2, 2)).toBe(0.3)
    expect(roundTo(10.3 - 10.1, 2)).toBe(0.2)
  })

  it('rounds halves away from zero for negative values', () => {
    expect(roundTo(-1.005, 2)).toBe(-1.01)
    expect(roundTo(-2.5, 0)).toBe(-3)
    expect(roundTo(-1.234, 2)).toBe(-1.23)
  })

  it('never returns negative zero', () => {
    expect(Object.is(roundTo(-0.001, 2), 0)).toBe(true)
    expect(Object.is(roundTo(-0, 2), 0)).toBe(true)
  })

  it('handles values already printed in exponent form', () => {
    expect(roundTo(1e-7, 2)).toBe(0)
    expect(roundTo(1.5e-7, 7)).toBe(2e-7)
    expect(roundTo(1.23e21, 2)).toBe(1.23e21)
  })

  it('passes non-finite values through and refuses bad decimal counts', () => {
    expect(roundTo(Number.NaN, 2)).toBeNaN()
    expect(roundTo(Number.POSITIVE_INFINITY, 2)).toBe(Number.POSITIVE_INFINITY)
    expect(() => roundTo(1, -1)).toThrow(RangeError)
    expect(() => roundTo(1, 1.5)).toThrow(RangeError)
    expect(() => roundTo(1, 21)).toThrow(RangeError)
  })
})

describe('figure', () => {
  it('rounds, keeps the unit and formats with fixed decimals and en-US grouping', () => {
    expect(figure('Linear Feet', 2600, 'ft', 0)).toEqual({
      label: 'Linear Feet',
      value: 2600,
      unit: 'ft',
      decimals: 0,
      text: '2,600 ft',
    })
    expect(figure('Rate', 120, 'lbs/SY', 2).text).toBe('120.00 lbs/SY')
    expect(figure('Rate', 1.005, 'gal', 2).value).toBe(1.01)
  })

  it('writes % straight after the number and omits an empty unit', () => {
    expect(figure('Compaction', 97.04918, '%', 1).text).toBe('97.0%')
    expect(figure('Multiplier', 0.987678, '', 5).text).toBe('0.98768')
    expect(figure('Temperature', -6.6667, '°C', 3).text).toBe('-6.667 °C')
  })

  it('formatNumber pads to the requested decimals', () => {
    expect(formatNumber(0.2, 4)).toBe('0.2000')
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89')
  })
})
