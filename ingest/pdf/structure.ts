/**
 * Recognises the structure of a DOT specification book from the plain text of its pages: divisions,
 * sections and numbered subsections (401, 401.4, 401.4.2, 401.2.2.1), tables with their titles, and
 * the page range of each part. Running headers, footers, page labels ('401-3') and table-of-contents
 * pages are removed. Pure: no I/O. Anything it cannot place with confidence becomes a warning.
 */

import type { PageText } from '../../app/lib/pdf/read.server'

export type { PageText }

export interface BookMeta {
  document: string
  edition: string
}

export interface ParsedDivision {
  number: string
  title: string
}

export interface ParsedTable {
  /** '401-1', '401.4-1' */
  number: string
  /** The whole title line, e.g. 'Table 401-1 Job Mix Formula Tolerances'. */
  title: string
  /** One string per row, cells joined with ' | ' when the PDF separated them. */
  rows: string[]
  /** Title and rows, one per line. */
  text: string
  pageStart: number
  pageEnd: number
}

export interface SectionBlock {
  kind: 'paragraph' | 'table'
  text: string
  pageStart: number
  pageEnd: number
  /** Where the text moves to a later page: character offset into `text` and that page. */
  pageBreaks: { at: number; page: number }[]
}

export interface ParsedSection {
  /** '401', '401.4', '401.4.2', '401.2.2.1' */
  number: string
  title: string
  /** 1 = section, 2 = subsection (401.4), 3 = 401.4.2 ... */
  level: number
  parent: string | null
  /** '400' for section 401 and its subsections. */
  division: string
  /** Body: paragraphs and tables separated by blank lines. Empty for a bare heading. */
  text: string
  pageStart: number
  pageEnd: number
  tables: ParsedTable[]
  /** A heading followed directly by its first child: its content sits in that child. */
  bare: boolean
  /** Bare headings (outermost first) whose content sits in this section. */
  carries: string[]
  blocks: SectionBlock[]
}

export interface ParsedBook {
  document: string
  edition: string
  divisions: ParsedDivision[]
  sections: ParsedSection[]
  warnings: string[]
  /** The label each page prints ('401-3'), by physical page number, where the page has one. */
  pageLabels: Record<number, string>
}

interface Line {
  page: number
  text: string
  cells: string[]
  blankBefore: boolean
  zone: boolean
}

type Item = { kind: 'line'; line: Line } | { kind: 'table'; table: ParsedTable }

interface Builder {
  section: ParsedSection
  items: Item[]
  /** Last subsection number accepted inside this level-1 section (monotonic order). */
  lastChild: string
}

const DIVISION_RE = /^DIVISION\s+(\d{3})(?:\s*[-–—:]\s*|\s+|$)(.*)$/i
const SECTION_RE = /^SECTION\s+(\d{3})(?:\s*[-–—:]\s*|\s+|$)(.*)$/i
const SUBSECTION_RE = /^(\d{3}(?:\.\d{1,3})+)\.?\s+(\S.*)$/
const TABLE_RE = /^TABLE\s+(\d{3}(?:\.\d{1,3})*-\d{1,3}[A-Z]?)(?:\s*[-–—:.]\s*|\s+|$)(.*)$/i
const CONTINUED_RE = /^\(?(?:continued|cont['’]?d\.?)\)?$/i
const SECTION_PAGE_LABEL_RE = /^(\d{3})-(\d{1,3})$/
const PLAIN_PAGE_LABEL_RE = /^(?:page\s+)?(?:\d{1,4}|[ivxlcdm]{1,7})(?:\s+of\s+\d{1,4})?$|^[-–]\s?\d{1,4}\s?[-–]$/i
const LABEL_IN_LINE_RE = /(?:^|\s)(\d{3})-(\d{1,3})(?=\s|$)/
const DOT_LEADER_RE = /(?:\.\s?){4,}\s*\S{0,10}\s*$|\u2026{2,}|(?:_\s?){6,}\s*\S{0,10}\s*$/
const TOC_REF_RE = /^(?:SECTION\s+\d{3}|DIVISION\s+\d{3}|\d{3}(?:\.\d{1,3})*)\b.*\s(?:\d{3}-\d{1,3}|\d{1,4})$/i
const TOC_TITLE_RE = /^(?:table\s+of\s+)?contents$|^index$/i
const INDEX_REFS_RE = /[\s,]\d{3}-\d{1,3}(?:,\s*\d{3}-\d{1,3})*$/
/** A heading copied into a contents list on a body page: '401.4 Construction Requirements 401-5'. */
const HEADING_WITH_REF_RE = /^(?:SECTION\s+\d{3}|DIVISION\s+\d{3}|\d{3}(?:\.\d{1,3})+)\b.*\s\d{3}-\d{1,3}$/i
const PAGE_REF_END_RE = /\s\d{3}-\d{1,3}$/
const CONTINUATION_END_RE =
  /(?:\b(?:sub)?sections?|\b(?:in|of|and|or|to|see|per|with|under|by|from|the|than|tables?|accordance)|[,\u2014-])$/i
const LIST_MARKER_RE = /^(?:\(?[a-z0-9]{1,3}\)|[A-Z0-9]{1,3}\.|[a-z]\.|[•▪◦‣·–-])\s+/
const SMALL_WORDS = new Set(
  'a an and as at but by for from in into nor of on or per the to vs with within without upon via than over under'.split(
    ' ',
  ),
)

const HEADER_ZONE_LINES = 3
const HEADER_MIN_PAGE_SHARE = 0.3
const MAX_WARNINGS = 200

/** Breaks a raw PDF line into cells (tab or wide gaps) and normalises its whitespace and ligatures. */
function normaliseLine(raw: string): { text: string; cells: string[] } {
  const cleaned = raw
    .replace(/[^\P{Cc}\t]/gu, '')
    .replace(/[\u00a0\u2000-\u200a\u202f\u205f\u3000]/g, ' ')
    .replace(/\ufb00/g, 'ff')
    .replace(/\ufb01/g, 'fi')
    .replace(/\ufb02/g, 'fl')
    .replace(/\ufb03/g, 'ffi')
    .replace(/\ufb04/g, 'ffl')
    .replace(/\u00ad\s*$/, '-')
    .replace(/\u00ad/g, '')
  const cells = cleaned
    .split(/\t| {3,}/)
    .map((cell) => cell.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
  return { text: cells.join(' '), cells }
}

export function compareNumbers(a: string, b: string): number {
  const pa = a.split('.').map(Number)
  const pb = b.split('.').map(Number)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i]
    const y = pb[i]
    if (x === undefined) return -1
    if (y === undefined) return 1
    if (x !== y) return x - y
  }
  return 0
}

export function divisionOf(sectionNumber: string): string {
  const top = Number(sectionNumber.split('.')[0])
  return String(Math.floor(top / 100) * 100)
}

function isAllCaps(text: string): boolean {
  return /[A-Z]/.test(text) && !/[a-z]/.test(text)
}

/** A short Title-Cased or ALL CAPS phrase, as headings are. A trailing period is the caller's decision. */
export function isTitleLike(text: string): boolean {
  if (text.length === 0 || text.length > 120) return false
  if (!/^[("“'‘[]*[A-Z]/.test(text)) return false
  if (/[,;:]$/.test(text) || PAGE_REF_END_RE.test(text)) return false
  const words = text.split(' ')
  if (words.length > 12) return false
  let significant = 0
  let lower = 0
  let numeric = 0
  words.forEach((word, index) => {
    const core = word.replace(/^[("“'‘[]+|[)"”'’\],.;:]+$/g, '')
    if (!core) return
    if (!/[A-Za-z]/.test(core)) {
      numeric++
      return
    }
    if (index > 0 && SMALL_WORDS.has(core.toLowerCase())) return
    significant++
    if (!/^[A-Z0-9]/.test(core)) lower++
  })
  if (significant === 0 || numeric > significant) return false
  return lower === 0 || (significant >= 4 && lower <= 1)
}

function isHeadingPattern(text: string): boolean {
  return DIVISION_RE.test(text) || SECTION_RE.test(text) || SUBSECTION_RE.test(text) || TABLE_RE.test(text)
}

function formatPages(pages: number[]): string {
  const sorted = [...new Set(pages)].sort((a, b) => a - b)
  const ranges: string[] = []
  let start = sorted[0]
  let prev = start
  for (const page of [...sorted.slice(1), Number.NaN]) {
    if (page === (prev ?? 0) + 1) {
      prev = page
      continue
    }
    if (start !== undefined) ranges.push(start === prev ? `${start}` : `${start}-${prev}`)
    start = page
    prev = page
  }
  return `${sorted.length > 1 ? 'pages' : 'page'} ${ranges.join(', ')}`
}

interface PreparedPage {
  num: number
  lines: Line[]
  label: { section: string; page: number } | null
}

function splitPage(page: PageText): Line[] {
  const lines: Line[] = []
  let blank = false
  for (const raw of page.text.split(/\r\n|\r|\n/)) {
    const { text, cells } = normaliseLine(raw)
    if (!text) {
      blank = true
      continue
    }
    lines.push({ page: page.num, text, cells, blankBefore: blank && lines.length > 0, zone: false })
    blank = false
  }
  return lines
}

/** Contents lines: dot leaders, or a heading or index entry that ends with page references ('401-5'). */
function isTocLine(text: string): boolean {
  return DOT_LEADER_RE.test(text) || TOC_REF_RE.test(text) || INDEX_REFS_RE.test(text)
}

/** Table-of-contents and index pages: skipped whole, so that no section is created from them. */
function isTocPage(lines: Line[]): boolean {
  const tocLines = lines.filter((line) => isTocLine(line.text)).length
  const titled = lines.some((line) => TOC_TITLE_RE.test(line.text))
  return (tocLines >= 3 && tocLines >= lines.length * 0.3) || (titled && tocLines >= 1)
}

function zoneIndexes(count: number): number[] {
  const size = Math.min(HEADER_ZONE_LINES, Math.floor(count / 2))
  const indexes = new Set<number>()
  for (let i = 0; i < size; i++) {
    indexes.add(i)
    indexes.add(count - 1 - i)
  }
  return [...indexes]
}

const maskDigits = (text: string) => text.toLowerCase().replace(/\d+/g, '#')

/** 'section 401' for a line that could be a SECTION 401 heading or running header, else null. */
function keywordLine(text: string): string | null {
  const match = DIVISION_RE.exec(text) ?? SECTION_RE.exec(text)
  if (!match || (match[2] && !isTitleLike(match[2]))) return null
  return `${text.slice(0, 3).toLowerCase() === 'div' ? 'division' : 'section'} ${match[1]}`
}

/**
 * Removes running headers and footers: lines near the top or bottom of a page that repeat (digits
 * masked) on a good share of pages or verbatim on the neighbouring page, and page labels as a page's
 * first or last line. SECTION and DIVISION lines are left to the parser (a header that repeats the
 * current section is dropped there) unless the same heading appears again lower on the page.
 */
function removeRunningLines(pages: PreparedPage[]): void {
  const pageShare = new Map<string, Set<number>>()
  pages.forEach((page, index) => {
    for (const i of zoneIndexes(page.lines.length)) {
      const key = maskDigits(page.lines[i]!.text)
      const seen = pageShare.get(key) ?? new Set<number>()
      seen.add(index)
      pageShare.set(key, seen)
    }
  })
  const minPages = Math.max(3, Math.ceil(pages.length * HEADER_MIN_PAGE_SHARE))
  const zoneTexts = pages.map((page) => new Set(zoneIndexes(page.lines.length).map((i) => page.lines[i]!.text)))

  pages.forEach((page, index) => {
    const remove = new Set<number>()
    const count = page.lines.length
    for (const i of [0, count - 1]) {
      const line = page.lines[i]
      if (!line) continue
      const label = SECTION_PAGE_LABEL_RE.exec(line.text)
      if (label) page.label = { section: label[1]!, page: Number(label[2]) }
      if (label || PLAIN_PAGE_LABEL_RE.test(line.text)) remove.add(i)
    }
    for (const i of zoneIndexes(count)) {
      const line = page.lines[i]!
      line.zone = true
      if (remove.has(i)) continue
      // Some producers write the footer before the body: a '401-3' label anywhere near an edge.
      const label = SECTION_PAGE_LABEL_RE.exec(line.text)
      if (label) {
        page.label ??= { section: label[1]!, page: Number(label[2]) }
        remove.add(i)
        continue
      }
      const keyword = keywordLine(line.text)
      if (keyword) {
        const again = page.lines.some((other, j) => j > i && keywordLine(other.text) === keyword)
        if (again) remove.add(i)
        continue
      }
      // '401.1 Description' opens many sections at the top of a page: never a header by frequency alone.
      const previous = page.lines[i - 1]
      const titleOfHeading = previous !== undefined && keywordLine(previous.text) !== null && /\d$/.test(previous.text)
      const frequent =
        !isHeadingPattern(line.text) && !titleOfHeading && (pageShare.get(maskDigits(line.text))?.size ?? 0) >= minPages
      const neighbour = zoneTexts[index - 1]?.has(line.text) || zoneTexts[index + 1]?.has(line.text)
      if (frequent || neighbour) {
        remove.add(i)
        const label = LABEL_IN_LINE_RE.exec(line.text)
        if (label && !page.label) page.label = { section: label[1]!, page: Number(label[2]) }
      }
    }
    page.lines = page.lines.filter((_, i) => !remove.has(i))
  })
}

class SpecBookParser {
  readonly warnings: string[] = []
  private readonly divisions = new Map<string, ParsedDivision>()
  private readonly builders: Builder[] = []
  private readonly byNumber = new Map<string, Builder>()
  private top: Builder | null = null
  private current: Builder | null = null
  private currentDivision: string | null = null
  private readonly warnedForeign = new Set<string>()
  private readonly unattached = new Map<string, number[]>()

  constructor(private readonly lines: Line[]) {}

  warn(message: string): void {
    this.warnings.push(message)
  }

  private continuesSentence(i: number): boolean {
    const prev = this.lines[i - 1]
    return prev !== undefined && CONTINUATION_END_RE.test(prev.text)
  }

  /** Title lines that follow a bare 'SECTION 401' or 'DIVISION 400' line. */
  private titleAfter(i: number): { title: string; consumed: number } {
    const next = this.lines[i + 1]
    if (!next || !isTitleLike(next.text) || /\.$/.test(next.text) || isHeadingPattern(next.text)) {
      return { title: '', consumed: 1 }
    }
    const after = this.lines[i + 2]
    if (
      after &&
      isAllCaps(next.text) &&
      isAllCaps(after.text) &&
      isTitleLike(after.text) &&
      !isHeadingPattern(after.text) &&
      next.text.length + after.text.length < 110
    ) {
      return { title: `${next.text} ${after.text}`, consumed: 3 }
    }
    return { title: next.text, consumed: 2 }
  }

  private dropRepeat(i: number, title: string): number {
    return title && this.lines[i + 1]?.text === title ? 2 : 1
  }

  /** Title on the heading line itself, or on the following line(s); null when the rest is not a title. */
  private headingTitle(i: number, rest: string): { title: string; consumed: number } | null {
    if (!rest) return this.titleAfter(i)
    return isTitleLike(rest) && !/\.$/.test(rest) ? { title: rest, consumed: 1 } : null
  }

  /** Returns how many lines were consumed when line i is a division heading, else 0. */
  private division(i: number): number {
    const match = DIVISION_RE.exec(this.lines[i]!.text)
    if (!match || this.continuesSentence(i)) return 0
    const [, number, rest = ''] = match as unknown as [string, string, string]
    const heading = this.headingTitle(i, rest)
    if (!heading) return 0
    const known = this.divisions.get(number)
    if (known && !known.title && heading.title) {
      known.title = heading.title
      return heading.consumed
    }
    if (known) return this.dropRepeat(i, known.title)
    this.divisions.set(number, { number, title: heading.title })
    this.currentDivision = number
    this.top = null
    this.current = null
    return heading.consumed
  }

  private section(i: number): number {
    const line = this.lines[i]!
    const match = SECTION_RE.exec(line.text)
    if (!match || this.continuesSentence(i)) return 0
    const [, number, rest = ''] = match as unknown as [string, string, string]
    const heading = this.headingTitle(i, rest)
    if (!heading) return 0
    const known = this.byNumber.get(number)
    if (known) {
      // A running header that repeats the section name, or a stray copy of an earlier heading.
      if (known === this.top || line.zone) return this.dropRepeat(i, known.section.title)
      if (heading.title) this.warn(`Page ${line.page}: a second SECTION ${number} heading was kept as text.`)
      return 0
    }
    if (!heading.title) {
      const next = this.lines[i + 1]
      const child = next && SUBSECTION_RE.exec(next.text)?.[1]?.startsWith(`${number}.`)
      if (!child) return line.zone ? 1 : 0
      this.warn(`Page ${line.page}: SECTION ${number} has no title.`)
    }
    if (this.top && compareNumbers(number, this.top.section.number) < 0) {
      this.warn(`Page ${line.page}: SECTION ${number} comes after SECTION ${this.top.section.number}.`)
    }
    const division = divisionOf(number)
    if (this.currentDivision && this.currentDivision !== division) {
      this.warn(`Page ${line.page}: SECTION ${number} appears under DIVISION ${this.currentDivision}.`)
    }
    this.open(number, heading.title, 1, null, line.page)
    return heading.consumed
  }

  /** A DIVISION or SECTION line that merely repeats one already open (a running header). */
  private repeatedKeyword(i: number): number {
    const text = this.lines[i]!.text
    const division = DIVISION_RE.exec(text)
    const section = division ? null : SECTION_RE.exec(text)
    const match = division ?? section
    if (!match) return 0
    const title = division ? this.divisions.get(match[1]!)?.title : this.byNumber.get(match[1]!)?.section.title
    if (title === undefined || (match[2] && match[2] !== title)) return 0
    return this.dropRepeat(i, title)
  }

  private splitTitle(rest: string): { title: string; body: string } | null {
    if (isTitleLike(rest) && !/[.]$/.test(rest)) return { title: rest, body: '' }
    if (/\.$/.test(rest) && isTitleLike(rest.slice(0, -1)) && !rest.slice(0, -1).includes('. ')) {
      return { title: rest.slice(0, -1), body: '' }
    }
    // Run-in heading, AASHTO style: '401.4.2 Weather Limitations. Do not place...'
    const runIn = /^(.{1,100}?)\.\s+(?=["“(]?[A-Z])(.*)$/.exec(rest)
    if (runIn && isTitleLike(runIn[1]!)) return { title: runIn[1]!, body: runIn[2]! }
    return null
  }

  private subsection(i: number, quiet = false): number {
    const line = this.lines[i]!
    const match = SUBSECTION_RE.exec(line.text)
    if (!match || this.continuesSentence(i)) return 0
    const [, number, rest = ''] = match as unknown as [string, string, string]
    const parts = number.split('.')
    const split = this.splitTitle(rest)
    const top = this.top
    const say = (message: string) => {
      if (!quiet) this.warn(`Page ${line.page}: '${line.text.slice(0, 60)}' ${message}`)
    }
    if (!split) {
      const plausible =
        top !== null &&
        parts[0] === top.section.number &&
        /^[A-Z]/.test(rest) &&
        !/[.;:,]$/.test(rest) &&
        rest.split(' ').length <= 8 &&
        !this.byNumber.has(number) &&
        compareNumbers(number, top.lastChild) > 0
      if (plausible) say('was kept as text: a heading needs a Title-Cased title.')
      return 0
    }
    if (!top) return 0
    if (parts[0] !== top.section.number) {
      if (!quiet && !this.warnedForeign.has(parts[0]!)) {
        this.warnedForeign.add(parts[0]!)
        say(
          `looks like a heading of section ${parts[0]}, but the current section is ${top.section.number}; kept as text.`,
        )
      }
      return 0
    }
    if (this.byNumber.has(number)) {
      say(`repeats subsection ${number}; kept as text.`)
      return 0
    }
    if (compareNumbers(number, top.lastChild) <= 0) {
      say(`comes after ${top.lastChild} (out of order); kept as text.`)
      return 0
    }
    if (quiet) return 1
    let parent = parts.slice(0, -1).join('.')
    while (!this.byNumber.has(parent) && parent.includes('.')) parent = parent.slice(0, parent.lastIndexOf('.'))
    if (parent !== parts.slice(0, -1).join('.')) {
      this.warn(
        `Page ${line.page}: ${number} has no heading for ${parts.slice(0, -1).join('.')}; placed under ${parent}.`,
      )
    }
    top.lastChild = number
    const builder = this.open(number, split.title, parts.length, parent, line.page)
    if (split.body) {
      builder.items.push({ kind: 'line', line: { ...line, text: split.body, cells: [split.body], blankBefore: true } })
    }
    return 1
  }

  private open(number: string, title: string, level: number, parent: string | null, page: number): Builder {
    const builder: Builder = {
      section: {
        number,
        title,
        level,
        parent,
        division: divisionOf(number),
        text: '',
        pageStart: page,
        pageEnd: page,
        tables: [],
        bare: false,
        carries: [],
        blocks: [],
      },
      items: [],
      lastChild: number,
    }
    this.builders.push(builder)
    this.byNumber.set(number, builder)
    if (level === 1) this.top = builder
    this.current = builder
    return builder
  }

  /** True when line i would start something other than a table row. */
  private startsBlock(i: number): boolean {
    const text = this.lines[i]!.text
    if (DIVISION_RE.test(text) || SECTION_RE.test(text)) return keywordLine(text) !== null && !this.continuesSentence(i)
    return this.subsection(i, true) > 0
  }

  private tableTitle(i: number): { number: string; title: string; consumed: number; continued: boolean } | null {
    const line = this.lines[i]!
    const match = TABLE_RE.exec(line.text)
    if (!match || this.continuesSentence(i)) return null
    const [, number, rawRest = ''] = match as unknown as [string, string, string]
    if (!rawRest && /\.$/.test(line.text)) return null
    const rest = rawRest.replace(/\s*\(?(?:continued|cont['’]?d\.?)\)?$/i, '')
    const continued = rest !== rawRest || CONTINUED_RE.test(rawRest)
    if (rest) {
      if (!isTitleLike(rest) || /\.$/.test(rest)) return null
      return { number, title: line.text.replace(/\s*\(?(?:continued|cont['’]?d\.?)\)?$/i, ''), consumed: 1, continued }
    }
    const next = this.lines[i + 1]
    if (!continued && next && isTitleLike(next.text) && !/\.$/.test(next.text) && !isHeadingPattern(next.text)) {
      return { number, title: `${line.text} ${next.text}`, consumed: 2, continued }
    }
    return { number, title: line.text, consumed: 1, continued }
  }

  /** Collects a table from its title to a blank line, the next heading or the first line of prose. */
  private table(i: number): number {
    const head = this.tableTitle(i)
    if (!head) return 0
    const holder = this.current
    const previous = holder?.section.tables.at(-1)
    const table: ParsedTable =
      head.continued && previous?.number === head.number
        ? previous
        : {
            number: head.number,
            title: head.title,
            rows: [],
            text: '',
            pageStart: this.lines[i]!.page,
            pageEnd: this.lines[i]!.page,
          }
    const isNew = table !== previous
    let withCells = table.rows.filter((row) => row.includes(' | ')).length
    let j = i + head.consumed
    let inNote = false
    while (j < this.lines.length) {
      const line = this.lines[j]!
      if (line.blankBefore && table.rows.length > 0 && !inNote) break
      const repeat = this.repeatedKeyword(j)
      if (repeat > 0) {
        j += repeat
        continue
      }
      const again = TABLE_RE.test(line.text) ? this.tableTitle(j) : null
      if (again) {
        if (again.number !== head.number) break
        j += again.consumed
        continue
      }
      if (this.startsBlock(j)) break
      if (!inNote && table.rows.length > 0 && isProse(line, withCells * 2 >= table.rows.length)) break
      table.rows.push(line.cells.join(' | '))
      if (line.cells.length > 1) withCells++
      table.pageEnd = line.page
      if (/^(?:notes?\b|\*|†|‡)/i.test(line.text)) inNote = true
      if (inNote && /[.)]$/.test(line.text)) inNote = false
      j++
    }
    table.text = [table.title, ...table.rows].join('\n')
    if (!holder) {
      this.markUnattached(this.lines[i]!, j - i)
    } else if (isNew) {
      holder.section.tables.push(table)
      holder.items.push({ kind: 'table', table })
    }
    return j - i
  }

  private markUnattached(line: Line, count: number): void {
    const where = this.currentDivision
      ? `after the DIVISION ${this.currentDivision} heading`
      : 'before the first section'
    const pages = this.unattached.get(where) ?? []
    for (let k = 0; k < count; k++) pages.push(line.page)
    this.unattached.set(where, pages)
  }

  run(): { divisions: ParsedDivision[]; sections: ParsedSection[] } {
    let i = 0
    while (i < this.lines.length) {
      const line = this.lines[i]!
      const consumed = this.division(i) || this.section(i) || this.subsection(i) || this.table(i)
      if (consumed > 0) {
        i += consumed
        continue
      }
      if (this.current) this.current.items.push({ kind: 'line', line })
      else this.markUnattached(line, 1)
      i++
    }
    for (const [where, pages] of this.unattached) {
      this.warn(`${pages.length} line(s) ${where} were not indexed (${formatPages(pages)}).`)
    }
    const vocabulary = buildVocabulary(this.lines)
    const wide = typicalWidth(this.lines)
    const sections = this.builders.map((builder) => finishSection(builder, vocabulary, wide))
    this.markBare(sections)
    return { divisions: this.listDivisions(sections), sections }
  }

  private markBare(sections: ParsedSection[]): void {
    sections.forEach((section, index) => {
      const next = sections[index + 1]
      if (section.blocks.length > 0) return
      if (next && next.parent === section.number) {
        section.bare = true
        next.carries = [...section.carries, section.number]
      } else if (!/^reserved$/i.test(section.title)) {
        this.warn(`Page ${section.pageStart}: ${section.number} ${section.title} has no text.`)
      }
    })
  }

  private listDivisions(sections: ParsedSection[]): ParsedDivision[] {
    for (const section of sections) {
      if (section.level === 1 && !this.divisions.has(section.division)) {
        this.divisions.set(section.division, { number: section.division, title: '' })
        this.warn(
          `No DIVISION ${section.division} heading was found; division ${section.division} was inferred from section ${section.number}.`,
        )
      }
    }
    return [...this.divisions.values()].sort((a, b) => Number(a.number) - Number(b.number))
  }
}

function isProse(line: Line, tableHasCells: boolean): boolean {
  const words = line.text.split(' ')
  const lowerWords = words.filter((word) => /^[a-z][a-z'’-]*[.,;:)]?$/.test(word)).length / words.length
  if (tableHasCells) return line.cells.length < 2 && words.length >= 6 && lowerWords >= 0.4
  return words.length >= 8 && lowerWords >= 0.5
}

function buildVocabulary(lines: Line[]): Set<string> {
  const words = new Set<string>()
  for (const line of lines) {
    for (const match of line.text.matchAll(/[A-Za-z]+(?:-[A-Za-z]+)*(-?)/g)) {
      if (!match[1]) words.add(match[0].toLowerCase())
    }
  }
  return words
}

function typicalWidth(lines: Line[]): number {
  const lengths = lines
    .filter((line) => line.cells.length < 2)
    .map((line) => line.text.length)
    .sort((a, b) => a - b)
  return Math.max(40, lengths[Math.floor(lengths.length * 0.9)] ?? 0)
}

/** Joins two lines of one paragraph, undoing end-of-line hyphenation ('construc-' + 'tion'). */
function joinLines(left: string, right: string, vocabulary: Set<string>): string {
  const hyphen = /([A-Za-z]+)-$/.exec(left)
  if (hyphen && !/\s-$/.test(left)) {
    const head = hyphen[1]!
    const tail = /^[A-Za-z]+/.exec(right)?.[0]
    if (!tail || !/^[a-z]/.test(tail)) return left + right
    const hyphenated = `${head}-${tail}`.toLowerCase()
    const joined = `${head}${tail}`.toLowerCase()
    if (vocabulary.has(hyphenated) && !vocabulary.has(joined)) return left + right
    return left.slice(0, -1) + right
  }
  if (/[\u2014/]$/.test(left)) return left + right
  return `${left} ${right}`
}

function paragraphBreak(prev: Line, line: Line, wide: number): boolean {
  if (line.blankBefore) return true
  if (line.cells.length > 1 !== prev.cells.length > 1) return true
  if (/-$/.test(prev.text)) return false
  if (LIST_MARKER_RE.test(line.text)) return true
  return /[.:;!?]["”’)]?$/.test(prev.text) && prev.text.length < wide * 0.75
}

function finishSection(builder: Builder, vocabulary: Set<string>, wide: number): ParsedSection {
  const blocks: SectionBlock[] = []
  let paragraph: Line[] = []
  const flush = () => {
    if (paragraph.length === 0) return
    const tabular = paragraph[0]!.cells.length > 1
    const show = (line: Line) => (tabular ? line.cells.join(' | ') : line.text)
    let text = show(paragraph[0]!)
    const pageBreaks: SectionBlock['pageBreaks'] = []
    for (let k = 1; k < paragraph.length; k++) {
      const line = paragraph[k]!
      text = tabular ? `${text}\n${show(line)}` : joinLines(text, line.text, vocabulary)
      if (line.page !== paragraph[k - 1]!.page)
        pageBreaks.push({ at: text.length - show(line).length, page: line.page })
    }
    blocks.push({ kind: 'paragraph', text, pageStart: paragraph[0]!.page, pageEnd: paragraph.at(-1)!.page, pageBreaks })
    paragraph = []
  }
  for (const item of builder.items) {
    if (item.kind === 'table') {
      flush()
      const { text, pageStart, pageEnd } = item.table
      blocks.push({ kind: 'table', text, pageStart, pageEnd, pageBreaks: [] })
      continue
    }
    const prev = paragraph.at(-1)
    if (prev && paragraphBreak(prev, item.line, wide)) flush()
    paragraph.push(item.line)
  }
  flush()
  const section = builder.section
  section.blocks = blocks
  section.text = blocks.map((block) => block.text).join('\n\n')
  section.pageEnd = Math.max(section.pageStart, ...blocks.map((block) => block.pageEnd))
  return section
}

/** Checks the page labels ('402-1') against the sections the parser placed on those pages. */
function checkLabels(pages: PreparedPage[], sections: ParsedSection[]): string[] {
  const spans = new Map<string, { start: number; end: number }>()
  for (const section of sections) {
    const top = section.number.split('.')[0]!
    const span = spans.get(top)
    if (span) span.end = Math.max(span.end, section.pageEnd)
    else spans.set(top, { start: section.pageStart, end: section.pageEnd })
  }
  const mismatched = new Map<string, { pages: number[]; found: Set<string> }>()
  for (const page of pages) {
    if (!page.label || page.lines.length === 0) continue
    const span = spans.get(page.label.section)
    if (span && span.start <= page.num && page.num <= span.end) continue
    const entry = mismatched.get(page.label.section) ?? { pages: [], found: new Set<string>() }
    entry.pages.push(page.num)
    for (const [number, other] of spans) if (other.start <= page.num && page.num <= other.end) entry.found.add(number)
    mismatched.set(page.label.section, entry)
  }
  return [...mismatched].map(([label, { pages: list, found }]) => {
    const where = found.size > 0 ? `read as part of section ${[...found].join(', ')}` : 'not placed in any section'
    return `The ${formatPages(list)} labelled as section ${label} were ${where}: check the SECTION ${label} heading.`
  })
}

export function parseSpecBook(pages: PageText[], meta: BookMeta): ParsedBook {
  const prepared: PreparedPage[] = pages.map((page) => ({ num: page.num, lines: splitPage(page), label: null }))
  const content = prepared.filter((page) => !isTocPage(page.lines))
  removeRunningLines(content)
  const lines = content.flatMap((page) =>
    page.lines.filter((line) => !DOT_LEADER_RE.test(line.text) && !HEADING_WITH_REF_RE.test(line.text)),
  )
  const parser = new SpecBookParser(lines)
  const { divisions, sections } = parser.run()
  const warnings = [...parser.warnings, ...checkLabels(content, sections)]
  if (sections.length === 0) {
    warnings.push('No SECTION headings were found: this does not look like a specification book.')
  }
  if (warnings.length > MAX_WARNINGS) {
    const more = warnings.length - MAX_WARNINGS
    warnings.length = MAX_WARNINGS
    warnings.push(`... and ${more} more warnings.`)
  }
  const pageLabels: Record<number, string> = {}
  for (const page of content) if (page.label) pageLabels[page.num] = `${page.label.section}-${page.label.page}`
  return { document: meta.document, edition: meta.edition, divisions, sections, warnings, pageLabels }
}
