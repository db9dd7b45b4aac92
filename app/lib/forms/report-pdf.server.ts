import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib'
import { PRODUCT_NAME, VERIFY_NOTICE } from '../brand'
import { formatSubmittedTime, INPUT_METHOD_LABELS } from './format'
import type { Submission } from './submissions.server'
import { submissionFields } from './fields-view'
import { formLabel } from './templates'

/**
 * A submission as a filled PDF report (pdf-lib, standard Helvetica: nothing to embed). Helvetica only
 * encodes WinAnsi, so every text goes through `sanitize`: characters the font lacks become '?' instead
 * of throwing. Long values wrap by width and continue on new pages.
 */
export interface ReportInput {
  submission: Submission
  userName: string
  /** For tests and reproducible files; defaults to now. */
  generatedAt?: Date
}

const PAGE = { width: 612, height: 792, margin: 54 } // US Letter, 0.75 in margins
const SIZE = { title: 16, heading: 11, body: 11, small: 9 }
const LINE = 1.35
const INK = rgb(0.1, 0.1, 0.12)
const MUTED = rgb(0.35, 0.35, 0.4)
export const NOT_FILLED = 'Not filled in'

/** Text the font can draw: line breaks kept, tabs as spaces, other control characters dropped. */
export function sanitize(text: string, font: PDFFont): string {
  const supported = new Set(font.getCharacterSet())
  let out = ''
  for (const char of text.normalize('NFC').replace(/\r\n?/g, '\n').replace(/\t/g, '    ')) {
    if (char === '\n') out += char
    else if (/\p{Cc}/u.test(char)) continue
    else if (supported.has(char.codePointAt(0)!)) out += char
    else {
      // Try the letter without its accent before giving up (e.g. 'ő' -> 'o').
      const base = char.normalize('NFD').replace(/\p{M}/gu, '')
      out += base.length > 0 && [...base].every((c) => supported.has(c.codePointAt(0)!)) ? base : '?'
    }
  }
  return out
}

/** Splits text into lines no wider than `width`; words longer than a line are broken by character. */
export function wrapText(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = []
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/ +/)) {
      const candidate = line === '' ? word : `${line} ${word}`
      if (fits(candidate)) {
        line = candidate
        continue
      }
      if (line !== '') lines.push(line)
      line = ''
      let rest = word
      while (!fits(rest)) {
        let cut = 1
        while (cut < rest.length && fits(rest.slice(0, cut + 1))) cut++
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

class Writer {
  private page!: PDFPage
  private y = 0
  readonly pages: PDFPage[] = []
  constructor(
    private readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage()
  }

  get width() {
    return PAGE.width - 2 * PAGE.margin
  }

  private newPage() {
    this.page = this.doc.addPage([PAGE.width, PAGE.height])
    this.pages.push(this.page)
    this.y = PAGE.height - PAGE.margin
  }

  /** Room for `height` more points on this page, else a new page. */
  ensure(height: number) {
    if (this.y - height < PAGE.margin + SIZE.small * 2) this.newPage()
  }

  gap(points: number) {
    this.y -= points
  }

  text(text: string, { size = SIZE.body, font = this.regular, color = INK, indent = 0 } = {}) {
    const lineHeight = size * LINE
    for (const line of wrapText(sanitize(text, font), font, size, this.width - indent)) {
      this.ensure(lineHeight)
      this.y -= lineHeight
      this.page.drawText(line, { x: PAGE.margin + indent, y: this.y + (lineHeight - size) / 2, size, font, color })
    }
  }

  rule() {
    this.ensure(8)
    this.y -= 4
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.5,
      color: MUTED,
    })
    this.y -= 4
  }

  footers(label: string) {
    this.pages.forEach((page, index) => {
      const text = sanitize(`${label} - Page ${index + 1} of ${this.pages.length}`, this.regular)
      page.drawText(text, { x: PAGE.margin, y: PAGE.margin - SIZE.small * 2, size: SIZE.small, font: this.regular, color: MUTED })
    })
  }
}

export async function buildSubmissionPdf({ submission, userName, generatedAt = new Date() }: ReportInput): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const title = formLabel({ id: submission.formId, name: submission.formName })
  doc.setTitle(title)
  doc.setAuthor(userName)
  doc.setProducer(PRODUCT_NAME)
  doc.setCreator(PRODUCT_NAME)
  doc.setCreationDate(generatedAt)
  doc.setModificationDate(generatedAt)
  const [regular, bold] = await Promise.all([doc.embedFont(StandardFonts.Helvetica), doc.embedFont(StandardFonts.HelveticaBold)])
  const out = new Writer(doc, regular, bold)

  out.text(PRODUCT_NAME, { size: SIZE.small, color: MUTED })
  out.gap(4)
  out.text(title, { size: SIZE.title, font: bold })
  out.gap(6)
  out.text(`Submitted: ${formatSubmittedTime(submission.submittedAt)}`)
  out.text(`Submitted by: ${userName}`)
  out.text(`Input method: ${INPUT_METHOD_LABELS[submission.inputMethod]}`)
  out.gap(6)
  out.rule()

  for (const { label, value } of submissionFields(submission.formId, submission.data)) {
    out.gap(6)
    // Keep a label with at least the first line of its value.
    out.ensure((SIZE.heading + SIZE.body) * LINE)
    out.text(label, { size: SIZE.heading, font: bold })
    out.text(value.trim() !== '' ? value : NOT_FILLED, { color: value.trim() !== '' ? INK : MUTED, indent: 12 })
  }

  out.gap(10)
  out.rule()
  out.gap(4)
  out.text(VERIFY_NOTICE, { size: SIZE.small, color: MUTED })
  out.text(`Report generated ${formatSubmittedTime(generatedAt.toISOString())} by ${PRODUCT_NAME}.`, {
    size: SIZE.small,
    color: MUTED,
  })
  out.footers(title)
  return doc.save()
}
