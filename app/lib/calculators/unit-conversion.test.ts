import { describe, expect, it } from 'vitest'
import { calculate, shouldShowResult } from './index'
import { compute, CONVERSION_IDS, fields, type ConversionId } from './unit-conversion'

const convert = (conversion: ConversionId, value: number) => compute({ conversion, value })

describe('unit conversion: worked examples (3 decimals)', () => {
  it('cubic feet to cubic yards: 100 / 27 = 3.7037... -> 3.704', () => {
    const r = convert('cubic-feet-to-cubic-yards', 100)
    expect(r.output).toMatchObject({ value: 3.704, unit: 'yd³', text: '3.704 yd³' })
    expect(r.input).toMatchObject({ value: 100, unit: 'ft³', text: '100 ft³' })
  })

  it('Fahrenheit to Celsius: (212 - 32) x 5/9 = 100; (98.6 - 32) x 5/9 = 37', () => {
    expect(convert('fahrenheit-to-celsius', 212).output.text).toBe('100.000 °C')
    expect(convert('fahrenheit-to-celsius', 98.6).output.value).toBe(37)
    expect(convert('fahrenheit-to-celsius', 98.6).input.text).toBe('98.6 °F')
  })

  it('psi to MPa: 4000 x 0.00689476 = 27.57904 -> 27.579', () => {
    expect(convert('psi-to-mpa', 4000).output).toMatchObject({ value: 27.579, unit: 'MPa' })
  })

  it('feet to meters: 100 x 0.3048 = 30.48; 3.5 x 0.3048 = 1.0668 -> 1.067', () => {
    expect(convert('feet-to-meters', 100).output.text).toBe('30.480 m')
    expect(convert('feet-to-meters', 3.5).output.value).toBe(1.067)
  })

  it('pounds to kilograms: 2000 x 0.453592 = 907.184; 1 -> 0.454', () => {
    expect(convert('pounds-to-kilograms', 2000).output.text).toBe('907.184 kg')
    expect(convert('pounds-to-kilograms', 1).output.value).toBe(0.454)
  })

  it('through calculate, with each select value', () => {
    const expected: Record<ConversionId, number> = {
      'cubic-feet-to-cubic-yards': 1, // 27 / 27
      'fahrenheit-to-celsius': -2.778, // (27 - 32) x 5/9 = -2.777...
      'psi-to-mpa': 0.186, // 27 x 0.00689476 = 0.18615852
      'feet-to-meters': 8.23, // 27 x 0.3048 = 8.2296
      'pounds-to-kilograms': 12.247, // 27 x 0.453592 = 12.246984
    }
    for (const conversion of CONVERSION_IDS) {
      const outcome = calculate('unit-conversion', { conversion, value: '27' })
      expect(outcome.ok && outcome.result.output.value, conversion).toBe(expected[conversion])
    }
  })
})

describe('unit conversion: zero, empty and bad inputs', () => {
  it('zero and empty input are incomplete (spec: nonzero input), even 0 °F', () => {
    for (const conversion of CONVERSION_IDS) {
      for (const value of ['', '0', '0.0']) {
        expect(calculate('unit-conversion', { conversion, value }), `${conversion} ${value}`).toEqual({
          ok: false,
          reason: 'incomplete',
        })
      }
    }
  })

  it('a missing conversion uses the default (cubic feet to cubic yards)', () => {
    const outcome = calculate('unit-conversion', { value: '54' })
    expect(outcome.ok && outcome.result.conversion).toBe('cubic-feet-to-cubic-yards')
    expect(outcome.ok && outcome.result.output.value).toBe(2)
  })

  it('an unknown conversion or non-numeric value is invalid', () => {
    expect(calculate('unit-conversion', { conversion: 'miles-to-km', value: '1' })).toEqual({
      ok: false,
      reason: 'invalid',
      message: 'Unknown conversion "miles-to-km"',
      field: 'conversion',
    })
    expect(calculate('unit-conversion', { conversion: 'feet-to-meters', value: 'ten' })).toMatchObject({
      reason: 'invalid',
      message: 'Value to Convert must be a number',
    })
  })

  it('negative inputs convert; the show rule (main result above zero) hides negative outputs', () => {
    // 20 °F -> (20 - 32) x 5/9 = -6.666... -> -6.667 °C: computed, but hidden by the literal spec rule
    const cold = convert('fahrenheit-to-celsius', 20)
    expect(cold.output.value).toBe(-6.667)
    expect(shouldShowResult('unit-conversion', cold)).toBe(false)
    // 32 °F -> 0 °C: hidden as well
    expect(shouldShowResult('unit-conversion', convert('fahrenheit-to-celsius', 32))).toBe(false)
    expect(shouldShowResult('unit-conversion', convert('fahrenheit-to-celsius', 50))).toBe(true)
  })

  it('fields: a select with the five conversions and a value input', () => {
    const [select, value] = fields
    expect(select).toMatchObject({ name: 'conversion', type: 'select', defaultValue: 'cubic-feet-to-cubic-yards' })
    expect(select?.options?.map((o) => o.value)).toEqual([
      'cubic-feet-to-cubic-yards',
      'fahrenheit-to-celsius',
      'psi-to-mpa',
      'feet-to-meters',
      'pounds-to-kilograms',
    ])
    expect(value).toMatchObject({ name: 'value', type: 'number', step: 'any' })
  })
})
