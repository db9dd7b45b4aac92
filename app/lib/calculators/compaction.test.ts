import { describe, expect, it } from 'vitest'
import { BELOW_STANDARD, compute, fields, MEETS_STANDARD } from './compaction'
import { calculate, shouldShowResult } from './index'

const pct = (fieldDensity: number, maxDensity: number) => compute({ fieldDensity, maxDensity })

describe('compaction percentage', () => {
  it('worked example that meets: 118.4 / 122.0', () => {
    // 118.4 / 122 x 100 = 97.0491... -> 97.0%
    const outcome = calculate('compaction-percentage', { fieldDensity: '118.4', maxDensity: '122.0' })
    expect(outcome.ok).toBe(true)
    if (!outcome.ok) return
    expect(outcome.result.percent).toMatchObject({ value: 97, unit: '%', text: '97.0%' })
    expect(outcome.result.meetsStandard).toBe(true)
    expect(outcome.result.status).toBe('Meets standard (>=95%)')
    expect(shouldShowResult('compaction-percentage', outcome.result)).toBe(true)
  })

  it('worked example below standard: 115 / 122', () => {
    // 115 / 122 x 100 = 94.2622... -> 94.3%
    const r = pct(115, 122)
    expect(r.percent.value).toBe(94.3)
    expect(r.meetsStandard).toBe(false)
    expect(r.status).toBe('Below standard (>=95%)')
  })

  it('95% boundary, judged on the displayed 1-decimal value', () => {
    expect(MEETS_STANDARD).toBe('Meets standard (>=95%)')
    expect(BELOW_STANDARD).toBe('Below standard (>=95%)')
    expect(pct(95, 100)).toEqual(expect.objectContaining({ meetsStandard: true, status: MEETS_STANDARD }))
    // 94.95 -> displays 95.0 -> meets; 94.94 -> 94.9 -> below
    expect(pct(94.95, 100).percent.value).toBe(95)
    expect(pct(94.95, 100).meetsStandard).toBe(true)
    expect(pct(94.94, 100).percent.value).toBe(94.9)
    expect(pct(94.94, 100).meetsStandard).toBe(false)
    // 115.9 / 122 = 0.95 exactly -> 95.0 meets
    expect(pct(115.9, 122).percent.value).toBe(95)
    expect(pct(115.9, 122).meetsStandard).toBe(true)
  })

  it('over 100% is reported as is', () => {
    // 125 / 122 = 102.459 -> 102.5%
    expect(pct(125, 122).percent.text).toBe('102.5%')
  })

  it('zero densities compute but are not shown; maximum 0 never divides by zero', () => {
    for (const raw of [
      { fieldDensity: '0', maxDensity: '122' },
      { fieldDensity: '118.4', maxDensity: '0' },
    ]) {
      const outcome = calculate('compaction-percentage', raw)
      expect(outcome.ok).toBe(true)
      if (!outcome.ok) continue
      expect(outcome.result.percent.value).toBe(0)
      expect(shouldShowResult('compaction-percentage', outcome.result)).toBe(false)
    }
  })

  it('empty is incomplete, negative and text are invalid', () => {
    expect(calculate('compaction-percentage', { fieldDensity: '118.4', maxDensity: '' })).toEqual({
      ok: false,
      reason: 'incomplete',
    })
    expect(calculate('compaction-percentage', { maxDensity: '122' })).toEqual({ ok: false, reason: 'incomplete' })
    expect(calculate('compaction-percentage', { fieldDensity: '-1', maxDensity: '122' })).toMatchObject({
      reason: 'invalid',
      message: 'Field Density (pcf) cannot be negative',
    })
    expect(calculate('compaction-percentage', { fieldDensity: '118.4', maxDensity: 'high' })).toMatchObject({
      reason: 'invalid',
      message: 'Maximum Density (pcf) must be a number',
    })
  })

  it('fields', () => {
    expect(fields.map((f) => [f.name, f.label, f.unit])).toEqual([
      ['fieldDensity', 'Field Density (pcf)', 'pcf'],
      ['maxDensity', 'Maximum Density (pcf)', 'pcf'],
    ])
  })
})
