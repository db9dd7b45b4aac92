import { describe, expect, it } from 'vitest'
import { dateRangeSchema, describeRange, parseDateRange } from './date-range'

const iso = (d: Date) => d.toISOString()

describe('parseDateRange', () => {
  it("reads '2024-2025' as two whole years, compared with the two before", () => {
    const parsed = parseDateRange('2024-2025')
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(parsed.range.label).toBe('2024-2025')
    expect(iso(parsed.range.start)).toBe('2024-01-01T00:00:00.000Z')
    expect(iso(parsed.range.end)).toBe('2026-01-01T00:00:00.000Z')
    expect(parsed.range.previous).toEqual({ label: '2022-2023', start: new Date('2022-01-01T00:00:00Z'), end: new Date('2024-01-01T00:00:00Z') })
  })

  it('reads a single year and spaced or worded pairs', () => {
    const one = parseDateRange('2025')
    expect(one.ok && one.range.previous.label).toBe('2024')
    const spaced = parseDateRange(' 2023 to 2024 ')
    expect(spaced.ok && spaced.range.label).toBe('2023-2024')
  })

  it('counts a preset back from now, the previous period of equal length before it', () => {
    const now = new Date('2026-03-31T12:00:00Z')
    const parsed = parseDateRange('last-30-days', now)
    expect(parsed.ok).toBe(true)
    if (!parsed.ok) return
    expect(iso(parsed.range.end)).toBe('2026-03-31T12:00:00.000Z')
    expect(iso(parsed.range.start)).toBe('2026-03-01T12:00:00.000Z')
    expect(iso(parsed.range.previous.start)).toBe('2026-01-30T12:00:00.000Z')
    expect(parsed.range.previous.end).toEqual(parsed.range.start)
    expect(parsed.range.previous.label).toBe('2026-01-30 to 2026-03-01')
  })

  it('refuses backwards, out-of-range, too long and unknown ranges', () => {
    expect(parseDateRange('2025-2024')).toMatchObject({ ok: false, message: 'The date range must start before it ends.' })
    expect(parseDateRange('1990-1991').ok).toBe(false)
    expect(parseDateRange('2000-2020').ok).toBe(false)
    expect(parseDateRange('yesterday').ok).toBe(false)
    expect(parseDateRange('').ok).toBe(false)
    expect(dateRangeSchema.safeParse('last-90-days').success).toBe(true)
    expect(dateRangeSchema.safeParse('2024-20255').success).toBe(false)
  })

  it('describes a range for a sentence', () => {
    expect(describeRange('2024-2025')).toBe('in 2024-2025')
    expect(describeRange('last-30-days')).toBe('in the last 30 days')
  })
})
