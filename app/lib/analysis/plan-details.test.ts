import { describe, expect, it } from 'vitest'
import { extractPlanDetails, formatStation, isEmptyPlanDetails, MAX_ANNOTATION_CHARS, normaliseStation } from './plan-details'

const stations = (text: string) => extractPlanDetails(text).stationNumbers
const elements = (text: string) => extractPlanDetails(text).elements
const annotations = (text: string) => extractPlanDetails(text).annotations

describe('station numbers', () => {
  it.each([
    ['STA 12+50', '12+50'],
    ['Sta. 1+00.00', '1+00'],
    ['12+50.25', '12+50.25'],
    ['STATION 105+00', '105+00'],
    ['STA. 0+00', '0+00'],
    ['sta 003+75', '3+75'],
    ['STA 12 + 50', '12+50'],
    ['STA 1O+5O', '10+50'],
    ['Station: 7+25.5', '7+25.5'],
  ])('normalises %s to %s', (raw, expected) => {
    expect(normaliseStation(raw)).toBe(expected)
    expect(stations(`BEGIN ${raw} END`)).toEqual([expected])
  })

  it('keeps the order of first appearance and drops repeats', () => {
    expect(stations('MATCH LINE STA 18+00\nINLET AT STA 15+00\nSTA 18+00.00 again, then 12+50')).toEqual(['18+00', '15+00', '12+50'])
  })

  it('reads both ends of a range', () => {
    expect(stations('SILT FENCE FROM STA 10+00 TO STA 14+50 LT')).toEqual(['10+00', '14+50'])
  })

  it('does not take sums, longer numbers or phone-like strings for stations', () => {
    expect(stations('2+2 = 4; 1+234; 12+5; a+12+50; 1.12+50 and 10+00+00')).toEqual([])
  })

  it('does not read O as zero without the STA prefix', () => {
    expect(stations('12+5O')).toEqual([])
  })

  it("reads OCR's '4' for '+' after STA in OCR text only, and not in an ambiguous 4-digit run", () => {
    const text = 'CATCH BASIN AT STA 15400\nGUARDRAIL TO STA 17425\nSTA 1400\nSTA 105400'
    expect(extractPlanDetails(text, { ocr: true }).stationNumbers).toEqual(['15+00', '17+25', '105+00'])
    expect(stations(text)).toEqual([])
  })

  it('formats parts and rejects non-digits', () => {
    expect(formatStation('0012', '50', '.00')).toBe('12+50')
    expect(formatStation('12', '5x')).toBeNull()
  })
})

describe('elements', () => {
  it('reads sized pipes in several spellings', () => {
    expect(elements('24" RCP\n18 in HDPE\n15-inch CMP\n30 IN. RCP\n36” RCP')).toEqual(['24" RCP', '18" HDPE', '15" CMP', '30" RCP', '36" RCP'])
  })

  it('reads a pipe written material first, and an OCR double apostrophe for inches', () => {
    expect(elements("RCP 24\" @ 0.5%\n18'' HDPE")).toEqual(['24" RCP', '18" HDPE'])
  })

  it('lists a bare pipe material when no size is given', () => {
    expect(elements('EXTEND EXISTING RCP')).toEqual(['RCP'])
  })

  it('does not list the material of a sized pipe twice', () => {
    expect(elements('INSTALL 24" RCP AND 24" RCP')).toEqual(['24" RCP'])
  })

  it('reads drainage structures with their type', () => {
    expect(elements('CATCH BASIN TYPE 1 AT STA 15+00\nDrop inlet, junction box and a concrete headwall')).toEqual([
      'Catch basin type 1',
      'Drop inlet',
      'Junction box',
      'Headwall',
    ])
  })

  it('reads roadside and erosion-control items', () => {
    expect(elements('Install guard rail and rip-rap apron; silt fence along R/W; rock check dam')).toEqual([
      'Guardrail',
      'Riprap',
      'Silt fence',
      'Rock check dam',
    ])
  })

  it('reads pay item numbers after ITEM or on a line with a pay unit', () => {
    expect(elements('PAY ITEM NO. 7141100\n2031000  UNCLASSIFIED EXCAVATION  CY  1,250\nPHONE 8035551234')).toEqual([
      'Pay item 7141100',
      'Pay item 2031000',
    ])
  })

  it('de-duplicates case-insensitively and keeps text order across kinds', () => {
    expect(elements('silt fence, then a 24" RCP, SILT FENCE, catch basin')).toEqual(['Silt fence', '24" RCP', 'Catch basin'])
  })

  it('reads manholes by name or MH number, but not MH inside a word', () => {
    expect(elements('MH #3 and a manhole; SMHT')).toEqual(['Manhole'])
  })

  it('finds nothing in unrelated text', () => {
    expect(elements('The quick brown fox jumps over the lazy dog.')).toEqual([])
  })
})

describe('annotations', () => {
  it('keeps notes, match lines, project limits and short capital labels', () => {
    const text = [
      'ROADWAY PLAN - SHEET 4',
      'STA 12+50 BEGIN PROJECT',
      'NOTE: INSTALL SILT FENCE ALONG RIGHT OF WAY',
      'MATCH LINE STA 18+00',
      'The contractor shall maintain traffic at all times during the work described in these plans.',
    ].join('\n')
    expect(annotations(text)).toEqual([
      'ROADWAY PLAN - SHEET 4',
      'STA 12+50 BEGIN PROJECT',
      'NOTE: INSTALL SILT FENCE ALONG RIGHT OF WAY',
      'MATCH LINE STA 18+00',
    ])
  })

  it('keeps mixed-case notes and callouts', () => {
    expect(annotations('Note: Verify utility depths before excavation.\nSee Detail A on Sheet 5\nEnd of Project')).toEqual([
      'Note: Verify utility depths before excavation.',
      'See Detail A on Sheet 5',
      'End of Project',
    ])
  })

  it('drops OCR noise lines', () => {
    expect(annotations('~~ |_ -- ==\n@@#%\nI l |\nEND PROJECT')).toEqual(['END PROJECT'])
  })

  it('cuts a long note at a word boundary', () => {
    const note = `NOTE: ${'ALL PIPE JOINTS SHALL BE WRAPPED '.repeat(10)}`
    const [first] = annotations(note)
    expect(first!.length).toBeLessThanOrEqual(MAX_ANNOTATION_CHARS)
    expect(first!.endsWith('…')).toBe(true)
  })

  it('does not take plan phrases inside long prose lines', () => {
    const prose = 'The engineer will review the limits of construction with the contractor before any clearing or grubbing starts on the project.'
    expect(annotations(prose)).toEqual([])
  })

  it('de-duplicates repeated labels', () => {
    expect(annotations('MATCH LINE\nmatch line\nMATCH LINE')).toEqual(['MATCH LINE'])
  })
})

describe('extractPlanDetails', () => {
  it('handles Windows line ends and empty text', () => {
    expect(extractPlanDetails('STA 1+00\r\nEND PROJECT').annotations).toEqual(['STA 1+00', 'END PROJECT'])
    expect(isEmptyPlanDetails(extractPlanDetails(''))).toBe(true)
    expect(isEmptyPlanDetails(extractPlanDetails('24" RCP'))).toBe(false)
  })
})
