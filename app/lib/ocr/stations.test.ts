import { describe, expect, it } from 'vitest'
import { formatStation, parseStation } from '../calculators/stations'
import { readStationField, stationFromPlusReadAsFour, stationOf } from './stations'

describe('stations read by OCR, with the calculators’ rules', () => {
  it('puts a station in the calculators’ normal form', () => {
    expect(stationOf('23', '50')).toBe('23+50')
    expect(stationOf('023', '50')).toBe('23+50')
    expect(stationOf('0', '05')).toBe('0+05')
    expect(stationOf('23', '5')).toBeNull()
    // The same as the calculators' round trip.
    expect(stationOf('105', '00')).toBe(formatStation(parseStation('105+00')!))
  })

  it("takes a '+' read as a 4 back only where it fits", () => {
    expect(stationFromPlusReadAsFour('23450')).toBe('23+50')
    expect(stationFromPlusReadAsFour('105400')).toBe('105+00')
    expect(stationFromPlusReadAsFour('1450')).toBeNull()
    expect(stationFromPlusReadAsFour('23350')).toBeNull()
    expect(stationFromPlusReadAsFour('12345678')).toBeNull()
  })

  it.each([
    ['23+50', '23+50', null],
    ['STA 23 + 50', 'STA 23+50', null],
    ['Sta. 023+50 LT', 'Sta. 23+50 LT', null],
    ['105+00.25', '105+00.25', null],
    ['US 378 MP 4.2', 'US 378 MP 4.2', null],
    ['Bent 3 cap', 'Bent 3 cap', null],
    ['23450', '23+50', 'plus-read-as-4'],
    ['STA 23450', 'STA 23+50', 'plus-read-as-4'],
    ['2350', '2350', 'not-a-station'],
    ['23+500', '23+500', 'not-a-station'],
    ['23+5', '23+05', 'short-after-plus'],
  ])('%j -> %j (%s)', (read, value, issue) => {
    expect(readStationField(read)).toEqual({ value, issue })
  })
})
