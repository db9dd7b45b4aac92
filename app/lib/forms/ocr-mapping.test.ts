import { describe, expect, it } from 'vitest'
import { cleanOcrText, fieldValue, isFormHeading, labelWords, mapOcrText, mergeOcrData, ocrLines, toIsoDate, toNumberText } from './ocr-mapping'
import { findFormTemplate } from './templates'

const hma = findFormTemplate('400.04')!
const daily = findFormTemplate('100.10')!
const concrete = findFormTemplate('300.02')!

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

describe('labelWords and fieldValue', () => {
  it('drops units in brackets and splits on slashes', () => {
    expect(labelWords('Mat Temperature (°F)')).toEqual(['mat', 'temperature'])
    expect(labelWords('Location/Station')).toEqual(['location', 'station'])
  })
  it('converts per field type and refuses what cannot be read', () => {
    expect(fieldValue({ type: 'text' }, ' ABC Paving! ')).toBe('ABC Paving')
    expect(fieldValue({ type: 'number' }, 'about 7 inches')).toBe('7')
    expect(fieldValue({ type: 'number' }, 'none')).toBeNull()
    expect(fieldValue({ type: 'date' }, 'Nov 20, 2026')).toBe('2026-11-20')
    expect(fieldValue({ type: 'date' }, 'soon')).toBeNull()
    expect(fieldValue({ type: 'text' }, '***')).toBeNull()
  })
})

describe('mapOcrText: label mode', () => {
  const printed = [
    'SCDOT Form 400.04',
    'Hot Mix Asphalt Construction Daily Report',
    'Date: 2026-11-20',
    'Project Number: 12-345',
    'Contractor: ABC Paving, Inc.',
    'Location/Station: US-378 MP 4.2',
    'Mix Type: Surface Type B',
    'Tonnage Placed: 412.5 tons',
    'Mat Temperature (°F): 285',
    'Weather: Sunny',
  ].join('\n')

  it('maps labelled lines and removes the label part', () => {
    const { data, mode } = mapOcrText(hma, printed)
    expect(mode).toBe('label')
    expect(data).toEqual({
      date: '2026-11-20',
      projectNumber: '12-345',
      contractor: 'ABC Paving Inc.',
      location: 'US-378 MP 4.2',
      mixType: 'Surface Type B',
      tonnage: '412.5',
      matTemperature: '285',
      weather: 'Sunny',
    })
  })

  it('ignores the title lines instead of mapping them by position', () => {
    const { data } = mapOcrText(hma, printed)
    expect(Object.values(data)).not.toContain('SCDOT Form 400.04')
    expect(data.compactionMethod).toBeUndefined()
  })

  it('matches a line in any order', () => {
    const { data } = mapOcrText(hma, 'Weather: Rain\nDate: 11/20/2026')
    expect(data).toEqual({ weather: 'Rain', date: '2026-11-20' })
  })

  it('falls back to the first word of the label before a colon', () => {
    const { data } = mapOcrText(hma, 'Project No: 77-001\nCompaction: vibratory roller')
    expect(data.projectNumber).toBe('77-001')
    expect(data.compactionMethod).toBe('vibratory roller')
  })

  it('accepts abbreviated label words and a line without a colon', () => {
    const { data } = mapOcrText(hma, 'Date: 2026-11-20\nMat Temp 290 F\nTonnage Placed 300')
    expect(data.matTemperature).toBe('290')
    expect(data.tonnage).toBe('300')
  })

  it('gives a whole-label line priority over a first-word line', () => {
    const { data } = mapOcrText(daily, 'Contractor: wrong one\nContractor Name: Palmetto Paving')
    expect(data.contractorName).toBe('Palmetto Paving')
  })

  it('keeps a labelled value that contains the form number', () => {
    expect(mapOcrText(hma, 'Project Number: 400.04-7').data).toEqual({ projectNumber: '400.04-7' })
  })

  it('uses each line for one field at most', () => {
    const { data } = mapOcrText(concrete, 'Project Number: 5\nVolume (CY): 12')
    expect(data).toEqual({ projectNumber: '5', volume: '12' })
  })

  it('skips a number field whose line has no number', () => {
    const { data } = mapOcrText(concrete, 'Concrete Pour Inspection Form\nDate: 2026-11-20\nSlump (inches): 4\nConcrete Temperature: n/a')
    expect(data.concreteTemperature).toBeUndefined()
    expect(data.slump).toBe('4')
  })
})

describe('mapOcrText: position mode', () => {
  it('maps the n-th line to the n-th field when no line has a label', () => {
    const { data, mode } = mapOcrText(hma, '11/20/2026\n12-345\nABC Paving\n\nUS 378\nType B')
    expect(mode).toBe('position')
    expect(data).toEqual({ date: '2026-11-20', projectNumber: '12-345', contractor: 'ABC Paving', location: 'US 378', mixType: 'Type B' })
  })
  it('leaves a field alone when its line cannot be read as its type', () => {
    const { data } = mapOcrText(hma, 'not a date\n12-345')
    expect(data).toEqual({ projectNumber: '12-345' })
  })
  it('skips the form heading, even wrapped over two lines, before counting positions', () => {
    const text = 'SCDOT Form 400.04 Hot Mix Asphalt\nConstruction Daily Report\n11/20/2026\n12-345'
    expect(mapOcrText(hma, text).data).toEqual({ date: '2026-11-20', projectNumber: '12-345' })
  })
  it('tells a heading from a value', () => {
    expect(isFormHeading(hma, 'Form 400.04')).toBe(true)
    expect(isFormHeading(hma, 'HOT MIX ASPHALT CONSTRUCTION DAILY REPORT')).toBe(true)
    expect(isFormHeading(hma, 'Daily Report')).toBe(true)
    expect(isFormHeading(hma, 'Asphalt')).toBe(false)
    expect(isFormHeading(hma, 'ABC Paving')).toBe(false)
  })
  it('drops blank and symbol-only lines', () => {
    expect(ocrLines('a\n\n  \n***\nb')).toEqual(['a', 'b'])
  })
  it('gives nothing for empty text', () => {
    expect(mapOcrText(hma, '').data).toEqual({})
  })
})

describe('mergeOcrData', () => {
  it('keeps fields the scan did not read and replaces those it read', () => {
    expect(mergeOcrData({ date: '2026-11-19', notes: 'typed' }, { date: '2026-11-20', weather: 'Sunny' })).toEqual({
      date: '2026-11-20',
      notes: 'typed',
      weather: 'Sunny',
    })
  })
  it('never erases a value with an empty reading', () => {
    expect(mergeOcrData({ notes: 'typed' }, { notes: '  ' })).toEqual({ notes: 'typed' })
  })
})
