import { LOW_WORD_CONFIDENCE } from './settings'
import type { OcrLine } from './reading'
import { readStationField, type StationIssue } from './stations'

/**
 * What a value read by OCR becomes in a field of a given shape, and whether the user must check it
 * (issue 15: a station misread as '23450' was saved unflagged). Shared by the form filler's mapping
 * (app/lib/forms/ocr-mapping.ts) and the voice input (app/lib/forms/voice.ts); the station rules are the
 * calculators' (./stations.ts, also used by the server's photo analysis). Pure and browser-safe.
 *
 * A field is flagged for review when its weakest word was read with less than LOW_WORD_CONFIDENCE, or
 * when the value fails its field's shape: a station that is not written as one (or whose '+' was read as
 * a 4), a date or a number that cannot be read (the field is left as it was, and the flag shows what was
 * read), letters taken as digits.
 */

/** The shape of a form field, as far as reading a value into it goes (a FormField fits it). */
export interface FieldShape {
  type: 'date' | 'text' | 'number' | 'textarea'
  /** 'station': a location or station field, whose stations are normalised and checked. */
  format?: 'station'
}

const DISALLOWED = /[^A-Za-z0-9 \-/.+]/g
/** A station's plus read with spaces around it ('23 + 50'): closed up first, so it is kept. */
const SPACED_STATION_PLUS = /(\d) ?\+ ?(\d{2})(?!\d)/g
/** A plus that is not the plus of a station ('12+50', '105+00.25'). */
const NON_STATION_PLUS = /(?<!\d)\+|\+(?!\d{2}(?!\d))/g

/**
 * §9 clean-up: whitespace becomes one space; anything but letters, digits, space, - / . is removed, except
 * the plus inside a station number.
 */
export function cleanOcrText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(DISALLOWED, '')
    .replace(SPACED_STATION_PLUS, '$1+$2')
    .replace(NON_STATION_PLUS, '')
    .replace(/ {2,}/g, ' ')
    .trim()
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

export type ReviewReason = 'low-confidence' | StationIssue | 'unreadable-date' | 'unreadable-number' | 'letters-as-digits'

/** Why a field read by OCR must be checked by the user before the form is submitted. */
export interface FieldReview {
  /** The text as read (cleaned), to show next to the field. */
  read: string
  reasons: ReviewReason[]
  /** The weakest word's confidence (0-100), when the reading had confidences. */
  confidence: number | null
  /** One or two sentences for the user. */
  message: string
}

interface FieldReading {
  /** What to fill in, or null to leave the field as it was. */
  value: string | null
  review: FieldReview | null
}

/** The first number of a text with no letter taken for a digit (to tell whether toNumberText did so). */
function plainNumber(text: string): string | null {
  return /-?(?:\d+(?:\.\d+)?|\.\d+)/.exec(text.replace(/(\d),(?=\d{3}\b)/g, '$1'))?.[0] ?? null
}

function reviewMessage(reasons: readonly ReviewReason[], read: string, value: string | null, confidence: number | null): string {
  const parts: string[] = []
  for (const reason of reasons) {
    if (reason === 'plus-read-as-4') parts.push(`Read as '${read}': the '+' of a station is often read as a 4, so it was filled in as ${value}.`)
    if (reason === 'not-a-station') parts.push(`'${read}' is not written as a station (like 23+50).`)
    if (reason === 'short-after-plus') parts.push(`'${read}' has one digit after the plus: filled in as ${value}, as the calculators read it.`)
    if (reason === 'unreadable-date') parts.push(`Read '${read}', which is not a date: the field was left as it was.`)
    if (reason === 'unreadable-number') parts.push(`Read '${read}', which is not a number: the field was left as it was.`)
    if (reason === 'letters-as-digits') parts.push(`Read as '${read}': letters were taken as digits (${value}).`)
  }
  if (reasons.includes('low-confidence')) {
    const how = confidence === null ? '' : ` (${Math.round(confidence)}%)`
    parts.unshift(parts.length > 0 ? `Read with low confidence${how}.` : `Read as '${read}' with low confidence${how}.`)
  }
  return `${parts.join(' ')} Check it against the form, then confirm or correct it.`
}

/**
 * A raw value for a field: what to fill in, and whether the user must review it. `confidence` is the
 * weakest confidence of the words the value was read from (null when unknown: text without confidences).
 */
export function readField(field: FieldShape, raw: string, confidence: number | null): FieldReading {
  const cleaned = cleanOcrText(raw)
  if (cleaned === '') return { value: null, review: null }
  const reasons: ReviewReason[] = []
  let value: string | null
  if (field.type === 'number') {
    value = toNumberText(cleaned)
    if (value === null) reasons.push('unreadable-number')
    else if (plainNumber(cleaned) !== value) reasons.push('letters-as-digits')
  } else if (field.type === 'date') {
    // The date is read from the raw text too: the clean-up removes the comma in 'Nov 20, 2026' (harmless)
    // but a date is never worse for being read before it.
    value = toIsoDate(raw) ?? toIsoDate(cleaned)
    if (value === null) reasons.push('unreadable-date')
  } else if (field.format === 'station') {
    const station = readStationField(cleaned)
    value = station.value
    if (station.issue) reasons.push(station.issue)
  } else {
    value = cleaned
  }
  if (confidence !== null && confidence < LOW_WORD_CONFIDENCE) reasons.unshift('low-confidence')
  if (reasons.length === 0) return { value, review: null }
  return { value, review: { read: cleaned, reasons, confidence, message: reviewMessage(reasons, cleaned, value, confidence) } }
}

/**
 * The weakest confidence of the words a value was read from: the value is the end of its line (the label
 * part comes first), so its words are the line's last ones. Null without word confidences.
 */
export function valueConfidence(line: OcrLine, raw: string): number | null {
  const count = raw.trim().split(/\s+/).filter(Boolean).length
  if (line.words.length === 0 || count === 0) return null
  const words = line.words.slice(-Math.min(count, line.words.length))
  return Math.min(...words.map((word) => word.confidence))
}
