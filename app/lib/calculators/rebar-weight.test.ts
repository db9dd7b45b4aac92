import { describe, expect, it } from 'vitest'
import { calculate, shouldShowResult } from './index'
import { compute, DEFAULT_REBAR_SIZE, fields, REBAR_POUNDS_PER_FOOT, REBAR_SIZES, type RebarSize } from './rebar-weight'

describe('rebar weight table', () => {
  it('has the nine sizes with their lbs/ft', () => {
    expect(REBAR_POUNDS_PER_FOOT).toEqual({
      '#3': 0.376,
      '#4': 0.668,
      '#5': 1.043,
      '#6': 1.502,
      '#7': 2.044,
      '#8': 2.67,
      '#9': 3.4,
      '#10': 4.303,
      '#11': 5.313,
    })
    expect(REBAR_SIZES).toEqual(['#3', '#4', '#5', '#6', '#7', '#8', '#9', '#10', '#11'])
    expect(DEFAULT_REBAR_SIZE).toBe('#5')
  })
})

describe('rebar weight: every size', () => {
  // 100 ft x lbs/ft, 1 decimal
  const at100: Record<RebarSize, [number, string]> = {
    '#3': [37.6, '37.6 lbs'],
    '#4': [66.8, '66.8 lbs'],
    '#5': [104.3, '104.3 lbs'],
    '#6': [150.2, '150.2 lbs'],
    '#7': [204.4, '204.4 lbs'],
    '#8': [267, '267.0 lbs'],
    '#9': [340, '340.0 lbs'],
    '#10': [430.3, '430.3 lbs'],
    '#11': [531.3, '531.3 lbs'],
  }
  for (const size of REBAR_SIZES) {
    it(`${size} x 100 ft = ${at100[size][1]}`, () => {
      const outcome = calculate('rebar-weight', { size, length: '100' })
      expect(outcome.ok).toBe(true)
      if (!outcome.ok) return
      expect(outcome.result.size).toBe(size)
      expect(outcome.result.weight.value).toBe(at100[size][0])
      expect(outcome.result.weight.text).toBe(at100[size][1])
      expect(outcome.result.poundsPerFoot.value).toBe(REBAR_POUNDS_PER_FOOT[size])
      expect(shouldShowResult('rebar-weight', outcome.result)).toBe(true)
    })
  }

  it('12.5 ft of each size rounds to 1 decimal, halves up', () => {
    // 0.376x12.5=4.7; 0.668x12.5=8.35->8.4; 1.043x12.5=13.0375->13.0; 1.502x12.5=18.775->18.8;
    // 2.044x12.5=25.55->25.6; 2.67x12.5=33.375->33.4; 3.4x12.5=42.5; 4.303x12.5=53.7875->53.8;
    // 5.313x12.5=66.4125->66.4
    expect(REBAR_SIZES.map((size) => compute({ size, length: 12.5 }).weight.value)).toEqual([
      4.7, 8.4, 13, 18.8, 25.6, 33.4, 42.5, 53.8, 66.4,
    ])
  })

  it('#9 x 3.25 ft = 11.05 exactly -> 11.1 (binary product is 11.049999999999999)', () => {
    expect(compute({ size: '#9', length: 3.25 }).weight.value).toBe(11.1)
  })
})

describe('rebar weight: size handling and bad inputs', () => {
  it('defaults a missing or blank size to #5', () => {
    for (const raw of [{ length: '100' }, { size: '', length: '100' }]) {
      const outcome = calculate('rebar-weight', raw)
      expect(outcome.ok && outcome.result.size).toBe('#5')
      expect(outcome.ok && outcome.result.weight.value).toBe(104.3)
    }
  })

  it('accepts 5 and "# 5" as #5', () => {
    expect(calculate('rebar-weight', { size: '5', length: '100' })).toEqual(calculate('rebar-weight', { size: '#5', length: '100' }))
    expect(calculate('rebar-weight', { size: ' # 5 ', length: '100' })).toEqual(calculate('rebar-weight', { size: '#5', length: '100' }))
  })

  it('refuses an unknown size with a clear message', () => {
    for (const size of ['#2', '#12', '#14', 'No. 5', 'big']) {
      expect(calculate('rebar-weight', { size, length: '100' }), size).toEqual({
        ok: false,
        reason: 'invalid',
        message: `Unknown rebar size "${size}": choose a size from #3 to #11`,
        field: 'size',
      })
    }
  })

  it('empty length is incomplete; zero length is not shown; negative is refused', () => {
    expect(calculate('rebar-weight', { size: '#5', length: '' })).toEqual({ ok: false, reason: 'incomplete' })
    expect(calculate('rebar-weight', { size: '#5' })).toEqual({ ok: false, reason: 'incomplete' })
    const zero = calculate('rebar-weight', { size: '#5', length: '0' })
    expect(zero.ok).toBe(true)
    if (zero.ok) expect(shouldShowResult('rebar-weight', zero.result)).toBe(false)
    expect(calculate('rebar-weight', { size: '#5', length: '-10' })).toMatchObject({
      reason: 'invalid',
      message: 'Total Length (ft) cannot be negative',
    })
  })

  it('fields: a size select defaulting to #5 and a length in feet', () => {
    const [size, length] = fields
    expect(size).toMatchObject({ name: 'size', type: 'select', defaultValue: '#5' })
    expect(size?.options?.map((o) => o.value)).toEqual(REBAR_SIZES)
    expect(size?.options?.[2]?.label).toBe('#5 (1.043 lbs/ft)')
    expect(length).toMatchObject({ name: 'length', label: 'Total Length (ft)', type: 'number' })
  })
})
