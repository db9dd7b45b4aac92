import { describe, expect, it } from 'vitest'
import { clockParts, formatClock, formatShortDate, SC_TIME_ZONE } from './clock'

describe('clock', () => {
  it('reads the hour and minute in South Carolina time, across daylight saving', () => {
    // 13:05 UTC is 08:05 EST in January and 09:05 EDT in July.
    expect(clockParts(new Date('2026-01-15T13:05:00Z'), SC_TIME_ZONE)).toEqual({ hour: 8, minute: 5 })
    expect(clockParts(new Date('2026-07-15T13:05:00Z'), SC_TIME_ZONE)).toEqual({ hour: 9, minute: 5 })
    // Midnight is hour 0, never 24.
    expect(clockParts(new Date('2026-01-15T05:00:00Z'), SC_TIME_ZONE)).toEqual({ hour: 0, minute: 0 })
    expect(clockParts(new Date('2026-01-15T04:59:00Z'), SC_TIME_ZONE)).toEqual({ hour: 23, minute: 59 })
  })

  it('uses the runtime zone without a zone', () => {
    const date = new Date(2026, 0, 15, 21, 7)
    expect(clockParts(date)).toEqual({ hour: 21, minute: 7 })
  })

  it('formats hh:mm with AM/PM and short dates in South Carolina time', () => {
    expect(formatClock(new Date('2026-01-15T13:05:00Z'), SC_TIME_ZONE)).toBe('08:05 AM')
    expect(formatClock(new Date('2026-01-15T22:30:00Z'), SC_TIME_ZONE)).toBe('05:30 PM')
    // 02:00 UTC on the 6th is still the evening of the 5th in South Carolina.
    expect(formatShortDate('2026-01-06T02:00:00Z')).toBe('Jan 5, 2026')
  })
})
