import { describe, expect, it } from 'vitest'
import { formatIsoDate } from './format'

describe('formatIsoDate', () => {
  it('writes an ISO date in words without a time zone shift', () => {
    expect(formatIsoDate('2026-11-21')).toBe('November 21, 2026')
    expect(formatIsoDate('2025-01-01')).toBe('January 1, 2025')
  })

  it('returns anything else unchanged', () => {
    expect(formatIsoDate('2026-13-01')).toBe('2026-13-01')
    expect(formatIsoDate('soon')).toBe('soon')
  })
})
