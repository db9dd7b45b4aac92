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
 * be read ('11/20/2026', 'Nov 20 2026'). A value that ends up empty (or a date or number that cannot be
 * read) is not used, so the field stays as it was.
 */

const DISALLOWED = /[^A-Za-z0-9 \-/.+]/g
/** A plus that is not the plus of a station ('12+50', '105+00.25'). */
const NON_STATION_PLUS = /(?<!\d)\+|\+(?!\d{2}(?!\d))/g

/**
 * §9 clean-up: whitespace becomes one space; anything but letters, digits, space, - / . is removed, except
 * the plus inside a station number.
 */
export function cleanOcrText(text: string): string {
  return text.replace(/\s+/g, ' ').replace(DISALLOWED, '').replace(NON_STATION_PLUS, '').replace(/ {2,}/g, ' ').trim()
}

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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

function isoOf(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2199 || month < 1 || month > 12 || day < 1 || day > 31) return null
  const date = new Date(Date.UTC(year, month - 1, day))
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function fullYear(text: string): number {
  const year = Number(text)
  return text.length <= 2 ? 2000 + year : year
}

/**
 * A date as yyyy-mm-dd, or null when none can be read. Accepts 2026-11-20, 2026/11/20, 11/20/2026,
 * 11-20-26 (month first, as dates are written in the US), 'November 20, 2026', 'Nov 20th 2026' and
 * '20 November 2026'. Impossible dates (2026-02-30) give null.
 */
export function toIsoDate(text: string): string | null {
  const value = text.trim()
  let m = /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/.exec(value)
  if (m) return isoOf(Number(m[1]), Number(m[2]), Number(m[3]))
  m = /\b(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/.exec(value)
  if (m) return isoOf(fullYear(m[3]!), Number(m[1]), Number(m[2]))
  m = /\b([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})\b/i.exec(value)
  if (m) {
    const month = MONTHS.indexOf(m[1]!.slice(0, 3).toLowerCase())
    if (month >= 0) return isoOf(Number(m[3]), month + 1, Number(m[2]))
  }
  m = /\b(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?\s+(\d{4})\b/i.exec(value)
  if (m) {
    const month = MONTHS.indexOf(m[2]!.slice(0, 3).toLowerCase())
    if (month >= 0) return isoOf(Number(m[3]), month + 1, Number(m[1]))
  }
  return null
}

/**
 * The first number in a text, as typed digits ('1,250.5 tons' -> '1250.5'), or null. Inside a run of
 * digits, the letters OCR confuses with them count as digits: O/o as 0, I/l as 1 ('2O5' -> '205').
 */
export function toNumberText(text: string): string | null {
  const fixed = text
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/[0-9OoIl.]+/g, (run) => (/\d/.test(run) ? run.replace(/[Oo]/g, '0').replace(/[Il]/g, '1') : run))
  const m = /-?(?:\d+(?:\.\d+)?|\.\d+)/.exec(fixed)
  if (!m) return null
  return m[0].startsWith('.') ? `0${m[0]}` : m[0].startsWith('-.') ? `-0${m[0].slice(1)}` : m[0]
}

/** A cleaned value converted for its field type, or null when nothing usable is left. */
export function fieldValue(field: Pick<FormField, 'type'>, raw: string): string | null {
  const cleaned = cleanOcrText(raw)
  if (cleaned === '') return null
  if (field.type === 'number') return toNumberText(cleaned)
  // The date is read from the raw text too: the clean-up removes the comma in 'Nov 20, 2026' (harmless)
  // but a date is never worse for being read before it.
  if (field.type === 'date') return toIsoDate(raw) ?? toIsoDate(cleaned)
  return cleaned
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
}

/** Maps recognised text to the fields of a form (see the rules at the top of this file). */
export function mapOcrText(form: Pick<FormTemplate, 'id' | 'name' | 'fields'>, text: string): OcrMapping {
  const lines = ocrLines(text)
  const labelled = lines.some((line) =>
    form.fields.some((field) => labelledValue(field, line, 'label') !== null || labelledValue(field, line, 'labelPart') !== null),
  )
  const data: FormData = {}
  if (!labelled) {
    const values = lines.filter((line) => !isFormHeading(form, line))
    form.fields.forEach((field, index) => {
      const line = values[index]
      const value = line === undefined ? null : fieldValue(field, line)
      if (value) data[field.id] = value
    })
    return { data, mode: 'position' }
  }
  const used = new Set<number>()
  for (const level of ['label', 'labelPart', 'firstWord'] as const) {
    for (const field of form.fields) {
      if (field.id in data) continue
      for (let i = 0; i < lines.length; i++) {
        if (used.has(i)) continue
        const raw = labelledValue(field, lines[i]!, level)
        const value = raw === null ? null : fieldValue(field, raw)
        if (value) {
          data[field.id] = value
          used.add(i)
          break
        }
      }
    }
  }
  return { data, mode: 'label' }
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
