/**
 * Plan details read from the text of a plan sheet, a photo or a document (§3 Image analysis planDetails):
 * station numbers, annotations (notes, labels and callouts) and elements (pipes, drainage structures,
 * roadside items, pay item numbers). Pure. Every value is found in the text; nothing is guessed.
 *
 * The text usually comes from OCR, so the patterns allow for its habits: a letter O read for a zero inside
 * a station number after 'STA', inch marks read as '' or a curly quote, extra spaces around '+'.
 * Lists are de-duplicated (case-insensitively) and keep the order of first appearance in the text.
 */

import { stationOf } from '../ocr/stations'

export interface PlanDetails {
  stationNumbers: string[]
  annotations: string[]
  elements: string[]
}

/** Longest annotation kept (a long note is cut at a word boundary). */
export const MAX_ANNOTATION_CHARS = 160
/** Items of each list at most. */
export const MAX_DETAILS = 40

// ---------------------------------------------------------------------------------------------------
// Stations

/** With a 'STA' / 'STATION' prefix: spaces around '+' allowed, O read for 0. */
const PREFIXED_STATION = /\b(?:STA(?:TION)?\.?|Sta(?:tion)?\.?|sta\.?)\s*:?\s*([0-9O]{1,4})\s*\+\s*([0-9O]{2})((?:\.[0-9O]{1,3})?)(?![0-9])/g
/**
 * OCR often reads the '+' of a printed station as a '4' ('STA 15+00' -> 'STA 15400'). After 'STA', a run of
 * 5 to 7 digits whose third digit from the end is a 4 is read as that station; a 4-digit run stays
 * ambiguous ('STA 1400': 1+00 or 14+00?) and is left out. Only for OCR text.
 */
const OCR_PLUS_AS_FOUR = /\b(?:STA(?:TION)?\.?|Sta(?:tion)?\.?)\s*:?\s*(\d{2,4})4(\d{2})(?![\d+.])/g
/** Bare '12+50' or '12+50.25': digits only, no spaces, not part of a longer sum or number. */
const BARE_STATION = /(?<![\w+.])(\d{1,4})\+(\d{2})((?:\.\d{1,3})?)(?![\d+]|\.\d)/g

/**
 * '12+50', '1+00', '12+50.25' from the parts of a station: the calculators' normal form (leading zeros of
 * the hundreds dropped, a single 0 kept; app/lib/ocr/stations.ts, shared with the form filler), a decimal
 * part kept only when it is not zero. A letter O read for a zero counts as the zero.
 */
export function formatStation(hundreds: string, rest: string, decimals = ''): string | null {
  const fix = (s: string) => s.replace(/O/g, '0')
  const d = fix(decimals.replace(/^\./, ''))
  if (d !== '' && !/^\d+$/.test(d)) return null
  const station = stationOf(fix(hundreds), fix(rest))
  if (!station) return null
  return d !== '' && Number(d) !== 0 ? `${station}.${d}` : station
}

/** A station as written ('STA 12+50', 'Sta. 1+00.00', '105+00') in the normal form, or null. */
export function normaliseStation(raw: string): string | null {
  PREFIXED_STATION.lastIndex = 0
  BARE_STATION.lastIndex = 0
  const match = PREFIXED_STATION.exec(raw) ?? BARE_STATION.exec(raw)
  PREFIXED_STATION.lastIndex = 0
  BARE_STATION.lastIndex = 0
  return match ? formatStation(match[1]!, match[2]!, match[3] ?? '') : null
}

interface Found {
  index: number
  value: string
}

function stationsOf(text: string, ocr: boolean): Found[] {
  const found: Found[] = []
  const taken: Array<[number, number]> = []
  if (ocr) {
    for (const match of text.matchAll(OCR_PLUS_AS_FOUR)) {
      // The pattern already split the run around the '4' read for the plus.
      const value = stationOf(match[1]!, match[2]!)
      if (value) found.push({ index: match.index, value })
    }
  }
  for (const match of text.matchAll(PREFIXED_STATION)) {
    const value = formatStation(match[1]!, match[2]!, match[3] ?? '')
    if (!value) continue
    found.push({ index: match.index, value })
    taken.push([match.index, match.index + match[0].length])
  }
  for (const match of text.matchAll(BARE_STATION)) {
    if (taken.some(([from, to]) => match.index >= from && match.index < to)) continue
    const value = formatStation(match[1]!, match[2]!, match[3] ?? '')
    if (value) found.push({ index: match.index, value })
  }
  return found
}

// ---------------------------------------------------------------------------------------------------
// Elements

const PIPE_MATERIALS: Record<string, string> = {
  rcp: 'RCP',
  rcap: 'RCAP',
  cmp: 'CMP',
  csp: 'CSP',
  cap: 'CAP',
  hdpe: 'HDPE',
  pvc: 'PVC',
  dip: 'DIP',
  pp: 'PP',
  'pipe culvert': 'pipe culvert',
  culvert: 'culvert',
  pipe: 'pipe',
  'storm drain': 'storm drain',
  'storm sewer': 'storm sewer',
  underdrain: 'underdrain',
}

const INCH = String.raw`(?:"|''|”|″|“|\s?-?\s?in(?:ch(?:es)?)?\b\.?|\s?-?\s?IN(?:CH(?:ES)?)?\b\.?)`
const MATERIAL = String.raw`(RCAP|RCP|CMP|CSP|CAP|HDPE|PVC|DIP|PP|pipe culvert|culvert|pipe|storm drain|storm sewer|underdrain)\b`
/** '24" RCP', '18 in HDPE', '24-inch RCP', '15 IN. CMP'. */
const SIZED_PIPE = new RegExp(String.raw`(?<![\w.])(\d{1,3}(?:\.\d)?)\s*${INCH}\s*(?:dia(?:meter|\.)?\s*)?${MATERIAL}`, 'gi')
/** 'RCP 24"', 'HDPE 18 in'. */
const MATERIAL_FIRST = new RegExp(String.raw`\b(RCAP|RCP|CMP|CSP|HDPE|PVC|DIP)\s*[-:]?\s*(\d{1,3}(?:\.\d)?)\s*${INCH}`, 'gi')
/** A bare material abbreviation without a size. */
const BARE_MATERIAL = /\b(RCAP|RCP|CMP|HDPE|PVC)\b/g

function pipeName(size: string, material: string): string {
  const key = material.toLowerCase()
  return `${Number(size)}" ${PIPE_MATERIALS[key] ?? material}`
}

/** Structures and items, by the words the text uses; the display name is the first form given. */
const NAMED_ELEMENTS: ReadonlyArray<readonly [string, RegExp]> = [
  ['Catch basin', /\bcatch\s*basins?\b/gi],
  ['Drop inlet', /\bdrop\s*inlets?\b/gi],
  ['Curb inlet', /\bcurb\s*inlets?\b/gi],
  ['Grate inlet', /\bgrated?\s*inlets?\b/gi],
  ['Yard inlet', /\byard\s*inlets?\b/gi],
  ['Junction box', /\bjunction\s*box(?:es)?\b|\bJ\.?B\.?(?=\s*(?:NO\.?|#|TYPE|\d))/gi],
  ['Manhole', /\bman\s?holes?\b/gi],
  ['Manhole', /\bMH(?=\s*(?:NO\.?|#|-?\d))/g],
  ['Headwall', /\bhead\s?walls?\b/gi],
  ['Endwall', /\bend\s?walls?\b/gi],
  ['Flared end section', /\bflared\s*end\s*sections?\b|\bFES\b/gi],
  ['Box culvert', /\bbox\s*culverts?\b/gi],
  ['Outlet structure', /\boutlet\s*(?:control\s*)?structures?\b/gi],
  ['Sediment basin', /\bsediment\s*(?:basins?|traps?)\b/gi],
  ['Guardrail', /\bguard\s?rails?\b|\bW-?\s?beam\b/gi],
  ['Guardrail end terminal', /\b(?:guardrail\s*)?end\s*(?:terminals?|treatments?)\b/gi],
  ['Cable barrier', /\bcable\s*(?:guard\s*rail|barriers?)\b/gi],
  ['Concrete barrier', /\b(?:concrete|jersey|median)\s*barriers?\b/gi],
  ['Impact attenuator', /\b(?:impact\s*attenuators?|crash\s*cushions?)\b/gi],
  ['Riprap', /\brip\s?-?rap\b/gi],
  ['Silt fence', /\bsilt\s*fences?\b|\bsediment\s*fences?\b/gi],
  ['Inlet protection', /\binlet\s*protection\b/gi],
  ['Rock check dam', /\b(?:rock\s*)?check\s*dams?\b/gi],
  ['Construction entrance', /\bconstruction\s*entrances?\b/gi],
  ['Erosion control blanket', /\berosion\s*control\s*blankets?\b/gi],
  ['Sediment tube', /\bsediment\s*tubes?\b/gi],
  ['Curb and gutter', /\bcurb\s*(?:and|&)\s*gutter\b/gi],
  ['Sidewalk', /\bsidewalks?\b/gi],
  ['Underdrain', /\bunderdrains?\b/gi],
  ['Geotextile', /\bgeotextiles?\b|\bfilter\s*fabric\b/gi],
  ['Retaining wall', /\bretaining\s*walls?\b/gi],
  ['Approach slab', /\bapproach\s*slabs?\b/gi],
  ['Expansion joint', /\bexpansion\s*joints?\b/gi],
  ['Bridge deck', /\bbridge\s*decks?\b/gi],
  ['Pavement markings', /\bpavement\s*markings?\b|\bthermoplastic\b/gi],
  ['Raised pavement markers', /\braised\s*pavement\s*markers?\b/gi],
  ['Raised pavement markers', /\bRPMs?\b/g],
  ['Rumble strips', /\brumble\s*strips?\b/gi],
  ['Hot mix asphalt', /\bhot[-\s]?mix\s*asphalt\b|\bHMA\b/gi],
  ['Aggregate base', /\b(?:graded\s*)?aggregate\s*base(?:\s*course)?\b|\bGAB\b/gi],
  ['Concrete pavement', /\bconcrete\s*pavement\b|\bPCC\s*pavement\b/gi],
  ['Traffic signal', /\btraffic\s*signals?\b/gi],
  ['Delineators', /\bdelineators?\b/gi],
]

/** 'Catch basin' followed by 'TYPE 1' / 'TYPE 9' keeps its type. */
const TYPE_SUFFIX = /^\s*(?:,\s*)?TYPE\s+([0-9]{1,2}[A-Z]?|[A-Z])\b/i

/** SCDOT pay item numbers are 7 digits ('7141100'); taken after 'ITEM', or on a line with a pay unit. */
const PAY_ITEM_NAMED = /\b(?:pay\s*)?item\s*(?:no\.?|number|#)?\s*:?\s*(\d{7})\b/gi
const PAY_UNIT = /\b(?:LF|LIN\.?\s*FT|SY|SQ\.?\s*YD|CY|EA|EACH|TON|TONS|LS|LUMP\s*SUM|GAL|AC|MSF|MGAL)\b/
const SEVEN_DIGITS = /(?<![\d.,+-])(\d{7})(?![\d.,+-])/g

function elementsOf(text: string): Found[] {
  const found: Found[] = []
  const pipeSpans: Array<[number, number]> = []
  for (const match of text.matchAll(SIZED_PIPE)) {
    found.push({ index: match.index, value: pipeName(match[1]!, match[2]!) })
    pipeSpans.push([match.index, match.index + match[0].length])
  }
  for (const match of text.matchAll(MATERIAL_FIRST)) {
    if (pipeSpans.some(([from, to]) => match.index < to && match.index + match[0].length > from)) continue
    found.push({ index: match.index, value: pipeName(match[2]!, match[1]!) })
    pipeSpans.push([match.index, match.index + match[0].length])
  }
  for (const match of text.matchAll(BARE_MATERIAL)) {
    if (pipeSpans.some(([from, to]) => match.index >= from && match.index < to)) continue
    found.push({ index: match.index, value: match[1]!.toUpperCase() })
  }
  for (const [name, pattern] of NAMED_ELEMENTS) {
    for (const match of text.matchAll(pattern)) {
      // 'underdrain' sized as a pipe is already listed as one.
      if (pipeSpans.some(([from, to]) => match.index >= from && match.index < to)) continue
      const type = TYPE_SUFFIX.exec(text.slice(match.index + match[0].length, match.index + match[0].length + 16))
      found.push({ index: match.index, value: type ? `${name} type ${type[1]!.toUpperCase()}` : name })
    }
  }
  const payItems = new Set<number>()
  for (const match of text.matchAll(PAY_ITEM_NAMED)) {
    const at = match.index + match[0].length - match[1]!.length
    payItems.add(at)
    found.push({ index: at, value: `Pay item ${match[1]}` })
  }
  let offset = 0
  for (const line of text.split('\n')) {
    if (PAY_UNIT.test(line)) {
      for (const match of line.matchAll(SEVEN_DIGITS)) {
        const at = offset + match.index
        if (!payItems.has(at)) found.push({ index: at, value: `Pay item ${match[1]}` })
      }
    }
    offset += line.length + 1
  }
  return found
}

// ---------------------------------------------------------------------------------------------------
// Annotations

/** Lines that are notes or plan labels whatever their case. */
const ANNOTATION_START =
  /^(?:general\s+)?notes?\s*(?:\d+\s*)?[:.-]|^(?:see|refer to)\s+(?:sheet|detail|dwg|drawing|plan|note|std|standard)\b|^\(?\d{1,2}[.)]\s+(?=[A-Z])/i
const ANNOTATION_PHRASES =
  /\b(?:match\s*line|begin(?:ning)?\s+(?:project|construction|bridge|paving|work)|end\s+(?:of\s+)?(?:project|construction|bridge|paving|work)|limits?\s+of\s+(?:construction|work|disturbance)|right\s+of\s+way|R\/W|typical\s+section|section\s+[A-Z]-[A-Z]|detail\s+[A-Z0-9]{1,3}\b|\(?typ(?:ical)?\.?\)?$|do\s+not\s+disturb|existing\s+to\s+remain|to\s+be\s+removed|remove\s+and\s+dispose|centerline|C\/L|P\.?C\.?\s*STA|P\.?T\.?\s*STA|P\.?I\.?\s*STA)/i

function cleanLine(line: string): string {
  return line.replace(/[|_~]+/g, ' ').replace(/\s+/g, ' ').trim()
}

function cut(text: string, max = MAX_ANNOTATION_CHARS): string {
  if (text.length <= max) return text
  const head = text.slice(0, max - 1)
  const space = head.lastIndexOf(' ')
  return `${(space > max / 2 ? head.slice(0, space) : head).trimEnd()}…`
}

/** Most characters are letters or digits, and there is a real word: not OCR noise. */
function readable(line: string): boolean {
  const visible = line.replace(/\s/g, '')
  if (visible.length < 3) return false
  const alnum = visible.replace(/[^A-Za-z0-9]/g, '').length
  return alnum / visible.length >= 0.7 && /[A-Za-z]{3,}/.test(line)
}

/** A short plan label: 1-8 words, mostly capitals, not a sentence. */
function isLabel(line: string): boolean {
  const words = line.split(' ')
  if (words.length > 8 || line.length > 60) return false
  const letters = line.replace(/[^A-Za-z]/g, '')
  if (letters.length < 3) return false
  const upper = letters.replace(/[^A-Z]/g, '').length
  return upper / letters.length >= 0.8
}

function annotationsOf(text: string): Found[] {
  const found: Found[] = []
  let offset = 0
  for (const raw of text.split('\n')) {
    const line = cleanLine(raw)
    const index = offset
    offset += raw.length + 1
    if (!readable(line)) continue
    // A plan phrase inside a long line of prose (a PDF's running text) is not a label.
    if (ANNOTATION_START.test(line) || (line.length <= 80 && ANNOTATION_PHRASES.test(line)) || isLabel(line)) {
      found.push({ index, value: cut(line) })
    }
  }
  return found
}

// ---------------------------------------------------------------------------------------------------

function ordered(found: Found[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const { value } of [...found].sort((a, b) => a.index - b.index)) {
    const key = value.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(value)
    if (out.length >= MAX_DETAILS) break
  }
  return out
}

/**
 * Station numbers, annotations and elements of a text, each de-duplicated, in the order they appear.
 * `ocr`: the text was read by OCR, so its known misreadings are allowed for.
 */
export function extractPlanDetails(text: string, options: { ocr?: boolean } = {}): PlanDetails {
  const normal = text.replace(/\r\n?/g, '\n')
  return {
    stationNumbers: ordered(stationsOf(normal, options.ocr === true)),
    annotations: ordered(annotationsOf(normal)),
    elements: ordered(elementsOf(normal)),
  }
}

/** True when nothing was found. */
export function isEmptyPlanDetails(details: PlanDetails): boolean {
  return details.stationNumbers.length === 0 && details.annotations.length === 0 && details.elements.length === 0
}
