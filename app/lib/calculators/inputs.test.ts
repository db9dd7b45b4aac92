import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { isIncompleteIssue, numberInput, optionalTextInput, parseNumberText, selectInput, stationInput } from './inputs'

describe('parseNumberText', () => {
  it('accepts what a number input can hold, ignoring surrounding blanks', () => {
    expect(parseNumberText('12')).toBe(12)
    expect(parseNumberText(' 12.5 ')).toBe(12.5)
    expect(parseNumberText('-3.25')).toBe(-3.25)
    expect(parseNumberText('+4')).toBe(4)
    expect(parseNumberText('.5')).toBe(0.5)
    expect(parseNumberText('5.')).toBe(5)
    expect(parseNumberText('1e3')).toBe(1000)
    expect(parseNumberText('007')).toBe(7)
  })

  it('refuses everything else', () => {
    for (const text of ['', ' ', 'abc', '12abc', '1,250', '0x10', 'Infinity', 'NaN', '1e999', '--1', '1.2.3', '12 ft']) {
      expect(parseNumberText(text), text).toBeNull()
    }
  })
})

describe('numberInput', () => {
  const schema = z.object({ width: numberInput('Width (ft)', { nonNegative: true }) })
  const zeroSchema = z.object({ depth: numberInput('Depth (ft)', { zeroIsIncomplete: true }) })

  it('parses to a number and normalises -0', () => {
    expect(schema.parse({ width: '12.5' })).toEqual({ width: 12.5 })
    expect(Object.is(z.object({ v: numberInput('V') }).parse({ v: '-0' }).v, 0)).toBe(true)
  })

  it('tags a missing or blank value as incomplete', () => {
    for (const raw of [{}, { width: '' }, { width: '   ' }]) {
      const result = schema.safeParse(raw)
      expect(result.success).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Width (ft) is required')
      expect(result.error?.issues.every(isIncompleteIssue)).toBe(true)
    }
  })

  it('gives inspector-facing messages for bad values', () => {
    const notNumber = schema.safeParse({ width: 'twelve' })
    expect(notNumber.error?.issues[0]?.message).toBe('Width (ft) must be a number')
    expect(notNumber.error?.issues.some(isIncompleteIssue)).toBe(false)
    expect(schema.safeParse({ width: '-1' }).error?.issues[0]?.message).toBe('Width (ft) cannot be negative')
    expect(schema.parse({ width: '0' })).toEqual({ width: 0 })
  })

  it('treats zero as incomplete when asked', () => {
    for (const raw of ['0', '0.0', '-0']) {
      const result = zeroSchema.safeParse({ depth: raw })
      expect(result.error?.issues.every(isIncompleteIssue), raw).toBe(true)
    }
  })
})

describe('stationInput, optionalTextInput, selectInput', () => {
  const schema = z.object({
    start: stationInput('Start Station'),
    note: optionalTextInput(5),
    pick: selectInput(['a', 'b'] as const, 'a', (raw) => `Unknown "${raw}"`),
  })

  it('parses stations, trims and caps text, and defaults a blank select', () => {
    expect(schema.parse({ start: '23+50', note: '  abcdefg ' })).toEqual({ start: 2350, note: 'abcde', pick: 'a' })
    expect(schema.parse({ start: '1', pick: ' b ' })).toEqual({ start: 1, note: '', pick: 'b' })
  })

  it('reports a station without digits as invalid and an empty one as incomplete', () => {
    expect(schema.safeParse({ start: 'STA' }).error?.issues[0]?.message).toBe(
      'Start Station must be a station in whole feet, such as 23+50',
    )
    expect(schema.safeParse({ start: '' }).error?.issues.every(isIncompleteIssue)).toBe(true)
  })

  it('refuses an unknown select value', () => {
    expect(schema.safeParse({ start: '1', pick: 'c' }).error?.issues[0]?.message).toBe('Unknown "c"')
  })
})
