import { describe, expect, it } from 'vitest'
import { compute, fields, schema } from './concrete-volume'
import { calculate, shouldShowResult } from './index'

const raw = { length: '20', width: '12', depth: '0.5' }

describe('concrete volume', () => {
  it('worked example: 20 x 12 x 0.5 ft', () => {
    // 20 x 12 x 0.5 = 120 cu ft / 27 = 4.444... -> 4.44 CY
    const outcome = calculate('concrete-volume', raw)
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result.cubicYards).toMatchObject({ value: 4.44, unit: 'CY', text: '4.44 CY' })
    expect(shouldShowResult('concrete-volume', outcome.result)).toBe(true)
  })

  it('worked example: 100 x 12 x 0.67 ft (8 in slab)', () => {
    // 100 x 12 x 0.67 = 804 cu ft / 27 = 29.777... -> 29.78 CY
    expect(compute({ length: 100, width: 12, depth: 0.67 }).cubicYards.value).toBe(29.78)
  })

  it('rounds an exact half up: 27.135 x 1 x 1 / 27 = 1.005 -> 1.01', () => {
    expect(compute({ length: 27.135, width: 1, depth: 1 }).cubicYards.value).toBe(1.01)
  })

  it('large pours get grouped text: 1000 x 100 x 1 = 100000 / 27 = 3703.70 CY', () => {
    expect(compute({ length: 1000, width: 100, depth: 1 }).cubicYards.text).toBe('3,703.70 CY')
  })

  it('zero or empty dimensions are incomplete (spec: nonzero)', () => {
    for (const name of Object.keys(raw)) {
      for (const value of ['', '0', '0.00']) {
        expect(calculate('concrete-volume', { ...raw, [name]: value }), `${name}=${value}`).toEqual({
          ok: false,
          reason: 'incomplete',
        })
      }
    }
    expect(calculate('concrete-volume', {})).toEqual({ ok: false, reason: 'incomplete' })
  })

  it('refuses negative and non-numeric dimensions', () => {
    expect(calculate('concrete-volume', { ...raw, depth: '-0.5' })).toMatchObject({
      reason: 'invalid',
      message: 'Depth (ft) cannot be negative',
      field: 'depth',
    })
    expect(calculate('concrete-volume', { ...raw, length: '20 ft' })).toMatchObject({
      reason: 'invalid',
      message: 'Length (ft) must be a number',
    })
  })

  it('a tiny pour that rounds to 0.00 CY is not shown', () => {
    // 0.1 x 0.1 x 0.1 = 0.001 / 27 = 0.000037 -> 0.00
    const r = compute(schema.parse({ length: '0.1', width: '0.1', depth: '0.1' }))
    expect(r.cubicYards.value).toBe(0)
    expect(shouldShowResult('concrete-volume', r)).toBe(false)
  })

  it('fields are in feet, depth says so', () => {
    expect(fields.map((f) => f.label)).toEqual(['Length (ft)', 'Width (ft)', 'Depth (ft)'])
    expect(fields[2]?.hint).toContain('8 in = 0.67 ft')
  })
})
