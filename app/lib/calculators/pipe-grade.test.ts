import { describe, expect, it } from 'vitest'
import { calculate, shouldShowResult } from './index'
import { compute, fields } from './pipe-grade'

const raw = { startElevation: '100.50', endElevation: '98.25', length: '150' }

describe('pipe grade', () => {
  it('worked example: 100.50 to 98.25 over 150 ft', () => {
    // fall 100.50 - 98.25 = 2.25 ft; 2.25 / 150 x 100 = 1.5 -> 1.50%
    const outcome = calculate('pipe-grade', raw)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result.grade).toMatchObject({ value: 1.5, unit: '%', text: '1.50%' })
    expect(outcome.result.fall).toMatchObject({ value: 2.25, unit: 'ft', text: '2.25 ft' })
    expect(shouldShowResult('pipe-grade', outcome.result)).toBe(true)
  })

  it('worked example: 245.37 to 244.12 over 96 ft', () => {
    // fall 1.25 ft; 1.25 / 96 x 100 = 1.30208... -> 1.30%
    const r = compute({ startElevation: 245.37, endElevation: 244.12, length: 96 })
    expect(r.fall.value).toBe(1.25)
    expect(r.grade.value).toBe(1.3)
  })

  it('an adverse (uphill) grade is negative and still shown', () => {
    // 98 - 100 = -2 ft over 200 ft = -1.00%
    const r = compute({ startElevation: 98, endElevation: 100, length: 200 })
    expect(r.grade.text).toBe('-1.00%')
    expect(r.fall.text).toBe('-2.00 ft')
    expect(shouldShowResult('pipe-grade', r)).toBe(true)
  })

  it('works with zero and negative elevations', () => {
    // -2.5 - (-3.75) = 1.25 ft over 50 ft = 2.50%
    expect(compute({ startElevation: -2.5, endElevation: -3.75, length: 50 }).grade.value).toBe(2.5)
    const outcome = calculate('pipe-grade', { startElevation: '0', endElevation: '-1', length: '100' })
    expect(outcome.ok && outcome.result.grade.value).toBe(1)
  })

  it('flat pipe, zero length and grades that round to 0.00 are not shown', () => {
    const flat = compute({ startElevation: 100, endElevation: 100, length: 150 })
    expect(shouldShowResult('pipe-grade', flat)).toBe(false)
    const noLength = compute({ startElevation: 100, endElevation: 99, length: 0 })
    expect(noLength.grade.value).toBe(0) // never Infinity
    expect(noLength.fall.value).toBe(1)
    expect(shouldShowResult('pipe-grade', noLength)).toBe(false)
    // 0.001 / 100 x 100 = 0.001% -> 0.00
    expect(shouldShowResult('pipe-grade', compute({ startElevation: 100.001, endElevation: 100, length: 100 }))).toBe(false)
  })

  it('empty is incomplete, negative length and text are invalid', () => {
    for (const name of Object.keys(raw)) {
      expect(calculate('pipe-grade', { ...raw, [name]: '' }), name).toEqual({ ok: false, reason: 'incomplete' })
    }
    expect(calculate('pipe-grade', { ...raw, length: '-150' })).toMatchObject({
      reason: 'invalid',
      message: 'Pipe Length (ft) cannot be negative',
    })
    expect(calculate('pipe-grade', { ...raw, endElevation: 'EL 98' })).toMatchObject({
      reason: 'invalid',
      message: 'End Invert Elevation (ft) must be a number',
    })
  })

  it('fields', () => {
    expect(fields.map((f) => f.label)).toEqual([
      'Start Invert Elevation (ft)',
      'End Invert Elevation (ft)',
      'Pipe Length (ft)',
    ])
    expect(fields[0]?.min).toBeUndefined() // elevations may be negative
  })
})
