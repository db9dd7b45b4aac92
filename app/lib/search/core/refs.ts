/**
 * Identifiers a passage or a question is about, in one canonical lower-case form, for exact matching
 * (`chunks.refs`). The same function reads the corpus at ingest time and the user's question at search
 * time, so both sides meet on the same spelling:
 *
 * | written                                   | ref                       |
 * |-------------------------------------------|---------------------------|
 * | Section 401, 401.4, 401.4.2, 703.04       | 401, 401.4, 401.4.2, 703.04 |
 * | Sections 101-108 / 300 to 301             | 101 ... 108 / 300, 301    |
 * | Division 400                              | 400                       |
 * | SC-M-400, sc m 400, SCM400, SC-M-810-4    | sc-m-400, sc-m-810-4      |
 * | SC-T-29, sc t 29, sct29                   | sc-t-29                   |
 * | AASHTO T 99, AASHTO T-99, aashto t99      | aashto-t99                |
 * | ASTM D1557, ASTM D 1557                   | astm-d1557                |
 * | Drawing G501, G-501, g501, drawing-g501   | g501                      |
 * | MUTCD Table 6H-3, 6C.08                   | 6h-3, 6c.08               |
 * | Table 401-1                               | table-401-1 (and 401)     |
 * | 29 CFR 1926.652(a)(1), 1926.1153          | 1926.652, 1926.1153       |
 * | SC Code 56-5-1535                         | 56-5-1535                 |
 *
 * A bare three-digit number is a section only where it reads as one: after Section/Subsection/Division/§,
 * at the start of a line or heading followed by a title ('401 Spread rate', '## 810 Seed mixes'), or as the
 * whole text ('401'). '100 ft', '500-ft', 'report 325' and '2,500 tons' are not refs. A question is short
 * and rarely says 'Section': pass `{ query: true }` there, and any bare 100-899 number that is not followed
 * by a unit (ft, in, psi, tons, %...) counts ('what does 401 say about density' -> 401).
 */

export interface ExtractRefsOptions {
  /** The text is a user's question: bare 3-digit numbers without a unit count as sections. */
  query?: boolean
}

const NUM = String.raw`[1-8]\d{2}(?:\.\d{1,3})*`
const UNIT = String.raw`(?:ft|feet|foot|in|inch|inches|mm|cm|m|km|mi|mile|miles|lb|lbs|pound|pounds|pcf|psi|ksi|ton|tons|gal|gallon|gallons|sy|sf|cy|yd|yds|yard|yards|percent|pct|deg|degree|degrees|f|mph|kg|g|ml|l|hour|hours|hr|hrs|minute|minutes|min|second|seconds|sec|day|days|year|years|calendar|cubic|square|linear|lf|each|ea|tonne|tonnes|psf|kips?|kn|mpa|sack|sacks|bags?)\b`
const FOLLOWED_BY_UNIT = new RegExp(String.raw`^\s*(?:-\s*)?(?:${UNIT}|%|°|')`, 'i')

/** Finds matches of `pattern` in the working copy, hands them to `emit`, and blanks them out. */
function consume(work: { text: string }, pattern: RegExp, emit: (match: RegExpExecArray) => boolean | void): void {
  const flags = pattern.flags.includes('g') ? pattern.flags : `${pattern.flags}g`
  const re = new RegExp(pattern.source, flags)
  let out = ''
  let last = 0
  for (let m = re.exec(work.text); m; m = re.exec(work.text)) {
    if (m[0].length === 0) {
      re.lastIndex++
      continue
    }
    const keep = emit(m)
    if (keep === false) continue
    out += work.text.slice(last, m.index) + ' '.repeat(m[0].length)
    last = m.index + m[0].length
  }
  work.text = out + work.text.slice(last)
}

function expandRange(a: string, b: string): string[] {
  const from = Number(a)
  const to = Number(b)
  if (!a.includes('.') && !b.includes('.') && to > from && to - from <= 20) {
    return Array.from({ length: to - from + 1 }, (_, i) => String(from + i))
  }
  return [a, b]
}

function sectionNumber(raw: string, rest: string): string | null {
  const n = raw.replace(/\.+$/, '')
  if (FOLLOWED_BY_UNIT.test(rest)) return null
  return n
}

/** An SCDOT supplemental specification or test method however it is written: SC-M-400, 'sc t 29', 'sct29', SC-M-810-4. */
const SCDOT_REF = /\bsc[\s_.-]*([mt])[\s_.-]*(\d{1,3})(?:-(\d{1,2})\b)?(?!\d|\.\d)/i
const SCDOT_REFS = new RegExp(SCDOT_REF.source, 'gi')

export function extractRefs(text: string, options: ExtractRefsOptions = {}): string[] {
  const refs: string[] = []
  const add = (ref: string) => {
    const r = ref.toLowerCase()
    if (!refs.includes(r)) refs.push(r)
  }
  const work = { text: text.normalize('NFKC').replace(/[\u2010-\u2015]/g, '-') }

  // SCDOT supplemental specifications and test methods: SC-M-400, SC-T-29, 'sc t 29', 'sct29', SC-M-810-4.
  consume(work, SCDOT_REF, (m) => {
    add(`sc-${m[1]}-${Number(m[2])}${m[3] ? `-${Number(m[3])}` : ''}`)
  })
  // National standards: AASHTO T 99, AASHTO M 145, ASTM D1557.
  consume(work, /\b(aashto|astm)[\s-]*([a-z])[\s-]*(\d{1,4})\b/i, (m) => {
    add(`${m[1]}-${m[2]}${Number(m[3])}`)
  })
  // OSHA (29 CFR 1910/1926): the part and section, without paragraph letters.
  consume(work, /\b(19(?:10|26))\.(\d{1,4})(?:\([a-z0-9]+\))*/i, (m) => {
    add(`${m[1]}.${m[2]}`)
  })
  // South Carolina Code of Laws: title-chapter-section, never a date such as 7-15-2020.
  consume(work, /\b(\d{1,2})-(\d{1,3})-(\d{3,4})(?:\([a-z0-9]+\))*/i, (m) => {
    if (/^(?:19|20)\d\d$/.test(m[3]!)) return false
    add(`${Number(m[1])}-${Number(m[2])}-${Number(m[3])}`)
  })
  // Specification tables: Table 401-1 (and its section).
  consume(work, /\btable\s+([1-8]\d{2})-(\d{1,2})\b/i, (m) => {
    add(`table-${m[1]}-${Number(m[2])}`)
    add(m[1]!)
  })
  // MUTCD sections and tables: 6C.08, 6H-3, Table 6C-1.
  consume(work, /\b([1-9][a-z])([.-])(\d{1,3})\b(?![.-]\d)/i, (m) => {
    add(`${m[1]}${m[2]}${m[2] === '.' ? m[3]!.padStart(2, '0') : Number(m[3])}`)
  })
  // Standard drawings: G501, G-501, drawing-g501, 'Drawing G 501'.
  consume(work, /\b(?:drawing[\s-]+([gmspcdber])[\s-]?(\d{3})|([gmspcdber])-?(\d{3}))\b(?![.-]\d)/i, (m) => {
    add(`${m[1] ?? m[3]}${m[2] ?? m[4]}`)
  })
  // Sections named as such: Section 401, Sections 401 and 402, Subsection 401.4.30, Division 400, § 105.2.
  consume(
    work,
    new RegExp(
      String.raw`(?:\b(?:sections?|subsections?|secs?\.|div(?:isions?|\.)|art(?:icles?|\.))|§+)[\s:]*(${NUM}(?:\s*(?:,|and|or|to|through|thru|&|-)\s*${NUM})*)`,
      'gi',
    ),
    (m) => {
      const list = m[1]!
      const after = work.text.slice(m.index + m[0].length)
      const parts = [...list.matchAll(new RegExp(`(${NUM})(?:\\s*(?:-|to|through|thru)\\s*(${NUM}))?`, 'gi'))]
      parts.forEach((part, i) => {
        const isLast = i === parts.length - 1
        if (isLast && FOLLOWED_BY_UNIT.test(after)) return
        if (part[2]) expandRange(part[1]!, part[2]).forEach(add)
        else add(part[1]!)
      })
    },
  )
  // A number at the start of a line or heading followed by a title, a range such as '101-108', or the whole text.
  consume(
    work,
    new RegExp(String.raw`(?:^|\n)[ \t]*(?:#{1,6}[ \t]*)?([1-8]\d{2})(?:[ \t]*-[ \t]*([1-8]\d{2}))?(?=[ \t]+[A-Z(]|[ \t]*(?:\n|$))`, 'g'),
    (m) => {
      if (m[2]) expandRange(m[1]!, m[2]).forEach(add)
      else add(m[1]!)
    },
  )
  // Any other hyphenated code with digits is not ours (TRP-03-262-12, 500-ft, page label 401-3).
  consume(work, /\b[a-z0-9]*\d[a-z0-9]*(?:-[a-z0-9]+)+\b|\b[a-z0-9]+(?:-[a-z0-9]+)*-\d[a-z0-9]*\b/i, () => {})
  // Decimal section numbers: 401.4, 401.4.2, 703.04 (but not 145.5 pcf or $150.00).
  consume(work, new RegExp(String.raw`(?<![\d$.,])([1-8]\d{2}(?:\.\d{1,3})+)(?![\d])`, 'g'), (m) => {
    const n = sectionNumber(m[1]!, work.text.slice(m.index + m[0].length))
    if (!n) return false
    add(n)
  })
  if (options.query) {
    // A question that gives several bare numbers ('binder 105, gradation 100') is giving values, not
    // naming sections; so is one written as a value ('is 105', '= 150', 'times 120').
    const bare: RegExpExecArray[] = []
    consume(work, /(?<![\d$.,#])\b([1-8]\d{2})\b(?![\d,.]\d)/g, (m) => {
      if (FOLLOWED_BY_UNIT.test(work.text.slice(m.index + m[0].length))) return false
      bare.push(m)
    })
    if (bare.length === 1) {
      const m = bare[0]!
      const before = work.text.slice(0, m.index)
      if (!/(?:\b(?:is|was|are|equals|times|x)|[=:<>])\s*$/i.test(before)) add(m[1]!)
    }
  }
  return refs
}

/**
 * The text with SCDOT supplemental specifications and test methods written as one word ('whats sc t 22' ->
 * 'whats sc-t-22'), so a question's terms hold the identifier however it was typed or spoken.
 */
export function joinScdotRefs(text: string): string {
  return text.replace(SCDOT_REFS, (_m, letter: string, number: string, part?: string) =>
    `sc-${letter.toLowerCase()}-${Number(number)}${part ? `-${Number(part)}` : ''}`,
  )
}

/** One identifier as the user or the corpus writes it, in the canonical ref form ('SC T 29' -> 'sc-t-29'). */
export function normalizeRef(s: string): string {
  return extractRefs(s, { query: true })[0] ?? s.trim().toLowerCase().replace(/\s+/g, ' ')
}

/** A decimal section number and the sections that contain it: '401.4.2' -> ['401.4.2', '401.4', '401']. */
export function withParents(ref: string): string[] {
  if (!/^[1-8]\d{2}(?:\.\d{1,3})+$/.test(ref)) return [ref]
  const parts = ref.split('.')
  return parts.map((_, i) => parts.slice(0, parts.length - i).join('.'))
}
