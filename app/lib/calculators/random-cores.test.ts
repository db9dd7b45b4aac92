import { describe, expect, it } from 'vitest'
import { calculate, shouldShowResult } from './index'
import { compute, coreCount, fields, RANDOM_NUMBER_ALERT, schema } from './random-cores'

const run = (lotStart: string, lotEnd: string, randomNumber: string, textLocation = '') =>
  compute(schema.parse({ lotStart, lotEnd, randomNumber, textLocation }))

const stations = (result: ReturnType<typeof compute>) => result.cores.map((core) => core.station)

describe('random cores: number of cores', () => {
  it('2 cores up to and including 1000 ft, then ceil(length / 500)', () => {
    expect(coreCount(0)).toBe(2)
    expect(coreCount(500)).toBe(2)
    expect(coreCount(1000)).toBe(2)
    expect(coreCount(1001)).toBe(3) // ceil(2.002)
    expect(coreCount(1500)).toBe(3)
    expect(coreCount(1501)).toBe(4)
    expect(coreCount(2000)).toBe(4)
    expect(coreCount(2001)).toBe(5)
    expect(coreCount(2600)).toBe(6) // ceil(5.2)
  })
})

describe('random cores: worked examples', () => {
  it('1000 ft lot (10+00 to 20+00), number 250 -> 2 cores', () => {
    // sections of 1000 / 2 = 500 ft; offset 250 / 1000 x 500 = 125 ft
    // 1000 + 0 + 125 = 1125 -> 11+25; 1000 + 500 + 125 = 1625 -> 16+25
    const r = run('10+00', '20+00', '250')
    expect(r.lotLength.value).toBe(1000)
    expect(r.coreCount).toBe(2)
    expect(r.sectionLength.value).toBe(500)
    expect(stations(r)).toEqual(['11+25', '16+25'])
    expect(r.cores[0]).toEqual({
      core: 1,
      section: 1,
      station: '11+25',
      stationFeet: 1125,
      offset: 125,
      textLocation: 'Section 1 + 125 ft',
    })
    expect(r.cores[1]?.textLocation).toBe('Section 2 + 125 ft')
  })

  it('1001 ft lot (10+00 to 20+01), number 500 -> 3 cores', () => {
    // sections 1001 / 3 = 333.666... -> 333.67 ft; offset 0.5 x 333.666... = 166.83 -> 167 ft
    // 1000 + 166.83 = 1166.83 -> 11+67; 1000 + 333.67 + 166.83 = 1500.5 -> 1501 -> 15+01 (exact half rounds up)
    // 1000 + 667.33 + 166.83 = 1834.17 -> 18+34
    const r = run('10+00', '20+01', '500')
    expect(r.coreCount).toBe(3)
    expect(r.sectionLength.value).toBe(333.67)
    expect(stations(r)).toEqual(['11+67', '15+01', '18+34'])
    expect(r.cores.map((c) => c.offset)).toEqual([167, 167, 167])
  })

  it('2600 ft lot (10+00 to 36+00), number 250 -> 6 cores', () => {
    // sections 2600 / 6 = 433.33 ft; offset 0.25 x 433.33 = 108.33 -> 108 ft
    // 1000 + 108.33 = 1108.33 -> 11+08;  1000 + 433.33 + 108.33 = 1541.67 -> 15+42
    // 1000 + 866.67 + 108.33 = 1975 -> 19+75;  1000 + 1300 + 108.33 = 2408.33 -> 24+08
    // 1000 + 1733.33 + 108.33 = 2841.67 -> 28+42;  1000 + 2166.67 + 108.33 = 3275 -> 32+75
    const r = run('10+00', '36+00', '250')
    expect(r.coreCount).toBe(6)
    expect(r.sectionLength.value).toBe(433.33)
    expect(stations(r)).toEqual(['11+08', '15+42', '19+75', '24+08', '28+42', '32+75'])
    expect(r.cores.map((c) => c.textLocation)).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Section ${n} + 108 ft`))
  })

  it('smallest and largest random numbers on a 1000 ft lot', () => {
    // 1: offset 1/1000 x 500 = 0.5 -> 1 ft; 1000.5 -> 10+01, 1500.5 -> 15+01
    const low = run('10+00', '20+00', '1')
    expect(stations(low)).toEqual(['10+01', '15+01'])
    expect(low.cores[0]?.offset).toBe(1)
    // 999: offset 0.999 x 500 = 499.5 -> 500 ft; 1499.5 -> 15+00, 1999.5 -> 20+00
    const high = run('10+00', '20+00', '999')
    expect(stations(high)).toEqual(['15+00', '20+00'])
    expect(high.cores[1]?.offset).toBe(500)
  })

  it('a table number (1-50) is read as number / 1000 like any other', () => {
    // 37 -> 0.037 x 500 = 18.5 -> 19 ft; 1018.5 -> 10+19, 1518.5 -> 15+19
    expect(stations(run('10+00', '20+00', '37'))).toEqual(['10+19', '15+19'])
  })

  it('formats short stations with two-digit remainders', () => {
    // 0+00 to 0+10: sections of 5 ft, offset 0.5 x 5 = 2.5 -> 3; stations 2.5 -> 0+03, 7.5 -> 0+08
    expect(stations(run('0+00', '0+10', '500'))).toEqual(['0+03', '0+08'])
  })

  it('uses the text location in every label', () => {
    const r = run('10+00', '20+00', '250', '  Left wheel path ')
    expect(r.cores.map((c) => c.textLocation)).toEqual(['Left wheel path + 125 ft', 'Left wheel path + 125 ft'])
  })

  it('walks a descending lot from its start toward its end', () => {
    // 20+00 to 10+00: 2000 - 125 = 1875 -> 18+75; 2000 - 625 = 1375 -> 13+75
    expect(stations(run('20+00', '10+00', '250'))).toEqual(['18+75', '13+75'])
  })

  it('a zero-length lot computes but is not shown', () => {
    const outcome = calculate('random-cores', { lotStart: '10+00', lotEnd: '10+00', randomNumber: '250' })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result.lotLength.value).toBe(0)
    expect(shouldShowResult('random-cores', outcome.result)).toBe(false)
  })
})

describe('random cores: random number validation', () => {
  const lot = { lotStart: '10+00', lotEnd: '20+00' }

  it('accepts whole numbers 1 and 999', () => {
    for (const randomNumber of ['1', '999', '50', ' 25 ']) {
      const outcome = calculate('random-cores', { ...lot, randomNumber })
      expect(outcome.ok, randomNumber).toBe(true)
    }
  })

  it('refuses 0, 1000, 1.5, negatives and text with the exact alert', () => {
    expect(RANDOM_NUMBER_ALERT).toBe('SCDOT Random Number must be a whole number between 1 and 999')
    for (const randomNumber of ['0', '1000', '1.5', '-5', 'abc', '999.0001']) {
      expect(calculate('random-cores', { ...lot, randomNumber }), randomNumber).toEqual({
        ok: false,
        reason: 'invalid',
        message: 'SCDOT Random Number must be a whole number between 1 and 999',
        field: 'randomNumber',
      })
    }
  })

  it('is incomplete when the number or a station is missing; the text location is optional', () => {
    expect(calculate('random-cores', { ...lot, randomNumber: '' })).toEqual({ ok: false, reason: 'incomplete' })
    expect(calculate('random-cores', { ...lot, lotEnd: '', randomNumber: '0' })).toEqual({ ok: false, reason: 'incomplete' })
    expect(calculate('random-cores', { lotStart: '10+00', randomNumber: '250' })).toEqual({ ok: false, reason: 'incomplete' })
    expect(calculate('random-cores', { ...lot, randomNumber: '250', textLocation: '' }).ok).toBe(true)
  })
})

describe('random cores: fields', () => {
  it('labels, hint and the 1-999 number range', () => {
    expect(fields.map((f) => [f.name, f.label, f.type, f.required])).toEqual([
      ['lotStart', 'Lot Start Station', 'text', true],
      ['lotEnd', 'Lot End Station', 'text', true],
      ['randomNumber', 'SCDOT Random Number (1-50 from table)', 'number', true],
      ['textLocation', 'Text Location (optional)', 'text', false],
    ])
    expect(fields[2]).toMatchObject({ min: 1, max: 999, step: 1, inputMode: 'numeric', placeholder: '1-50' })
  })
})
