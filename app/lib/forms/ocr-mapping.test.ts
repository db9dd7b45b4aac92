import { describe, expect, it } from 'vitest'
import { extractPlanDetails } from '../analysis/plan-details'
import { isFormHeading, labelWords, mapOcrReading, mergeOcrData, ocrLines } from './ocr-mapping'
import { findFormTemplate } from './templates'

const hma = findFormTemplate('400.04')!
const daily = findFormTemplate('100.10')!
const concrete = findFormTemplate('300.02')!

describe('labelWords', () => {
  it('drops units in brackets and splits on slashes', () => {
    expect(labelWords('Mat Temperature (°F)')).toEqual(['mat', 'temperature'])
    expect(labelWords('Location/Station')).toEqual(['location', 'station'])
  })
})

describe('mapOcrReading: label mode', () => {
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
    const { data, mode } = mapOcrReading(hma, { text: printed })
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
    const { data } = mapOcrReading(hma, { text: printed })
    expect(Object.values(data)).not.toContain('SCDOT Form 400.04')
    expect(data.compactionMethod).toBeUndefined()
  })

  it('matches a line in any order', () => {
    const { data } = mapOcrReading(hma, { text: 'Weather: Rain\nDate: 11/20/2026' })
    expect(data).toEqual({ weather: 'Rain', date: '2026-11-20' })
  })

  it('falls back to the first word of the label before a colon', () => {
    const { data } = mapOcrReading(hma, { text: 'Project No: 77-001\nCompaction: vibratory roller' })
    expect(data.projectNumber).toBe('77-001')
    expect(data.compactionMethod).toBe('vibratory roller')
  })

  it('accepts abbreviated label words and a line without a colon', () => {
    const { data } = mapOcrReading(hma, { text: 'Date: 2026-11-20\nMat Temp 290 F\nTonnage Placed 300' })
    expect(data.matTemperature).toBe('290')
    expect(data.tonnage).toBe('300')
  })

  it('gives a whole-label line priority over a first-word line', () => {
    const { data } = mapOcrReading(daily, { text: 'Contractor: wrong one\nContractor Name: Palmetto Paving' })
    expect(data.contractorName).toBe('Palmetto Paving')
  })

  it('keeps a labelled value that contains the form number', () => {
    expect(mapOcrReading(hma, { text: 'Project Number: 400.04-7' }).data).toEqual({ projectNumber: '400.04-7' })
  })

  it('uses each line for one field at most', () => {
    const { data } = mapOcrReading(concrete, { text: 'Project Number: 5\nVolume (CY): 12' })
    expect(data).toEqual({ projectNumber: '5', volume: '12' })
  })

  it('skips a number field whose line has no number', () => {
    const { data } = mapOcrReading(concrete, { text: 'Concrete Pour Inspection Form\nDate: 2026-11-20\nSlump (inches): 4\nConcrete Temperature: n/a' })
    expect(data.concreteTemperature).toBeUndefined()
    expect(data.slump).toBe('4')
  })
})

describe('mapOcrReading: position mode', () => {
  it('maps the n-th line to the n-th field when no line has a label', () => {
    const { data, mode } = mapOcrReading(hma, { text: '11/20/2026\n12-345\nABC Paving\n\nUS 378\nType B' })
    expect(mode).toBe('position')
    expect(data).toEqual({ date: '2026-11-20', projectNumber: '12-345', contractor: 'ABC Paving', location: 'US 378', mixType: 'Type B' })
  })
  it('leaves a field alone when its line cannot be read as its type', () => {
    const { data } = mapOcrReading(hma, { text: 'not a date\n12-345' })
    expect(data).toEqual({ projectNumber: '12-345' })
  })
  it('skips the form heading, even wrapped over two lines, before counting positions', () => {
    const text = 'SCDOT Form 400.04 Hot Mix Asphalt\nConstruction Daily Report\n11/20/2026\n12-345'
    expect(mapOcrReading(hma, { text: text }).data).toEqual({ date: '2026-11-20', projectNumber: '12-345' })
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
    expect(mapOcrReading(hma, { text: '' }).data).toEqual({})
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

describe('review: what the form asks the user to check (issue 15)', () => {
  /** A reading with confidences, as the browser's engine gives it: each line's words and confidences. */
  const reading = (lines: Array<[string, number[]]>) => ({
    text: lines.map(([text]) => text).join('\n'),
    lines: lines.map(([text, confidences]) => ({
      text,
      words: text.split(' ').map((word, i) => ({ text: word, confidence: confidences[i] ?? confidences[confidences.length - 1]! })),
    })),
  })

  it("flags the station the browser misread ('23+50' read as '23450', confidence 0), fills it in as 23+50", () => {
    const { data, review } = mapOcrReading(
      hma,
      reading([
        ['Date: 2026-11-20', [96, 95]],
        ['Project Number: 12-345', [96]],
        ['Location/Station: 23450', [80, 0]],
        ['Tonnage Placed: 412.5', [95]],
      ]),
    )
    expect(data).toEqual({ date: '2026-11-20', projectNumber: '12-345', location: '23+50', tonnage: '412.5' })
    expect(Object.keys(review)).toEqual(['location'])
    expect(review.location).toMatchObject({ read: '23450', reasons: ['low-confidence', 'plus-read-as-4'], confidence: 0 })
    expect(review.location!.message).toBe(
      "Read with low confidence (0%). Read as '23450': the '+' of a station is often read as a 4, so it was filled in as 23+50. Check it against the form, then confirm or correct it.",
    )
  })

  it('flags a station misread even when the engine was sure of it (the shape is wrong)', () => {
    const { data, review } = mapOcrReading(hma, reading([['Location/Station: 23450', [95, 93]]]))
    expect(data.location).toBe('23+50')
    expect(review.location!.reasons).toEqual(['plus-read-as-4'])
    expect(mapOcrReading(hma, { text: 'Location/Station: 2350' }).review.location!.reasons).toEqual(['not-a-station'])
  })

  it('normalises a station with the calculators’ rules and does not flag a clean one', () => {
    const { data, review } = mapOcrReading(hma, reading([['Location/Station: STA 023 + 50', [95]]]))
    expect(data.location).toBe('STA 23+50')
    expect(review).toEqual({})
  })

  it('flags any value read with low confidence, with what was read', () => {
    const { data, review } = mapOcrReading(hma, reading([['Tonnage Placed: 4125', [96, 96, 62]], ['Weather: Sunny', [95, 95]]]))
    expect(data.tonnage).toBe('4125')
    expect(review.tonnage).toMatchObject({ reasons: ['low-confidence'], confidence: 62 })
    expect(review.tonnage!.message).toMatch(/^Read as '4125' with low confidence \(62%\)\./)
    expect(review.weather).toBeUndefined()
  })

  it('flags a date or number that cannot be read, leaving the field as it was', () => {
    const { data, review } = mapOcrReading(hma, { text: 'Date: 11/2O/2O2G\nMat Temperature (F): hot\nWeather: Sunny' })
    expect(data).toEqual({ weather: 'Sunny' })
    expect(review.date).toMatchObject({ read: '11/2O/2O2G', reasons: ['unreadable-date'] })
    expect(review.matTemperature!.reasons).toEqual(['unreadable-number'])
  })

  it('flags letters taken as digits in a number', () => {
    const { data, review } = mapOcrReading(hma, { text: 'Mat Temperature (F): 2O5' })
    expect(data.matTemperature).toBe('205')
    expect(review.matTemperature!.reasons).toEqual(['letters-as-digits'])
  })

  it('reads a station the same way as the server’s photo analysis', () => {
    const text = 'Location/Station: 23450'
    expect(mapOcrReading(hma, { text: text }).data.location).toBe('23+50')
    expect(extractPlanDetails(text, { ocr: true }).stationNumbers).toEqual(['23+50'])
  })
})
