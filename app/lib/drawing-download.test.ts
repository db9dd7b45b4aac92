import { describe, expect, it } from 'vitest'
import { VERIFY_NOTICE } from './brand'
import { loadDrawings } from './corpus/records.server'
import {
  buildSpecificationsText,
  specificationsDataUrl,
  specificationsFileName,
  type DownloadableDrawing,
} from './drawing-download'

const SAMPLE: DownloadableDrawing = {
  id: 'drawing-x101',
  title: 'Sample Drawing',
  series: 'X',
  category: 'Samples',
  lastUpdated: '2026-01-02',
  specifications: {
    Posts: ['First statement. [Source A]', 'Second statement.'],
    'Rail height': ['Only statement.'],
  },
  measurements: [
    { label: 'Spacing', value: '6 ft', critical: true, basis: 'national' },
    { label: 'Blockout', value: '12 in', critical: false, basis: 'national' },
    { label: 'Tolerance', value: '+/- 1 in', critical: true, basis: 'field-reference' },
    { label: 'Class', value: '4000 psi', critical: true, basis: 'scdot' },
  ],
}

describe('drawing download file', () => {
  it('names the file after the drawing id', () => {
    expect(specificationsFileName('drawing-g501')).toBe('drawing-g501-specifications.txt')
    expect(specificationsFileName('construction-manual')).toBe('construction-manual-specifications.txt')
  })

  it('writes the fixed layout: header, every section as bullets, critical measurements only, notice', () => {
    expect(buildSpecificationsText(SAMPLE)).toBe(
      [
        'Sample Drawing',
        'Series: X',
        'Category: Samples',
        'Last Updated: 2026-01-02',
        '',
        'SPECIFICATIONS',
        '',
        'Posts',
        '• First statement. [Source A]',
        '• Second statement.',
        '',
        'Rail height',
        '• Only statement.',
        '',
        'CRITICAL MEASUREMENTS',
        '',
        'Spacing: 6 ft',
        'Tolerance: +/- 1 in [Field reference - verify]',
        'Class: 4000 psi',
        '',
        VERIFY_NOTICE,
        '',
      ].join('\n'),
    )
  })

  it('says so when a record has no critical measurement', () => {
    const text = buildSpecificationsText({ ...SAMPLE, measurements: [SAMPLE.measurements[1]!] })
    expect(text).toContain('CRITICAL MEASUREMENTS\n\nNone listed.\n')
    expect(text).not.toContain('Blockout')
  })

  it('encodes the text as a UTF-8 plain-text data URL that decodes back to the same text', () => {
    const text = buildSpecificationsText(SAMPLE)
    const url = specificationsDataUrl(text)
    expect(url.startsWith('data:text/plain;charset=utf-8,')).toBe(true)
    expect(decodeURIComponent(url.slice('data:text/plain;charset=utf-8,'.length))).toBe(text)
  })

  it('covers every statement and every critical figure of each corpus record', async () => {
    const drawings = await loadDrawings()
    expect(drawings).toHaveLength(17)
    for (const drawing of drawings) {
      const text = buildSpecificationsText(drawing)
      expect(text.startsWith(`${drawing.title}\nSeries: ${drawing.series}\n`)).toBe(true)
      for (const statements of Object.values(drawing.specifications)) {
        for (const statement of statements) expect(text).toContain(`\n• ${statement}\n`)
      }
      for (const measurement of drawing.measurements) {
        const line = `\n${measurement.label}: ${measurement.value}`
        if (measurement.critical) expect(text).toContain(line)
        else expect(text).not.toContain(line)
      }
    }
  })
})
