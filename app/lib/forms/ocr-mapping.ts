import { cleanOcrText, readField, valueConfidence, type FieldReview } from '../ocr/fields'
import type { OcrLine, OcrReading } from '../ocr/reading'
import type { FormData, FormField, FormTemplate } from './templates'

/**
 * OCR text to form fields (product-spec §9). Pure: runs in the browser after tesseract.js and in tests.
 *
 * How "by position" and "by label" combine (the spec names both without saying how they meet):
 * 1. The text is split into lines; blank lines are dropped.
 * 2. LABEL MODE, used when at least one line carries a label of this form ('Label: value', or a line that
 *    starts with a field's whole label). Every field then takes the best line that names it, in three
 *    passes so a stronger match is never taken by a weaker one:
 *      a. the line starts with the field's whole label ('Project Number: 12-345', 'Tonnage Placed 412');
 *      b. the part before a colon contains the first word of the label ('Project No: 12-345');
 *      c. the line starts with the first word of the label, no colon ('Contractor ABC Paving').
 *    Each line feeds one field at most; the label part (and a unit such as '(°F)') is removed from the value.
 *    Lines naming no field (the form's title, a header) are ignored: mapping them by position would put
 *    the title into Date.
 * 3. POSITION MODE, used when no line carries a label (values written one per line): the n-th line
 *    fills the n-th field. Heading lines of the form itself are skipped first: a line with the form's
 *    number ('400.04') or with its name, or a piece of 2+ words of its name (a title wrapped over lines).
 * Then every value is cleaned (§9: only letters, digits, spaces, hyphen, slash and period are kept, and
 * the plus of a station such as '12+50': stripping it would turn the station into the number 1250, which a
 * Location/Station field must not do; decision in docs/decisions/004),
 * number fields keep the first number ('285 F' -> '285'), date fields become yyyy-mm-dd when the date can
 * be read ('11/20/2026', 'Nov 20 2026'), and a station field (format 'station') has its stations put in
 * the calculators' normal form (app/lib/ocr/stations.ts, shared with the server's photo analysis). A
 * value that ends up empty (or a date or number that cannot be read) is not used, so the field stays as
 * it was.
 *
 * REVIEW (issue 15: a misread station was saved unflagged). With the reading's confidences (the browser
 * asks tesseract for lines and words), every value is checked before it is used (app/lib/ocr/fields.ts:
 * low confidence, or a value that fails its field's shape), and the field is flagged for review.
 * The form asks the user to confirm or correct each flagged field before it can be submitted.
 */

/** Words of a label for matching: lower case, units in brackets dropped, split on anything not a letter or digit. */
export function labelWords(label: string): string[] {
  return label
    .toLowerCase()
    .replace(/\([^)]*\)/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
}

interface Token {
  word: string
  end: number
}

function tokens(text: string): Token[] {
  const found: Token[] = []
  for (const match of text.matchAll(/[A-Za-z0-9]+/g)) {
    found.push({ word: match[0].toLowerCase(), end: (match.index ?? 0) + match[0].length })
  }
  return found
}

/** A line word stands for a label word when equal, or an abbreviation of 4+ letters ('Temp', 'Cont'). */
function wordMatches(lineWord: string, label: string): boolean {
  return lineWord === label || (lineWord.length >= 4 && label.startsWith(lineWord))
}

/** Leading separators and a bracketed unit left after the label: ' (°F): ', ' - ', '. '. */
function stripLeadingSeparators(text: string): string {
  return text.replace(/^\s*(\([^)]*\))?\s*[:;.\-–—=]*\s*/, '')
}


type Level = 'label' | 'labelPart' | 'firstWord'

/** The value a line gives a field at one match level, or null when the line does not name the field. */
function labelledValue(field: FormField, line: string, level: Level): string | null {
  const words = labelWords(field.label)
  const first = words[0]
  if (!first) return null
  const colon = line.search(/[:;]/)
  if (level === 'label') {
    const lineTokens = tokens(line)
    if (lineTokens.length < words.length) return null
    for (let i = 0; i < words.length; i++) if (!wordMatches(lineTokens[i]!.word, words[i]!)) return null
    // A whole-label line may still have a colon later in its label part ('Mat Temperature (F): 285').
    const rest = line.slice(lineTokens[words.length - 1]!.end)
    return colon >= 0 && colon >= lineTokens[words.length - 1]!.end ? line.slice(colon + 1) : stripLeadingSeparators(rest)
  }
  if (level === 'labelPart') {
    if (colon < 0) return null
    const head = tokens(line.slice(0, colon)).map((t) => t.word)
    return head.some((word) => wordMatches(word, first)) ? line.slice(colon + 1) : null
  }
  if (colon >= 0) return null
  const lineTokens = tokens(line)
  if (!lineTokens[0] || lineTokens[0].word !== first) return null
  // Drop the label words the line repeats ('Mat Temp 285' -> '285').
  let used = 1
  while (used < words.length && lineTokens[used] && wordMatches(lineTokens[used]!.word, words[used]!)) used++
  return stripLeadingSeparators(line.slice(lineTokens[used - 1]!.end))
}

export function ocrLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => cleanOcrText(line) !== '')
}


function readingLines(reading: OcrReading): OcrLine[] {
  // Text alone: ocrLines already trims and drops empty lines.
  if (!reading.lines) return ocrLines(reading.text).map((text) => ({ text, words: [] }))
  return reading.lines.map((line) => ({ text: line.text.trim(), words: line.words })).filter((line) => cleanOcrText(line.text) !== '')
}


/** A heading of the form: its number, its name, or a wrapped piece of the name ('Construction Daily Report'). */
export function isFormHeading(form: Pick<FormTemplate, 'id' | 'name'>, line: string): boolean {
  const text = cleanOcrText(line).toLowerCase()
  const name = form.name.toLowerCase()
  if (text.includes(form.id) || text.includes(name)) return true
  return text.split(' ').length >= 2 && name.includes(text)
}

export interface OcrMapping {
  /** Field id to value, only for the fields the text filled. */
  data: FormData
  mode: 'label' | 'position'
  /** Field id to what the user must check there (a field may be flagged without a value: unreadable). */
  review: Record<string, FieldReview>
}

/**
 * Maps a reading (text, and lines with word confidences when known) to the fields of a form, with review
 * flags (see the rules at the top of this file).
 */
export function mapOcrReading(form: Pick<FormTemplate, 'id' | 'name' | 'fields'>, reading: OcrReading): OcrMapping {
  const lines = readingLines(reading)
  const labelled = lines.some((line) =>
    form.fields.some((field) => labelledValue(field, line.text, 'label') !== null || labelledValue(field, line.text, 'labelPart') !== null),
  )
  const data: FormData = {}
  const review: Record<string, FieldReview> = {}
  if (!labelled) {
    const values = lines.filter((line) => !isFormHeading(form, line.text))
    form.fields.forEach((field, index) => {
      const line = values[index]
      if (!line) return
      const read = readField(field, line.text, valueConfidence(line, line.text))
      if (read.value) data[field.id] = read.value
      if (read.review) review[field.id] = read.review
    })
    return { data, mode: 'position', review }
  }
  const used = new Set<number>()
  // A line that named a field but whose value could not be read: flagged if no other line fills the field.
  const unreadable = new Map<string, FieldReview>()
  for (const level of ['label', 'labelPart', 'firstWord'] as const) {
    for (const field of form.fields) {
      if (field.id in data) continue
      for (let i = 0; i < lines.length; i++) {
        if (used.has(i)) continue
        const raw = labelledValue(field, lines[i]!.text, level)
        if (raw === null) continue
        const read = readField(field, raw, valueConfidence(lines[i]!, raw))
        if (read.value) {
          data[field.id] = read.value
          if (read.review) review[field.id] = read.review
          used.add(i)
          break
        }
        if (read.review && !unreadable.has(field.id)) unreadable.set(field.id, read.review)
      }
    }
  }
  for (const [fieldId, flag] of unreadable) if (!(fieldId in data)) review[fieldId] = flag
  return { data, mode: 'label', review }
}

/**
 * §9 'results merge into existing data': what the scan read replaces the value of that field (the newer
 * reading wins, as a second scan is usually a better photo); fields the scan did not read keep what was
 * there, typed or spoken. An empty reading never erases a value.
 */
export function mergeOcrData(existing: FormData, extracted: FormData): FormData {
  const merged: FormData = { ...existing }
  for (const [id, value] of Object.entries(extracted)) if (value.trim() !== '') merged[id] = value
  return merged
}
