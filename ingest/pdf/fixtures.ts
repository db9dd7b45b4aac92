/**
 * Test helper: generates specification-book PDFs with pdf-lib, laid out like the department's book
 * (table of contents with dot leaders, running header, section-page labels such as '401-3' in the
 * footer, DIVISION and SECTION headings, decimal subsections, a bare heading, a titled table, a
 * hyphenated line break and a number in running text). Also makes broken PDFs for the error paths.
 * The text is invented for tests; it is not the department's.
 */
import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'

export interface SpecBookOptions {
  /** Keep adding generated sections until the book has at least this many pages. */
  pages?: number
  /** 'encrypted' has an /Encrypt dictionary that needs a password, 'corrupt' is truncated, 'text-less' has only drawings. */
  variant?: 'book' | 'encrypted' | 'corrupt' | 'text-less'
  edition?: string
}

type Item =
  | { kind: 'division'; number: string; title: string }
  | { kind: 'section'; number: string; title: string }
  | { kind: 'heading'; text: string }
  | { kind: 'para'; text: string }
  | { kind: 'lines'; lines: string[] }
  | { kind: 'table'; title: string; rows: string[][] }

interface DrawnLine {
  text: string
  x: number
  y: number
  bold: boolean
}

interface LaidPage {
  lines: DrawnLine[]
  label: string
  division: string
}

const WIDTH = 612
const HEIGHT = 792
const MARGIN = 72
const SIZE = 10
const LEADING = 13
const TOP = HEIGHT - 90
const BOTTOM = 80
const COLUMN_2 = 340

export const SAMPLE_TITLE = 'SCDOT Standard Specifications for Highway Construction'

/** The hand-written part of every generated book: Division 400 with Sections 401 and 402. */
function sampleItems(): Item[] {
  return [
    { kind: 'division', number: '400', title: 'ASPHALT PAVEMENTS' },
    { kind: 'section', number: '401', title: 'HOT-MIX ASPHALT PAVEMENT' },
    { kind: 'heading', text: '401.1 Description' },
    {
      kind: 'lines',
      lines: [
        'This work consists of the construc-',
        'tion of one or more courses of hot-mix asphalt pavement on a prepared foundation.',
      ],
    },
    { kind: 'heading', text: '401.2 Materials' },
    { kind: 'heading', text: '401.2.1 Asphalt Binder' },
    {
      kind: 'lines',
      lines: [
        'Use a performance graded asphalt binder from an approved source. The rules of Subsection',
        '401.4 of this section apply to every lift. Lifts thicker than',
        '2.5 inches are placed in two layers of equal thickness.',
      ],
    },
    { kind: 'heading', text: '401.2.2 Mix Design' },
    { kind: 'heading', text: '401.2.2.1 Job Mix Formula' },
    { kind: 'para', text: 'Submit a job mix formula for each mixture at least 30 days before paving begins.' },
    {
      kind: 'table',
      title: 'Table 401-1 Job Mix Formula Tolerances',
      rows: [
        ['Property', 'Tolerance'],
        ['Asphalt binder content', '0.3 percent'],
        ['Passing No. 8 sieve', '4.0 percent'],
        ['Passing No. 200 sieve', '1.0 percent'],
      ],
    },
    { kind: 'para', text: filler(1, 6) },
    { kind: 'heading', text: '401.3 Equipment' },
    { kind: 'para', text: filler(2, 9) },
    { kind: 'heading', text: '401.4 Construction Requirements' },
    { kind: 'heading', text: '401.4.1 General' },
    { kind: 'para', text: filler(3, 14) },
    { kind: 'para', text: filler(4, 14) },
    { kind: 'para', text: filler(5, 14) },
    { kind: 'heading', text: '401.4.2 Weather Limitations' },
    { kind: 'para', text: 'Do not place mixture when the air temperature in the shade is below 40 degrees.' },
    { kind: 'section', number: '402', title: 'ASPHALT SURFACE TREATMENT' },
    { kind: 'heading', text: '402.1 Description' },
    { kind: 'para', text: filler(6, 8) },
    { kind: 'heading', text: '402.2 Materials' },
    { kind: 'para', text: filler(7, 8) },
  ]
}

const WORDS = [
  ...'aggregate binder mixture lift paver roller density sample lot engineer contractor surface'.split(' '),
  ...'course joint temperature tack coat plant truck spread compact test core layer grade slope'.split(' '),
]

const TITLE_WORDS = [
  ...'Asphalt Concrete Earth Drainage Bridge Signing Marking Lighting Fence Guardrail Seeding'.split(' '),
  ...'Erosion Base Subgrade Curb Culvert Pipe Masonry Steel Timber Paint Signal'.split(' '),
]

/** Deterministic prose: `sentences` sentences seeded by `seed`. */
function filler(seed: number, sentences: number): string {
  let state = seed * 7919 + 17
  const next = () => {
    state = (state * 1103515245 + 12345) % 2147483648
    return state
  }
  const out: string[] = []
  for (let s = 0; s < sentences; s++) {
    const length = 9 + (next() % 8)
    const words = Array.from({ length }, () => WORDS[next() % WORDS.length]!)
    out.push(`The ${words.join(' ')}.`)
  }
  return out.join(' ')
}

/** Items for generated sections 403, 404 ... (new divisions every 99 sections). */
function* generatedItems(): Generator<Item> {
  for (let n = 403; n < 900; n++) {
    if (n % 100 === 0) continue
    if (n % 100 === 1) yield { kind: 'division', number: String(n - 1), title: `GENERATED DIVISION ${n - 1}` }
    yield {
      kind: 'section',
      number: String(n),
      title: `${TITLE_WORDS[n % TITLE_WORDS.length]} ${TITLE_WORDS[(n * 7) % TITLE_WORDS.length]} WORK`.toUpperCase(),
    }
    yield { kind: 'heading', text: `${n}.1 Description` }
    yield { kind: 'para', text: filler(n, 6) }
    yield { kind: 'heading', text: `${n}.2 Materials` }
    yield { kind: 'heading', text: `${n}.2.1 Aggregate` }
    yield { kind: 'para', text: filler(n + 1000, 10) }
    yield {
      kind: 'table',
      title: `Table ${n}-1 Gradation Limits`,
      rows: [
        ['Sieve', 'Percent Passing'],
        ['1/2 inch', '100'],
        ['No. 4', '60-80'],
      ],
    }
    yield { kind: 'heading', text: `${n}.3 Construction Requirements` }
    for (let p = 0; p < 4; p++) yield { kind: 'para', text: filler(n * 10 + p, 12) }
  }
}

function wrap(text: string, font: PDFFont, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word
    if (line && font.widthOfTextAtSize(candidate, SIZE) > width) {
      lines.push(line)
      line = word
    } else {
      line = candidate
    }
  }
  if (line) lines.push(line)
  return lines
}

class Layout {
  readonly pages: LaidPage[] = []
  readonly toc: { text: string; label: string }[] = []
  private page: LaidPage | null = null
  private y = TOP
  private section = ''
  private sectionPage = 0
  private division = ''
  private divisionTitle = ''

  constructor(private readonly font: PDFFont) {}

  private newPage(): LaidPage {
    this.sectionPage += 1
    this.page = { lines: [], label: `${this.section}-${this.sectionPage}`, division: this.division }
    this.pages.push(this.page)
    this.y = TOP
    return this.page
  }

  private line(text: string, options: { x?: number; bold?: boolean; gapBefore?: number } = {}): void {
    this.y -= options.gapBefore ?? 0
    if (!this.page || this.y < BOTTOM) this.newPage()
    this.page!.lines.push({ text, x: options.x ?? MARGIN, y: this.y, bold: options.bold ?? false })
    this.y -= LEADING
  }

  private keepTogether(lines: number): void {
    if (this.y - lines * LEADING < BOTTOM) this.page = null
  }

  add(item: Item): void {
    switch (item.kind) {
      case 'division':
        this.division = item.number
        this.divisionTitle = item.title
        break
      case 'section': {
        this.section = item.number
        this.sectionPage = 0
        this.newPage()
        const division = this.division && !this.pages.some((p) => p !== this.page && p.division === this.division)
        if (division) {
          this.toc.push({ text: `DIVISION ${this.division}`, label: this.page!.label })
          this.line(`DIVISION ${this.division}`, { bold: true })
          this.line(this.divisionTitle, { bold: true })
        }
        this.toc.push({ text: `SECTION ${item.number} ${item.title}`, label: this.page!.label })
        this.line(`SECTION ${item.number}`, { bold: true, gapBefore: division ? 8 : 0 })
        this.line(item.title, { bold: true })
        break
      }
      case 'heading':
        this.keepTogether(3)
        this.line(item.text, { bold: true, gapBefore: 6 })
        if (this.toc.length < 40) this.toc.push({ text: item.text, label: this.page!.label })
        break
      case 'para':
        for (const [index, text] of wrap(item.text, this.font, WIDTH - 2 * MARGIN).entries()) {
          this.line(text, { gapBefore: index === 0 ? 5 : 0 })
        }
        break
      case 'lines':
        item.lines.forEach((text, index) => this.line(text, { gapBefore: index === 0 ? 5 : 0 }))
        break
      case 'table':
        this.keepTogether(item.rows.length + 1)
        this.line(item.title, { bold: true, gapBefore: 8 })
        for (const row of item.rows) {
          const y = this.y
          row.forEach((cell, column) => {
            this.y = y
            this.line(cell, { x: column === 0 ? MARGIN : COLUMN_2 })
          })
        }
        this.y -= 8
        break
    }
  }
}

/** Header, body, footer: in this order pdf.js reads the page label as the page's last line. */
function drawPage(
  page: PDFPage,
  fonts: { font: PDFFont; bold: PDFFont },
  frame: { edition: string; division: string; label: string },
  lines: DrawnLine[],
): void {
  const { font, bold } = fonts
  page.drawText(`SCDOT Standard Specifications ${frame.edition}`, { x: MARGIN, y: HEIGHT - 50, size: 9, font })
  if (frame.division) {
    const text = `Division ${frame.division}`
    page.drawText(text, { x: WIDTH - MARGIN - font.widthOfTextAtSize(text, 9), y: HEIGHT - 50, size: 9, font })
  }
  for (const line of lines)
    page.drawText(line.text, { x: line.x, y: line.y, size: SIZE, font: line.bold ? bold : font })
  page.drawText(frame.label, { x: (WIDTH - font.widthOfTextAtSize(frame.label, 9)) / 2, y: 40, size: 9, font })
}

function tocLine(entry: { text: string; label: string }, font: PDFFont): string {
  const room = WIDTH - 2 * MARGIN - font.widthOfTextAtSize(`${entry.text}  ${entry.label}`, SIZE)
  const dots = Math.max(4, Math.floor(room / font.widthOfTextAtSize('.', SIZE)))
  return `${entry.text} ${'.'.repeat(dots)} ${entry.label}`
}

async function textLessPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (let i = 0; i < 3; i++) {
    const page = doc.addPage([WIDTH, HEIGHT])
    page.drawRectangle({ x: 100, y: 300, width: 400, height: 200, color: rgb(0.6, 0.6, 0.6) })
  }
  return doc.save()
}

/** A password-protected PDF: an /Encrypt dictionary whose user password is not empty. */
function addEncryption(doc: PDFDocument): void {
  const bytes = (seed: number) =>
    PDFHexString.of(
      Array.from({ length: 32 }, (_, i) => ((i * 37 + seed) % 256).toString(16).padStart(2, '0')).join(''),
    )
  const encrypt = doc.context.obj({ Filter: 'Standard', V: 1, R: 2, Length: 40 })
  encrypt.set(PDFName.of('O'), bytes(11))
  encrypt.set(PDFName.of('U'), bytes(97))
  encrypt.set(PDFName.of('P'), PDFNumber.of(-44))
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt)
  const id = PDFHexString.of('0123456789abcdef0123456789abcdef')
  doc.context.trailerInfo.ID = doc.context.obj([id, id])
}

export async function makeSpecBookPdf(options: SpecBookOptions = {}): Promise<Uint8Array> {
  const variant = options.variant ?? 'book'
  if (variant === 'text-less') return textLessPdf()
  const edition = options.edition ?? '2025'
  const doc = await PDFDocument.create()
  doc.setTitle(`${SAMPLE_TITLE} ${edition}`)
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)

  const layout = new Layout(font)
  for (const item of sampleItems()) layout.add(item)
  const more = generatedItems()
  while (options.pages && layout.pages.length + 1 < options.pages) {
    const next = more.next()
    if (next.done) break
    layout.add(next.value)
  }

  const tocPerPage = Math.floor((TOP - BOTTOM) / LEADING) - 2
  for (let start = 0; start < layout.toc.length; start += tocPerPage) {
    const page = doc.addPage([WIDTH, HEIGHT])
    const lines = start === 0 ? [{ text: 'TABLE OF CONTENTS', x: MARGIN, y: TOP, bold: true }] : []
    layout.toc.slice(start, start + tocPerPage).forEach((entry, index) => {
      lines.push({ text: tocLine(entry, font), x: MARGIN, y: TOP - (index + 2) * LEADING, bold: false })
    })
    const label = ['i', 'ii', 'iii', 'iv', 'v', 'vi'][start / tocPerPage] ?? 'vii'
    drawPage(page, { font, bold }, { edition, division: '', label }, lines)
  }
  for (const laid of layout.pages) {
    drawPage(
      doc.addPage([WIDTH, HEIGHT]),
      { font, bold },
      { edition, division: laid.division, label: laid.label },
      laid.lines,
    )
  }

  if (variant === 'encrypted') addEncryption(doc)
  const bytes = await doc.save({ useObjectStreams: false })
  if (variant === 'corrupt') return bytes.slice(0, Math.floor(bytes.length * 0.4))
  return bytes
}
