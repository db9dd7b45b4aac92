import { beforeAll, describe, expect, it } from 'vitest'
import { chunkSections } from './chunk'
import { makeSpecBookPdf, SAMPLE_TITLE } from './fixtures'
import { PDF_ERROR_MESSAGES, PdfError, readPdf, toPdfError } from '../../app/lib/pdf/read.server'
import { parseSpecBook, type ParsedBook } from './structure'

const META = { document: SAMPLE_TITLE, edition: '2025' }

async function readError(bytes: Uint8Array, options?: Parameters<typeof readPdf>[1]): Promise<PdfError> {
  const error = await readPdf(bytes, options).then(
    () => null,
    (caught: unknown) => caught,
  )
  expect(error).toBeInstanceOf(PdfError)
  return error as PdfError
}

describe('readPdf on a generated specification book', () => {
  let bytes: Uint8Array
  let pages: { num: number; text: string }[]
  let book: ParsedBook

  beforeAll(async () => {
    bytes = await makeSpecBookPdf()
    const read = await readPdf(bytes)
    pages = read.pages
    book = parseSpecBook(pages, META)
    expect(read.info).toMatchObject({ pageCount: 4, textPages: 4, title: `${SAMPLE_TITLE} 2025` })
  })

  it('reads every page, with the page label as the last line', () => {
    expect(pages.map((page) => page.num)).toEqual([1, 2, 3, 4])
    expect(pages[0]!.text).toMatch(
      /^SCDOT Standard Specifications 2025\nTABLE OF CONTENTS\nDIVISION 400 \.{20,} 401-1\n/,
    )
    expect(pages.slice(1).map((page) => page.text.split('\n').at(-1))).toEqual(['401-1', '401-2', '402-1'])
  })

  it('finds the sections with their titles and page ranges, skipping the table of contents', () => {
    expect(book.warnings).toEqual([])
    expect(book.divisions).toEqual([{ number: '400', title: 'ASPHALT PAVEMENTS' }])
    expect(book.sections.map((s) => [s.number, s.title, s.pageStart, s.pageEnd])).toEqual([
      ['401', 'HOT-MIX ASPHALT PAVEMENT', 2, 2],
      ['401.1', 'Description', 2, 2],
      ['401.2', 'Materials', 2, 2],
      ['401.2.1', 'Asphalt Binder', 2, 2],
      ['401.2.2', 'Mix Design', 2, 2],
      ['401.2.2.1', 'Job Mix Formula', 2, 2],
      ['401.3', 'Equipment', 2, 2],
      ['401.4', 'Construction Requirements', 2, 2],
      ['401.4.1', 'General', 2, 3],
      ['401.4.2', 'Weather Limitations', 3, 3],
      ['402', 'ASPHALT SURFACE TREATMENT', 4, 4],
      ['402.1', 'Description', 4, 4],
      ['402.2', 'Materials', 4, 4],
    ])
  })

  it('removes the running header and page labels and joins the hyphenated word', () => {
    const text = book.sections.map((s) => s.text).join('\n')
    expect(text).not.toMatch(/SCDOT Standard Specifications|Division 400|^40\d-\d$|\.{4}/m)
    const description = book.sections.find((s) => s.number === '401.1')!
    expect(description.text).toBe(
      'This work consists of the construction of one or more courses of hot-mix asphalt pavement on a prepared foundation.',
    )
    expect(book.sections.find((s) => s.number === '401.2.1')!.text).toBe(
      'Use a performance graded asphalt binder from an approved source. The rules of Subsection 401.4 of this section apply to every lift. Lifts thicker than 2.5 inches are placed in two layers of equal thickness.',
    )
  })

  it('keeps the table whole with its title and carries the bare heading into its child', () => {
    const formula = book.sections.find((s) => s.number === '401.2.2.1')!
    expect(formula.carries).toEqual(['401.2.2'])
    expect(book.sections.find((s) => s.number === '401.2.2')).toMatchObject({ bare: true, text: '' })
    expect(formula.tables.map((t) => t.text)).toEqual([
      [
        'Table 401-1 Job Mix Formula Tolerances',
        'Property Tolerance',
        'Asphalt binder content 0.3 percent',
        'Passing No. 8 sieve 4.0 percent',
        'Passing No. 200 sieve 1.0 percent',
      ].join('\n'),
    ])
    expect(formula.blocks.map((b) => b.kind)).toEqual(['paragraph', 'table', 'paragraph'])

    const chunks = chunkSections(book)
    const table = chunks.find((c) => c.kind === 'table')!
    expect(table).toMatchObject({
      id: 'scdot-standard-specifications-for-highway-construction:2025:401.2.2.1:2',
      headingPath:
        'Section 401 HOT-MIX ASPHALT PAVEMENT > 401.2 Materials > 401.2.2 Mix Design > 401.2.2.1 Job Mix Formula',
      pageStart: 2,
      pageEnd: 2,
      text: formula.tables[0]!.text,
    })
    expect(chunks.some((c) => c.section === '401.2.2' || c.section === '401')).toBe(false)
  })

  it('leaves the caller’s buffer usable and reads the same text twice', async () => {
    const again = await readPdf(bytes)
    expect(again.pages).toEqual(pages)
  })
})

describe('readPdf on a long book', () => {
  it('finds every generated section across divisions without warnings', async () => {
    const read = await readPdf(await makeSpecBookPdf({ pages: 60 }))
    expect(read.info.pageCount).toBeGreaterThanOrEqual(60)
    const book = parseSpecBook(read.pages, META)
    expect(book.warnings).toEqual([])
    const sections = book.sections.filter((s) => s.level === 1).map((s) => Number(s.number))
    expect(sections.length).toBeGreaterThan(25)
    expect(sections).toEqual([...sections].sort((a, b) => a - b))
    expect(book.sections.filter((s) => s.tables.length > 0)).toHaveLength(sections.length - 1)
    // 401, 401.2, 401.2.2, 401.4 and 402 in the sample; each generated section and its n.2 after that.
    expect(book.sections.filter((s) => s.bare).length).toBe(sections.length * 2 + 1)
  }, 60_000)
})

describe('readPdf errors', () => {
  it('says a password-protected PDF needs its password removed', async () => {
    const error = await readError(await makeSpecBookPdf({ variant: 'encrypted' }))
    expect(error.code).toBe('encrypted')
    expect(error.message).toBe('This PDF is password-protected: remove the password and try again.')
  })

  it('says a PDF without a text layer needs OCR', async () => {
    const error = await readError(await makeSpecBookPdf({ variant: 'text-less' }))
    expect(error.code).toBe('no-text')
    expect(error.message).toBe('This PDF has no text layer (it looks scanned): run it through OCR first.')
  })

  it('says a truncated PDF, a file that is not a PDF and an empty file are not readable', async () => {
    for (const bytes of [
      await makeSpecBookPdf({ variant: 'corrupt' }),
      new TextEncoder().encode('# Minutes\n\nNot a PDF at all.'),
      new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(300)),
      new Uint8Array(0),
    ]) {
      const error = await readError(bytes)
      expect(error.code).toBe('corrupt')
      expect(error.message).toBe('This file is not a readable PDF.')
    }
  })

  it('refuses a PDF over the size limit before parsing it', async () => {
    const error = await readError(await makeSpecBookPdf(), { maxBytes: 1000 })
    expect(error.code).toBe('too-large')
    expect(error.message).toMatch(/^This PDF is too large to ingest: 0\.\d MB, the limit is 0 MB\.$/)
    const pagesError = await readError(await makeSpecBookPdf(), { maxPages: 3 })
    expect(pagesError).toMatchObject({ code: 'too-large', message: 'This PDF has 4 pages; the limit is 3.' })
  })

  it('maps pdf.js exceptions by name and rethrows anything else', () => {
    const named = (name: string) => Object.assign(new Error('x'), { name })
    expect(toPdfError(named('PasswordException')).code).toBe('encrypted')
    expect(toPdfError(named('InvalidPDFException')).message).toBe(PDF_ERROR_MESSAGES.corrupt)
    expect(toPdfError(named('FormatError')).code).toBe('corrupt')
    const other = new TypeError('bug')
    expect(() => toPdfError(other)).toThrow(other)
  })
})
