import { describe, expect, it } from 'vitest'
import { formatStation, parseStation } from './stations'

describe('parseStation', () => {
  it('reads hundreds + feet', () => {
    expect(parseStation('23+50')).toBe(2350)
    expect(parseStation('0+00')).toBe(0)
    expect(parseStation('0+05')).toBe(5)
    expect(parseStation('100+00')).toBe(10000)
  })

  it('adds the after-plus part as a number, not as two digits', () => {
    expect(parseStation('12+3')).toBe(1203)
    expect(parseStation('12+03')).toBe(1203)
    expect(parseStation('23+500')).toBe(2800) // literal spec: 2300 + 500
  })

  it('keeps only digits and plus: spaces and letters are dropped', () => {
    expect(parseStation(' STA 1 2+5 0 ')).toBe(1250)
    expect(parseStation('Sta. 23+50')).toBe(2350)
    expect(parseStation('23 + 50 LT')).toBe(2350)
    expect(parseStation('-23+50')).toBe(2350)
  })

  it('reads a number without a plus as plain feet', () => {
    expect(parseStation('1500')).toBe(1500)
    expect(parseStation('  42 ft')).toBe(42)
    expect(parseStation('0')).toBe(0)
  })

  it('counts a missing side of the plus as zero', () => {
    expect(parseStation('1+')).toBe(100)
    expect(parseStation('+50')).toBe(50)
  })

  it('returns null for empty text or text without digits', () => {
    expect(parseStation('')).toBeNull()
    expect(parseStation('   ')).toBeNull()
    expect(parseStation('STA')).toBeNull()
    expect(parseStation('+')).toBeNull()
  })

  it('returns null for several pluses or a decimal point between digits', () => {
    expect(parseStation('1+2+3')).toBeNull()
    expect(parseStation('23+50.5')).toBeNull() // not silently 23+505
    expect(parseStation('1500.25')).toBeNull()
  })
})

describe('formatStation', () => {
  it('formats hundreds and a two-digit remainder', () => {
    expect(formatStation(2350)).toBe('23+50')
    expect(formatStation(1205)).toBe('12+05')
    expect(formatStation(5)).toBe('0+05')
    expect(formatStation(0)).toBe('0+00')
    expect(formatStation(100)).toBe('1+00')
    expect(formatStation(99)).toBe('0+99')
    expect(formatStation(123456)).toBe('1234+56')
  })

  it('rounds to the whole foot first (halves up)', () => {
    expect(formatStation(1234.5)).toBe('12+35')
    expect(formatStation(1234.49)).toBe('12+34')
    expect(formatStation(1299.5)).toBe('13+00')
  })

  it('round-trips with parseStation', () => {
    for (const feet of [0, 5, 99, 100, 1203, 2350, 99999]) {
      expect(parseStation(formatStation(feet))).toBe(feet)
    }
  })

  it('prefixes negatives and refuses non-finite feet', () => {
    expect(formatStation(-205)).toBe('-2+05')
    expect(() => formatStation(Number.NaN)).toThrow(RangeError)
    expect(() => formatStation(Number.POSITIVE_INFINITY)).toThrow(RangeError)
  })
})
