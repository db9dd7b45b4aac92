/**
 * Text helpers for the answer: the question's content terms, the facts (bullets or sentences) of a
 * passage, and the figures in a text. Pure.
 *
 * Terms are `tokenize` stems (the same tokens the embedding model uses). Two stems match when equal, or
 * when the shorter has at least 4 letters and starts the longer ('flag' ~ 'flagger', 'seed' ~ 'seeding'):
 * the tokenizer's light stemmer leaves agent nouns alone, and questions use them.
 */
import { tokenize } from './tokenize'
import { joinScdotRefs } from './refs'
import { alternativesFor } from './lexicon'
import type { Passage, QueryAnalysis } from './types'

/**
 * Words that carry no subject in a question about this product: every passage is SCDOT, a requirement
 * or a standard. Removed from the question's content terms (after stemming).
 */
const GENERIC_WORDS =
  'scdot sc south carolina require required requirement requirements standard standards spec specs specification ' +
  'specifications need needed allowed allow use used mean means tell know find get good proper correct right typical ' +
  'please question inspector check say says rule rules value values much many often long high far ' +
  'minimum maximum min max limit limits deadline amount number go goes size big large ' +
  // Talk and voice transcripts: fillers and chat that name no subject.
  'like um uh okay ok gonna gotta got get wanna let lets yeah so just still really guy guys thing things stuff ' +
  'anything something supposed today tomorrow morning want wants think kind sort actually basically anyway ' +
  // Question words typed without their apostrophe ('whats', 'hows').
  'whats hows wheres whos'

const GENERIC: ReadonlySet<string> = new Set(tokenize(GENERIC_WORDS))

const DIGIT = /\d/

export function stemsMatch(a: string, b: string): boolean {
  if (a === b) return true
  // The cheap test first: most pairs of stems do not even share a start (ranking asks this millions of times).
  const short = a.length <= b.length ? a : b
  const long = short === a ? b : a
  return short.length >= 4 && long.startsWith(short) && !DIGIT.test(short)
}

/** A text's stems: a set (fast exact look-up) or a list. */
export type Stems = ReadonlySet<string> | readonly string[]

/** True when `stems` hold a stem that matches `term`. */
export function hasStem(stems: Stems, term: string): boolean {
  if (stems instanceof Set ? stems.has(term) : (stems as readonly string[]).includes(term)) return true
  for (const stem of stems) if (stemsMatch(stem, term)) return true
  return false
}

export interface QuestionTerms {
  /** Content stems of the (corrected) question, deduplicated, in order. */
  terms: string[]
  /**
   * Other ways to write each term, as stem lists: the lexicon's document terms and synonyms
   * (lexicon.ts: 'hma' -> ['hot', 'mix', 'asphalt'], 'shiny' -> ['retroreflect']), '#5' for a bare bar
   * size '5', 'interstate' for an interstate route number ('i-26'), a small number's word.
   */
  alternatives: Map<string, string[][]>
  /** The question asks for a figure (how much/high/long/far/often, minimum, spacing, rate...). */
  wantsFigure: boolean
  /** The question asks for a formula or a calculation. */
  wantsFormula: boolean
  /** Section, drawing and test numbers named in the question (lower case). */
  numbers: string[]
}

const FIGURE_QUESTION =
  /\b(how (much|many|high|tall|low|long|far|deep|thick|wide|often|soon|close|fast|big|heavy|strong|hot|cold)|minimum|maximum|min|max|spacing|spaced|rate|frequency|distance|height|depth|thickness|width|length|temperature|strength|psi|percent|tolerance|limit|deadline|at least|no more than|weight|size)\b/i

/**
 * Other ways to write a term: the lexicon's groups the question opens through a phrase holding it
 * (lexicon.ts), '#5' for a bare bar size '5', 'interstate' for an interstate route number, and a small
 * number's word ('7' and 'seven': the corpus writes both).
 */
function alternativesOf(term: string, lexiconAlternatives: (term: string) => string[][], expansions: readonly string[]): string[][] {
  const out = lexiconAlternatives(term)
  if (/^\d{1,2}$/.test(term) && expansions.includes(`#${term}`)) out.push([`#${term}`])
  // The specifications name interstates, never a route number: 'I-26' is written 'Interstate'.
  if (/^i-\d{1,3}$/.test(term)) out.push(tokenize('interstate'))
  const word = NUMBER_WORDS[Number(term)]
  if (/^\d{1,2}$/.test(term) && word) out.push([word])
  const digit = NUMBER_WORDS.indexOf(term)
  if (digit >= 0) out.push([String(digit)])
  return out
}

const NUMBER_WORDS = 'zero one two three four five six seven eight nine ten eleven twelve'.split(' ')

/** Asking for a way to work a figure out ('how do I figure the tack rate', 'compute the spread rate'). */
const FORMULA_QUESTION = /\b(formula|equation|calculate|calculation|compute|work out|figure out|figure (the|a|an))\b/i
/**
 * The verbs of such a question name the asking, not the subject: no passage says 'figure' or 'compute',
 * so as content terms they would count as missing from the method that answers.
 */
const FORMULA_VERBS: ReadonlySet<string> = new Set(tokenize('figure compute calculate calculation determine'))

export function questionTerms(analysis: Pick<QueryAnalysis, 'corrected' | 'original' | 'expansions' | 'numbers'>): QuestionTerms {
  const text = joinScdotRefs(analysis.corrected || analysis.original)
  const wantsFormula = FORMULA_QUESTION.test(text)
  const terms = [...new Set(tokenize(text))].filter((term) => !GENERIC.has(term) && !(wantsFormula && FORMULA_VERBS.has(term)))
  const lexiconAlternatives = alternativesFor(text)
  const alternatives = new Map(terms.map((term) => [term, alternativesOf(term, lexiconAlternatives, analysis.expansions)] as const))
  return {
    terms,
    alternatives,
    wantsFigure: FIGURE_QUESTION.test(text),
    wantsFormula,
    numbers: analysis.numbers.map((n) => n.toLowerCase()) }
}

/** True when one of the stem sources holds the term, or one of its alternatives whole. */
export function termFound(terms: QuestionTerms, term: string, ...sources: Stems[]): boolean {
  const found = (stem: string) => sources.some((source) => hasStem(source, stem))
  if (found(term)) return true
  return (terms.alternatives.get(term) ?? []).some((phrase) => phrase.every(found))
}

/**
 * How much of the question a text covers, from 0 to 1: the weighted share of the question's content
 * terms found (directly or through an alternative) in any of the stem sources. `weights` (stem ->
 * weight) favours rare terms; default 1 each.
 */
export function coverage(terms: QuestionTerms, stems: Stems | Stems[], weights?: ReadonlyMap<string, number>): number {
  if (terms.terms.length === 0) return 0
  const sources: Stems[] = Array.isArray(stems) && stems.length > 0 && typeof stems[0] !== 'string' ? (stems as Stems[]) : [stems as Stems]
  let total = 0
  let matched = 0
  for (const term of terms.terms) {
    const weight = weights?.get(term) ?? 1
    total += weight
    if (termFound(terms, term, ...sources)) matched += weight
  }
  return total === 0 ? 0 : matched / total
}

/** One self-contained fact of a passage: a bullet, or a sentence of running text. */
export interface Fact {
  /** As written, with its bracketed citation when it has one. */
  text: string
  /** The text without the bracketed citation, for matching. */
  body: string
  /** The bracketed citation ('SC-M-400, 2018 revision ...'), or null. */
  citation: string | null
  isBullet: boolean
  /** Stems of the body. */
  stems: ReadonlySet<string>
}

const BULLET = /^\s*(?:[-*\u2022]|\d+[.)])\s+/
const NOTICE = /^verify against the current official scdot documents/i

/**
 * Facts and stems are cached by text: the same chunks come back search after search, and tokenising
 * them again would cost more than the rest of the answer. Cleared whole when it grows past the limit.
 */
const CACHE_LIMIT = 5000
const factCache = new Map<string, Fact[]>()
const stemCache = new Map<string, ReadonlySet<string>>()

function cached<T>(cache: Map<string, T>, key: string, make: () => T): T {
  let value = cache.get(key)
  if (value === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear()
    value = make()
    cache.set(key, value)
  }
  return value
}

/** The facts of a text: each bullet whole (it carries its own citation), running text cut into sentences. */
export function factsOf(text: string): Fact[] {
  return cached(factCache, text, () => readFacts(text))
}

function readFacts(text: string): Fact[] {
  const facts: Fact[] = []
  let paragraph: string[] = []
  const flush = () => {
    if (paragraph.length === 0) return
    for (const sentence of sentences(paragraph.join(' '))) pushFact(facts, sentence, false)
    paragraph = []
  }
  for (const rawLine of text.split(/\r?\n/)) {
    const line = rawLine.trim()
    if (line === '' || /^#{1,6}\s/.test(line) || /^-{3,}$/.test(line)) {
      flush()
      continue
    }
    if (BULLET.test(line)) {
      flush()
      pushFact(facts, line.replace(BULLET, ''), true)
    } else if (facts.length > 0 && facts.at(-1)!.isBullet && /^\s{2,}\S/.test(rawLine) && paragraph.length === 0) {
      // A bullet's continuation line.
      const last = facts.pop()!
      pushFact(facts, `${last.text} ${line}`, true)
    } else {
      paragraph.push(line)
    }
  }
  flush()
  return facts
}

function pushFact(facts: Fact[], raw: string, isBullet: boolean): void {
  const text = raw.replace(/\s+/g, ' ').trim()
  if (text.length < 12 || NOTICE.test(text)) return
  const match = /\[([^\][]+)\]\s*\.?$/.exec(text)
  const citation = match ? match[1]!.trim() : null
  const body = (match ? text.slice(0, match.index) : text).trim()
  if (body.length < 8) return
  facts.push({ text, body, citation, isBullet, stems: new Set(tokenize(body)) })
}

/**
 * Sentences of running text. A full stop ends a sentence when followed by a space and a capital or an
 * opening bracket, except after abbreviations that never end a sentence ('No. 5', 'e.g.'); a unit with a
 * full stop ('1,000 ft.') does end one, as it usually does in the corpus.
 */
export function sentences(text: string): string[] {
  const out: string[] = []
  let start = 0
  const re = /([.!?])\s+(?=[A-Z(["])/g
  for (const match of text.matchAll(re)) {
    const end = match.index + 1
    const before = text.slice(start, end)
    if (/\b(?:No|Nos|approx|e\.g|i\.e|vs|Sec|Fig|Inc|Co|St|U\.S)\.$/i.test(before)) continue
    out.push(before.trim())
    start = match.index + match[0].length
  }
  const rest = text.slice(start).trim()
  if (rest) out.push(rest)
  return out
}

/**
 * Figures in a text, normalised ('1,500' -> '1500', '6.25'): outside bracketed citations, or everywhere
 * with `withCitations` (the model check, where a bracket is no hiding place).
 */
export function figuresOf(text: string, withCitations = false): string[] {
  const plain = withCitations ? text : text.replace(/\[[^\]]*\]/g, ' ')
  return [...plain.matchAll(/(?<![\w.])\d{1,3}(?:,\d{3})+(?:\.\d+)?|(?<![\w.])\d+(?:\.\d+)?/g)].map((m) => normaliseFigure(m[0]))
}

const quantityCache = new Map<string, string[]>()

/**
 * Quantities of a text: its figures without the numbers that only name something (SC-M-400, SC-T-29,
 * I-26, 6H-4, G501, Section 401.4, Table 6H-3) and without years. Used to prefer facts that state a value.
 */
export function quantitiesOf(text: string): string[] {
  // The same facts are asked again and again (ranking and selection, search after search). Callers only read it.
  return cached(quantityCache, text, () => readQuantities(text))
}

function readQuantities(text: string): string[] {
  const plain = text
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:Section|Sections|Subsection|Division|Table|Drawing|Figure|Part|Chapter)s?\s+[\w.-]+(?:\s*(?:and|to|-)\s*[\d.]+)?/gi, ' ')
    .replace(/\b[A-Za-z]+(?:-[A-Za-z]+)*-\d+[A-Za-z]?(?:-\d+)?\b/g, ' ')
    .replace(/\b\d[A-Z]-\d+\b|\b[A-Z]\d{3}\b/g, ' ')
    .replace(/\b\d{3,4}(?:\.\d+){1,4}(?:\([a-z0-9]+\))*/g, ' ')
    .replace(/\b(?:19|20)\d{2}\b/g, ' ')
  return figuresOf(plain)
}

const NO_CONFIRMED_VALUE = /\b(not (?:yet )?confirmed|no (?:public |official )?source|holds no (?:confirmed )?|does not hold|do(?:es)? not (?:yet )?hold|does not know|to verify\]|not (?:yet )?(?:found|known))\b/i

/** A fact that gives a method: an equation, or arithmetic in words ('the gallons divided by the square yards'). */
export function givesMethod(body: string): boolean {
  return /=|\b(?:divided by|multiplied by|times)\b/.test(body)
}

/** Answers per fact object, kept with the text they were worked out from (a changed text is worked out again). */
const noValueCache = new WeakMap<object, { text: string; body: string; value: boolean }>()

/**
 * A clause of its own saying the corpus holds no confirmed value, beside a figure on something else:
 * 'Embankment density and lift thickness were not confirmed ...; the 95 percent figure is a product
 * reference value.' The clause names what is unconfirmed and states no quantity itself.
 */
function noValueClause(body: string): boolean {
  return body
    .split(/;\s+|(?<=[a-z)])\.\s+(?=[A-Z])/)
    .some((clause) => NO_CONFIRMED_VALUE.test(clause) && quantitiesOf(clause).length === 0 && !REFERENCE_VALUE_NOTICE.test(clause))
}

/**
 * The notice the corpus puts on the product's own reference values (corpus/README.md, honesty rule 3):
 * 'The product keeps 4,500 psi at 28 days as a deck concrete strength. Field reference value - not
 * confirmed as an SCDOT requirement; ...', or 'The product's retroreflectivity minimums for new paint are
 * field reference values, not confirmed SCDOT requirements.' It qualifies a figure the corpus holds (beside
 * it, or in another fact), which answers, shown with the notice; it does not say the corpus lacks a value.
 */
const REFERENCE_VALUE_NOTICE = /\breference values?\b[^;.]*\bnot (?:yet )?confirmed\b/i

/**
 * The corpus saying it holds no confirmed value ('placement temperatures ... were not confirmed from any
 * SCDOT source'): a fact with such words and no method, that states no quantity, or that says so in a
 * clause without one beside a figure on something else (noValueClause).
 */
export function saysNoConfirmedValue(fact: Pick<Fact, 'text' | 'body'>): boolean {
  const known = noValueCache.get(fact)
  if (known && known.text === fact.text && known.body === fact.body) return known.value
  // 'Tack rate is the gallons divided by the square yards; the required rate is not confirmed' gives a method.
  const value =
    NO_CONFIRMED_VALUE.test(fact.text) &&
    !givesMethod(fact.body) &&
    (quantitiesOf(fact.body).length === 0 ? !REFERENCE_VALUE_NOTICE.test(fact.body) : noValueClause(fact.body))
  noValueCache.set(fact, { text: fact.text, body: fact.body, value })
  return value
}

export function normaliseFigure(figure: string): string {
  const plain = figure.replaceAll(',', '')
  return /\./.test(plain) ? plain.replace(/\.?0+$/, '') || '0' : plain
}

/** Stems of a passage's whole searchable text: title, section, heading path and body. */
export function passageStems(passage: Passage): ReadonlySet<string> {
  const text = [passage.documentTitle, passage.section ?? '', passage.sectionTitle ?? '', passage.headingPath, passage.text].join('\n')
  return cached(stemCache, text, () => new Set(tokenize(text)))
}

/** Stems of a passage's title, section and headings. */
export function headingStems(passage: Passage): ReadonlySet<string> {
  const text = [passage.documentTitle, passage.section ?? '', passage.sectionTitle ?? '', passage.headingPath].join('\n')
  return cached(stemCache, text, () => new Set(tokenize(text)))
}
