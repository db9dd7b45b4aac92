import { PDFDocument, StandardFonts } from 'pdf-lib'
import { describe, expect, it } from 'vitest'
import { VERIFY_NOTICE } from '../brand'
import { buildSubmissionPdf, sanitize, wrapText } from './report-pdf.server'
import type { Submission } from './submissions.server'

async function textOf(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  const { PDFParse } = await import('pdf-parse')
  const parser = new PDFParse({ data: bytes.slice() })
  try {
    const result = await parser.getText()
    return { text: result.text, pages: result.pages.length }
  } finally {
    await parser.destroy()
  }
}

const flat = (text: string) => text.replace(/\s+/g, ' ')

const asphalt: Submission = {
  id: 'sub-1',
  formId: '400.04',
  formName: 'Hot Mix Asphalt Construction Daily Report',
  inputMethod: 'photo',
  submittedAt: '2026-11-21T15:30:00.000Z',
  data: {
    date: '2026-11-21',
    projectNumber: 'P-0427',
    contractor: 'Palmetto Paving',
    location: 'STA 12+50 to STA 18+00',
    mixType: 'SP 12.5 Type B',
    tonnage: '420',
    matTemperature: '290',
    notes: 'Rolled at 290°F; joints checked.',
  },
}

describe('submission PDF report', () => {
  it('has the title, every label and value, the time, the user and the notice', async () => {
    const bytes = await buildSubmissionPdf({ submission: asphalt, userName: 'Dana Reyes', generatedAt: new Date('2026-11-21T16:00:00Z') })
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const { text, pages } = await textOf(bytes)
    const all = flat(text)
    expect(pages).toBe(1)
    expect(all).toContain('400.04 - Hot Mix Asphalt Construction Daily Report')
    for (const label of ['Date', 'Project Number', 'Contractor', 'Location/Station', 'Mix Type', 'Tonnage Placed', 'Mat Temperature (°F)', 'Compaction Method', 'Weather', 'Notes']) {
      expect(all).toContain(label)
    }
    for (const value of Object.values(asphalt.data)) expect(all).toContain(value)
    expect(all).toContain('Submitted: Nov 21, 2026, 10:30 AM EST')
    expect(all).toContain('Submitted by: Dana Reyes')
    expect(all).toContain('Input method: Photo scan')
    expect(all).toContain('Not filled in')
    expect(all).toContain('Specifications Only')
    expect(all).toContain(VERIFY_NOTICE)
    // Labels come in template order.
    expect(all.indexOf('Project Number')).toBeLessThan(all.indexOf('Mix Type'))
    expect(all.indexOf('Mix Type')).toBeLessThan(all.indexOf('Notes'))
  })

  it('wraps long text across lines and pages, and survives characters Helvetica lacks', async () => {
    const long = Array.from({ length: 400 }, (_, i) => `word${i}`).join(' ')
    const submission: Submission = {
      ...asphalt,
      formId: '100.10',
      formName: 'Daily Construction Inspection Report',
      inputMethod: 'voice',
      data: {
        date: '2026-11-21',
        inspectorName: 'Zoë Őrs 李',
        progress: long,
        issues: long,
        recommendations: `Slope ≥ 2% ✓ 🚧\nsecond line\tafter tab ${'x'.repeat(300)}`,
      },
    }
    const { text, pages } = await textOf(await buildSubmissionPdf({ submission, userName: 'Guest User' }))
    const all = flat(text)
    expect(pages).toBeGreaterThan(1)
    expect(all).toContain('word0 word1')
    expect(all).toContain('word399')
    expect(all).toContain('Zoë Ors ?')
    expect(all).toContain('Slope ? 2% ? ?')
    expect(all).toContain('second line')
    expect(all).toMatch(/Page 1 of \d/)
  })

  it('sanitises and wraps by width', async () => {
    const doc = await PDFDocument.create()
    const font = await doc.embedFont(StandardFonts.Helvetica)
    expect(sanitize('a\u0007b\tc°é€', font)).toBe('ab    c°é€')
    const lines = wrapText('alpha beta gamma delta', font, 11, font.widthOfTextAtSize('gamma delta', 11))
    expect(lines).toEqual(['alpha beta', 'gamma delta'])
    const broken = wrapText('x'.repeat(100), font, 11, font.widthOfTextAtSize('xxxxxxxxxx', 11))
    expect(broken.every((line) => line.length <= 10)).toBe(true)
    expect(broken.join('')).toBe('x'.repeat(100))
  })
})
