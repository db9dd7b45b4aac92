/**
 * Query analysis: what a question names and what it means, before retrieval. Pure (server and browser).
 *
 * - spelling corrected against the corpus vocabulary when one is given (`correctSpelling`);
 * - section, drawing, test-method and table numbers in the canonical ref form of `refs.ts`, so the
 *   question and `chunks.refs` meet on the same spelling ('sc t 29' -> 'sc-t-29', 'drawing g-501' -> 'g501');
 * - the edition named in the text ('2007 spec', 'the 2025 edition', 'the new book');
 * - spoken forms normalised (spoken.ts: numbers as words, fillers);
 * - field abbreviations, synonyms and plain field words expanded to the documents' terms through the
 *   field-language lexicon (lexicon.ts, corpus/search/field-language.json: 'HMA' adds 'hot mix asphalt',
 *   'shiny' adds 'retroreflectivity');
 * - another US state or its DOT named in the question (South Carolina, SC and SCDOT are ours).
 */
import { extractRefs } from './refs'
import { expansionsOf, LEXICON } from './lexicon'
import { correctSpelling, type Vocabulary } from './spelling'
import { normalizeSpoken } from './spoken'
import { tokenize } from './tokenize'
import type { QueryAnalysis } from './types'

/** Full-text terms per question at most: a pasted paragraph must not become hundreds of tsqueries. */
export const MAX_TERMS = 48

/** Question words that say nothing about the subject: left out of full-text matching. */
const FILLER = new Set(
  (
    'what whats how when where which who why does do did is are was were can could should would shall will must may ' +
    'need needs needed required require requires requirement requirements allowed allow permitted acceptable ' +
    'spec specs specification specifications standard standards scdot sc south carolina section sections subsection ' +
    'edition book tell say says said know please give find look explain describe according per the a an of for to in on ' +
    'me my i we our you your it its there their this that these those be been being have has had ' +
    'like um uh okay ok gonna gotta got get wanna yeah so just still really guy guys thing stuff anything something supposed'
  ).split(' '),
)

/** US states and their transportation departments, other than South Carolina (ours). */
const STATES: Record<string, string> = {
  Alabama: 'ALDOT', Alaska: 'AKDOT', Arizona: 'ADOT', Arkansas: 'ARDOT', California: 'Caltrans', Colorado: 'CDOT',
  Connecticut: 'CTDOT', Delaware: 'DelDOT', Florida: 'FDOT', Georgia: 'GDOT', Hawaii: 'HDOT', Idaho: 'ITD',
  Illinois: 'IDOT', Indiana: 'INDOT', Iowa: 'Iowa DOT', Kansas: 'KDOT', Kentucky: 'KYTC', Louisiana: 'DOTD',
  Maine: 'MaineDOT', Maryland: 'MDOT SHA', Massachusetts: 'MassDOT', Michigan: 'MDOT', Minnesota: 'MnDOT',
  Mississippi: 'MDOT', Missouri: 'MoDOT', Montana: 'MDT', Nebraska: 'NDOT', Nevada: 'NDOT', 'New Hampshire': 'NHDOT',
  'New Jersey': 'NJDOT', 'New Mexico': 'NMDOT', 'New York': 'NYSDOT', 'North Carolina': 'NCDOT', 'North Dakota': 'NDDOT',
  Ohio: 'ODOT', Oklahoma: 'ODOT', Oregon: 'ODOT', Pennsylvania: 'PennDOT', 'Rhode Island': 'RIDOT',
  'South Dakota': 'SDDOT', Tennessee: 'TDOT', Texas: 'TxDOT', Utah: 'UDOT', Vermont: 'VTrans', Virginia: 'VDOT',
  Washington: 'WSDOT', 'West Virginia': 'WVDOT', Wisconsin: 'WisDOT', Wyoming: 'WYDOT',
}

/** Agencies whose name belongs to one state. Shared names (ODOT, MDOT, NDOT) answer with the agency. */
const AGENCIES = new Map<string, string>()
for (const [state, agency] of Object.entries(STATES)) {
  const key = agency.toLowerCase().replace(/\s+/g, '')
  AGENCIES.set(key, AGENCIES.has(key) && AGENCIES.get(key) !== state ? agency : state)
}
for (const [alias, state] of [
  ['ncdot', 'North Carolina'], ['gadot', 'Georgia'], ['txdot', 'Texas'], ['wvdoh', 'West Virginia'],
  ['nysdot', 'New York'], ['nydot', 'New York'], ['fldot', 'Florida'], ['tndot', 'Tennessee'], ['vadot', 'Virginia'],
  ['aldot', 'Alabama'], ['kydot', 'Kentucky'], ['ladotd', 'Louisiana'], ['wsdot', 'Washington'],
] as const) {
  AGENCIES.set(alias, state)
}
// 'DOTD' is also a generic word in some agencies' names; 'ITD' and 'MDT' are too short to be reliable.
for (const ambiguous of ['dotd', 'itd', 'mdt']) AGENCIES.delete(ambiguous)

/**
 * Postal codes that may stand for a state in a question. Only when written in capitals as a word of their
 * own, never after a number ('12 GA' is a gauge): 'OR', 'IN', 'ME', 'OK', 'HI', 'DE', 'CO', 'MS', 'PA', 'AL',
 * 'LA', 'MA', 'MO', 'ID', 'NE', 'SD' (and others) are ordinary words or units too often to count.
 */
const POSTAL: Record<string, string> = {
  NC: 'North Carolina', GA: 'Georgia', FL: 'Florida', TN: 'Tennessee', VA: 'Virginia', TX: 'Texas', NY: 'New York',
  NJ: 'New Jersey', KY: 'Kentucky', WV: 'West Virginia', AZ: 'Arizona', CA: 'California', WA: 'Washington',
}

/** Every state or agency word, for the spelling corrector to leave alone. */
export const PLACE_WORDS: readonly string[] = [
  ...new Set([
    ...Object.keys(STATES).flatMap((s) => s.toLowerCase().split(' ')),
    ...AGENCIES.keys(),
    'scdot', 'carolina',
  ]),
]

/** Words of the field-language lexicon, for the spelling corrector to leave alone ('thermo', 'nuke'). */
export const FIELD_WORDS: readonly string[] = LEXICON.words

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const STATE_PATTERN = new RegExp(
  `\\b(${Object.keys(STATES)
    .sort((a, b) => b.length - a.length)
    .map((s) => escape(s).replace(' ', '\\s+'))
    .join('|')})\\b`,
  'gi',
)

/** The state (or agency, when its name is shared) other than South Carolina that a question names. */
export function findOtherState(text: string): string | null {
  // 'West Virginia' must not read as 'Virginia', and 'South Carolina' is ours: longest names match first.
  for (const match of text.matchAll(STATE_PATTERN)) {
    const name = Object.keys(STATES).find((s) => s.toLowerCase() === match[1]!.toLowerCase().replace(/\s+/g, ' '))
    if (name) return name
  }
  for (const match of text.matchAll(/\b([A-Za-z]{2,8})[\s-]?(DOT|DOTD|DOH|dot)\b/g)) {
    const key = `${match[1]}${match[2]}`.toLowerCase()
    if (key === 'scdot') continue
    const state = AGENCIES.get(key)
    if (state) return state
    const prefix = match[1]!.toUpperCase()
    if (match[1] === prefix && POSTAL[prefix]) return POSTAL[prefix]!
  }
  for (const word of text.match(/\b[A-Za-z]+\b/g) ?? []) {
    const state = AGENCIES.get(word.toLowerCase())
    if (state && word.length >= 4) return state
  }
  for (const match of text.matchAll(/(?<![\d.]\s?)(?<![A-Za-z0-9-])([A-Z]{2})(?![A-Za-z0-9-])/g)) {
    const state = POSTAL[match[1]!]
    if (state) return state
  }
  return null
}

const EDITION_CONTEXT = String.raw`(?:spec|specs|specification|specifications|edition|book|standard|standards|version|supplement|scdot|redbook|manual)`

/** The edition of the Standard Specifications a question asks for: '2007' or '2025', else null. */
export function findEdition(text: string): '2007' | '2025' | null {
  const lower = text.toLowerCase()
  const found = new Set<'2007' | '2025'>()
  const context = new RegExp(String.raw`\b${EDITION_CONTEXT}\b`)
  for (const m of lower.matchAll(/\b(2007|2025)\b/g)) {
    // The three words on either side of the year.
    const before = lower.slice(0, m.index).split(/\s+/).slice(-4).join(' ')
    const after = lower.slice(m.index + 4).split(/\s+/).slice(0, 4).join(' ')
    if (context.test(before) || context.test(after)) found.add(m[1] as '2007' | '2025')
  }
  if (found.size === 0) {
    if (/\b(?:new|newer|newest|current|latest)\s+(?:spec|specs|specification|specifications|edition|book)\b/.test(lower)) found.add('2025')
    if (/\b(?:old|older|previous|prior)\s+(?:spec|specs|specification|specifications|edition|book)\b/.test(lower)) found.add('2007')
  }
  // Naming both is a comparison: no filter.
  return found.size === 1 ? [...found][0]! : null
}

/** Bar sizes as users type them: '#5 bar', 'no. 5 bar', 'number 5 rebar' -> '#5' and 'No. 5 bar'. */
function barSizeTerms(text: string): string[] {
  const out = new Set<string>()
  for (const m of text.matchAll(/#\s?(\d{1,2})\b|\b(?:no\.?|number|size)\s?(\d{1,2})\s+(?:re)?bars?\b/gi)) {
    const n = m[1] ?? m[2]
    out.add(`#${n}`)
    out.add(`No. ${n} bar`)
  }
  return [...out]
}

/** Synonyms and document terms (field-language lexicon) of the phrases a question contains, not already in it. */
export function expandSynonyms(text: string): string[] {
  return expansionsOf(text)
}

/**
 * Plain words of the question that the corpus never uses. Acronyms (ADA, NFL) and capitalised names
 * (Myrtle Beach) are left out: they name the subject, and a subject the corpus lacks must still count
 * against an answer.
 */
function unknownStemsOf(text: string, vocabulary: Vocabulary): string[] {
  // Acronyms (ADA) and capitalised names inside the sentence (Myrtle Beach) name the subject.
  const names = text.match(/\b[A-Z]{2,}s?\b|(?<=[a-z0-9,]\s+)[A-Z][a-z]+/g) ?? []
  const subjects = new Set(names.flatMap((word) => tokenize(word)))
  return [...new Set(tokenize(text))].filter((t) => /^[a-z]+$/.test(t) && !vocabulary.stems.has(t) && !subjects.has(t))
}

export function analyzeQuery(query: string, vocabulary?: Vocabulary): QueryAnalysis {
  const original = query.normalize('NFKC').trim()
  // Spoken forms first ('fifty five' -> 55, fillers out), so spelling correction sees what is meant.
  const spoken = normalizeSpoken(original)
  const { text: corrected, corrections } = vocabulary ? correctSpelling(spoken, vocabulary) : { text: spoken, corrections: [] }
  const numbers = extractRefs(corrected, { query: true })
  const expansions = [...expandSynonyms(corrected), ...barSizeTerms(corrected)]
  // 'I-26', 'I 95': an interstate route, which is what the specifications name.
  if (/\bI-?\s?\d{2,3}\b/.test(corrected)) expansions.push('interstate')
  return {
    original,
    corrected,
    corrections,
    numbers,
    edition: findEdition(corrected),
    expansions: [...new Set(expansions)],
    otherState: findOtherState(original),
    unknownStems: vocabulary ? unknownStemsOf(corrected, vocabulary) : [],
  }
}

/**
 * The full-text terms of an analysed question: its words (filler left out) and every expansion phrase.
 * Each term becomes one `phraseto_tsquery`, and the terms are OR-ed: ranking, not matching, decides.
 */
export function fullTextTerms(analysis: QueryAnalysis): string[] {
  const terms: string[] = []
  const add = (term: string) => {
    const t = term.trim()
    if (t && !terms.includes(t)) terms.push(t)
  }
  for (const number of analysis.numbers) add(number)
  const words = analysis.corrected.toLowerCase().match(/[a-z0-9#]+(?:[-.'][a-z0-9]+)*/g) ?? []
  for (const word of words) {
    if (FILLER.has(word)) continue
    // Numbers are matched through refs and the number list above; a bare year or quantity adds only noise.
    if (/^\d+$/.test(word) && !analysis.numbers.includes(word)) continue
    add(word)
  }
  for (const phrase of analysis.expansions) add(phrase.toLowerCase())
  return terms.slice(0, MAX_TERMS)
}

/** The text embedded for the vector half: the corrected question and its expansions. */
export function embeddingText(analysis: QueryAnalysis): string {
  return [analysis.corrected, ...analysis.expansions].join(' ')
}
