import { describe, expect, it } from 'vitest'
import { cleanOcrText, readField, toIsoDate, toNumberText, valueConfidence } from './fields'
import { LOW_WORD_CONFIDENCE } from './settings'

describe('cleanOcrText (§9 clean-up)', () => {
  it('keeps letters, digits, spaces, hyphen, slash and period', () => {
    expect(cleanOcrText('US-378 / MP 4.2')).toBe('US-378 / MP 4.2')
  })
  it('strips every other character', () => {
    expect(cleanOcrText('ABC Paving, Inc. (#12)* 285°F & 50%')).toBe('ABC Paving Inc. 12 285F 50')
  })
  it('keeps the plus of a station, and strips any other plus', () => {
    expect(cleanOcrText('Sta 12+50')).toBe('Sta 12+50')
    expect(cleanOcrText('STA 105+00.25 to 110+00')).toBe('STA 105+00.25 to 110+00')
    expect(cleanOcrText('+ 3 + 4 a+b 12+5 12+500')).toBe('3 4 ab 125 12500')
    expect(cleanOcrText('STA 23 + 50')).toBe('STA 23+50')
  })
  it('collapses white space and trims', () => {
    expect(cleanOcrText('  a\t\tb   c  ')).toBe('a b c')
  })
})

describe('toIsoDate', () => {
  it.each([
    ['2026-11-20', '2026-11-20'],
    ['2026/11/20', '2026-11-20'],
    ['11/20/2026', '2026-11-20'],
    ['11-20-26', '2026-11-20'],
    ['1.5.2026', '2026-01-05'],
    ['November 20, 2026', '2026-11-20'],
    ['Nov 20th 2026', '2026-11-20'],
    ['20 November 2026', '2026-11-20'],
    ['Sept. 3 2026', '2026-09-03'],
  ])('%s -> %s', (text, iso) => {
    expect(toIsoDate(text)).toBe(iso)
  })
  it('gives null for an impossible or unreadable date', () => {
    expect(toIsoDate('2026-02-30')).toBeNull()
    expect(toIsoDate('13/45/2026')).toBeNull()
    expect(toIsoDate('next Tuesday')).toBeNull()
  })
})

describe('toNumberText', () => {
  it('keeps the first number', () => {
    expect(toNumberText('412.5 tons')).toBe('412.5')
    expect(toNumberText('285 F')).toBe('285')
  })
  it('drops thousands separators and reads a leading decimal point', () => {
    expect(toNumberText('1,250 tons')).toBe('1250')
    expect(toNumberText('.5 in')).toBe('0.5')
  })
  it('reads O and l inside a run of digits as 0 and 1', () => {
    expect(toNumberText('2O5')).toBe('205')
    expect(toNumberText('l2')).toBe('12')
  })
  it('gives null when there is no number', () => {
    expect(toNumberText('sunny')).toBeNull()
    expect(toNumberText('Old')).toBeNull()
  })
})

describe('readField: the value', () => {
  it('converts per field type and refuses what cannot be read', () => {
    expect(readField({ type: 'text' }, ' ABC Paving! ', null).value).toBe('ABC Paving')
    expect(readField({ type: 'number' }, 'about 7 inches', null).value).toBe('7')
    expect(readField({ type: 'number' }, 'none', null).value).toBeNull()
    expect(readField({ type: 'date' }, 'Nov 20, 2026', null).value).toBe('2026-11-20')
    expect(readField({ type: 'date' }, 'soon', null).value).toBeNull()
    expect(readField({ type: 'text' }, '***', null).value).toBeNull()
  })
  it('puts a station field in the calculators’ normal form', () => {
    expect(readField({ type: 'text', format: 'station' }, 'STA 023 + 50', null).value).toBe('STA 23+50')
    expect(readField({ type: 'text' }, '23450', null).value).toBe('23450')
  })
})

describe('readField: the field-shape checks (issue 15)', () => {
  const station = { type: 'text', format: 'station' } as const

  it('does not flag a value of the right shape read with confidence', () => {
    expect(readField(station, '23+50', 95)).toEqual({ value: '23+50', review: null })
    expect(readField({ type: 'number' }, '412.5', LOW_WORD_CONFIDENCE)).toEqual({ value: '412.5', review: null })
    expect(readField({ type: 'date' }, '11/20/2026', null)).toEqual({ value: '2026-11-20', review: null })
  })

  it("flags a station's '+' read as a 4 and fills in the station", () => {
    const { value, review } = readField(station, '23450', 96)
    expect(value).toBe('23+50')
    expect(review).toMatchObject({ read: '23450', reasons: ['plus-read-as-4'], confidence: 96 })
  })

  it('flags a value below the confidence threshold, whatever its shape', () => {
    expect(readField({ type: 'text' }, 'ABC Paving', LOW_WORD_CONFIDENCE - 1).review!.reasons).toEqual(['low-confidence'])
    expect(readField(station, '23+50', 10).review!.reasons).toEqual(['low-confidence'])
  })

  it('flags numbers and dates that cannot be read, and letters taken for digits', () => {
    expect(readField({ type: 'number' }, 'hot', null)).toMatchObject({ value: null, review: { reasons: ['unreadable-number'] } })
    expect(readField({ type: 'date' }, 'soon', null)).toMatchObject({ value: null, review: { reasons: ['unreadable-date'] } })
    expect(readField({ type: 'number' }, '2O5', null)).toMatchObject({ value: '205', review: { reasons: ['letters-as-digits'] } })
  })

  it('says in words what was read and what to do', () => {
    expect(readField(station, '2350', null).review!.message).toBe(
      "'2350' is not written as a station (like 23+50). Check it against the form, then confirm or correct it.",
    )
  })
})

describe('valueConfidence', () => {
  it('takes a value’s confidence from its own words, not the label’s', () => {
    expect(valueConfidence({ text: 'Location/Station: 23450', words: [{ text: 'Location/Station:', confidence: 20 }, { text: '23450', confidence: 90 }] }, ' 23450')).toBe(90)
    expect(valueConfidence({ text: 'a b', words: [] }, 'b')).toBeNull()
  })

})
