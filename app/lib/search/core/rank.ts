/**
 * The core's own ranking of candidate passages and their facts, the same on the server and on the
 * phone (docs/decisions/015-answer-ranking-and-confidence.md). Retrieval (Postgres online, `retrieveLocal`
 * offline) finds candidates; this module decides among them, so for the same corpus both answer alike.
 *
 * - `CorpusStats`: document frequencies of stems over every chunk (title, section, headings and text), so a
 *   term's weight does not depend on which candidates came back;
 * - `scorePassages`: BM25 of each candidate for the question's terms, a term matched through the lexicon
 *   (lexicon.ts) counting like the term;
 * - `factCandidates`: every fact of the best candidates with the features the fitted fact model
 *   (model.ts) reads: coverage, answer type, quantities, exact numbers, BM25 of its passage, kind.
 * Pure.
 */
import { factAnswerTypes, type AnswerType } from './answer-type'
import { factKey } from './asked'
import type { Passage, QueryAnalysis } from './types'
import { tokenize } from './tokenize'
import { factsOf, givesMethod, hasStem, quantitiesOf, saysNoConfirmedValue, stemsMatch, type Fact, type QuestionTerms } from './text'

export interface CorpusStats {
  /** Chunks counted. */
  n: number
  /** Chunks holding each stem. */
  df: Map<string, number>
  /** Mean length of a chunk in stems. */
  avgLength: number
}

/** The text of a passage that ranking reads: its document title, section, headings and body. */
export function rankingText(passage: Pick<Passage, 'documentTitle' | 'section' | 'sectionTitle' | 'headingPath' | 'text'>): string {
  return [passage.documentTitle, passage.section ?? '', passage.sectionTitle ?? '', passage.headingPath, passage.text].join('\n')
}

export function buildCorpusStats(texts: Iterable<string>): CorpusStats {
  const df = new Map<string, number>()
  let n = 0
  let total = 0
  for (const text of texts) {
    const stems = tokenize(text)
    total += stems.length
    n += 1
    for (const stem of new Set(stems)) df.set(stem, (df.get(stem) ?? 0) + 1)
  }
  return { n, df, avgLength: n === 0 ? 1 : total / n }
}

/**
 * The stems of the corpus in sorted order (one list per stats, made on first use): the stems a prefix
 * starts are then one run of it, found by binary search instead of a pass over every stem.
 */
const sortedStems = new WeakMap<CorpusStats, { size: number; stems: string[] }>()

function stemsStartingWith(stats: CorpusStats, prefix: string): string[] {
  let sorted = sortedStems.get(stats)
  // Stats are built once and never changed; the size check only guards against a caller that does.
  if (!sorted || sorted.size !== stats.df.size) {
    sorted = { size: stats.df.size, stems: [...stats.df.keys()].sort() }
    sortedStems.set(stats, sorted)
  }
  const { stems } = sorted
  let low = 0
  let high = stems.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (stems[middle]! < prefix) low = middle + 1
    else high = middle
  }
  const out: string[] = []
  for (let i = low; i < stems.length && stems[i]!.startsWith(prefix); i++) out.push(stems[i]!)
  return out
}

/** True when the corpus has a stem that starts with `prefix` (the prefix itself included). */
export function corpusHasPrefix(stats: CorpusStats, prefix: string): boolean {
  return stemsStartingWith(stats, prefix).length > 0
}

/** Chunks holding a stem, or a longer stem it starts ('flag' counts 'flagger'), as text.ts matches them. */
function documentFrequency(stats: CorpusStats, stem: string): number {
  const exact = stats.df.get(stem)
  if (exact !== undefined || stem.length < 4 || /\d/.test(stem)) return exact ?? 0
  let best = 0
  for (const key of stemsStartingWith(stats, stem)) {
    const count = stats.df.get(key)!
    if (count > best && key.length > stem.length) best = count
  }
  return best
}

/** Inverse document frequency (BM25's, floored at a small positive weight). */
export function idfOf(stats: CorpusStats, stem: string): number {
  const df = documentFrequency(stats, stem)
  return Math.max(0.05, Math.log(1 + (stats.n - df + 0.5) / (df + 0.5)))
}

/**
 * The weight of any stem beside a question's own terms: the question's term weight, else the corpus idf
 * (worked out once per stem). Compares a question with earlier ones (asked.ts) the same way in a search and in
 * the fit.
 */
export function stemWeigher(weights: ReadonlyMap<string, number>, stats: CorpusStats): (stem: string) => number {
  const known = new Map<string, number>()
  return (stem) => {
    let weight = weights.get(stem) ?? known.get(stem)
    if (weight === undefined) known.set(stem, (weight = idfOf(stats, stem)))
    return weight
  }
}

/** Weight per question term: corpus idf, the rarest form when a lexicon alternative is rarer than the word. */
export function termWeights(terms: QuestionTerms, stats: CorpusStats): Map<string, number> {
  const weights = new Map<string, number>()
  const maxIdf = Math.log(1 + (stats.n + 0.5) / 0.5)
  for (const term of terms.terms) {
    const own = documentFrequency(stats, term) > 0 ? idfOf(stats, term) : null
    const alternatives = (terms.alternatives.get(term) ?? []).map((phrase) => Math.max(...phrase.map((stem) => idfOf(stats, stem))))
    // A word the corpus never uses weighs what its document terms weigh ('shiny' -> 'retroreflectivity');
    // with none, it is a plain word that says little about which passage is right.
    let weight = own ?? (alternatives.length > 0 ? Math.min(...alternatives) : 0.5 * maxIdf * 0.25)
    if (/\d/.test(term)) weight *= 1.25
    weights.set(term, weight)
  }
  return weights
}

const K1 = 1.2
const B = 0.6

/** How often a term (or one of its alternatives, whole) occurs in a list of stems. */
function termFrequency(terms: QuestionTerms, term: string, stems: readonly string[], set: ReadonlySet<string>): number {
  let tf = 0
  for (const stem of stems) if (stemsMatch(stem, term)) tf += 1
  if (tf > 0) return tf
  for (const phrase of terms.alternatives.get(term) ?? []) if (phrase.every((stem) => hasStem(set, stem))) return 1
  return 0
}

interface PassageStems {
  list: string[]
  set: Set<string>
  heading: Set<string>
}

type RankedFields = Pick<Passage, 'documentTitle' | 'section' | 'sectionTitle' | 'headingPath' | 'text'>

/**
 * Per chunk id, with the fields they were worked out from: the same chunks come back search after search
 * as new objects, and comparing their fields costs less than joining them into one key and hashing it.
 */
const stemCache = new Map<string, { fields: RankedFields; stems: PassageStems }>()

const sameFields = (a: RankedFields, b: RankedFields) =>
  a.text === b.text && a.headingPath === b.headingPath && a.documentTitle === b.documentTitle && a.section === b.section && a.sectionTitle === b.sectionTitle

function stemsOf(passage: Passage): PassageStems {
  const known = stemCache.get(passage.chunkId)
  if (known && sameFields(known.fields, passage)) return known.stems
  if (stemCache.size > 4000) stemCache.clear()
  const list = tokenize(rankingText(passage))
  const heading = new Set(tokenize([passage.documentTitle, passage.section ?? '', passage.sectionTitle ?? '', passage.headingPath].join('\n')))
  const stems = { list, set: new Set(list), heading }
  const { documentTitle, section, sectionTitle, headingPath, text } = passage
  stemCache.set(passage.chunkId, { fields: { documentTitle, section, sectionTitle, headingPath, text }, stems })
  return stems
}

export interface ScoredPassage {
  passage: Passage
  /** BM25 over the question's terms. */
  bm25: number
  /** BM25 over what the best possible passage would score: 0 to 1. */
  relative: number
  /** Weighted share of the question's terms the passage holds (title, headings, body). */
  coverage: number
}

export function scorePassages(terms: QuestionTerms, weights: ReadonlyMap<string, number>, passages: readonly Passage[], stats: CorpusStats): ScoredPassage[] {
  const total = [...weights.values()].reduce((sum, w) => sum + w, 0) || 1
  const ceiling = total * (K1 + 1)
  return passages.map((passage) => {
    const stems = stemsOf(passage)
    const norm = K1 * (1 - B + (B * stems.list.length) / stats.avgLength)
    let bm25 = 0
    let covered = 0
    for (const term of terms.terms) {
      const tf = termFrequency(terms, term, stems.list, stems.set)
      if (tf === 0) continue
      const w = weights.get(term) ?? 1
      bm25 += (w * tf * (K1 + 1)) / (tf + norm)
      covered += w
    }
    return { passage, bm25, relative: Math.min(1, bm25 / ceiling), coverage: covered / total }
  })
}

/** The feature vector of one fact, named in FACT_FEATURES order. */
export const FACT_FEATURES = [
  'factCoverage',
  'contextCoverage',
  'termShare',
  'missingMax',
  'pairShare',
  'passageRelative',
  'passageRank',
  'bestPassage',
  'typeAsked',
  'typeMatch',
  'typeMismatch',
  'hasQuantity',
  'figureWantedNone',
  'exactNumber',
  'paramMatch',
  'formulaMatch',
  'focus',
  'restatesTitle',
  'notConfirmed',
  'kindDefect',
  'kindCatalogue',
  'kindDrawing',
  'kindSheet',
  'kindNews',
  'shortFact',
  'longFact',
  'askedBefore',
] as const

export interface FactCandidate {
  fact: Fact
  passage: Passage
  /** Position of its passage in the core's ranking (0 best). */
  rank: number
  /** Coverage of the question by the fact with its passage's headings. */
  coverage: number
  /** Coverage by the fact alone. */
  ownCoverage: number
  /** Weight of the heaviest question term the fact (with its headings) lacks, relative to the heaviest term. */
  missingMax: number
  types: Set<AnswerType>
  features: number[]
}

export interface QuestionFacts {
  terms: QuestionTerms
  /** Neighbouring content terms of the question, in its order ('water cement', 'cement ratio'). */
  pairs: Array<[string, string]>
  answerType: AnswerType | null
  /** Figures the question gives ('55 mph', '93 percent'): parameters, not identifiers. */
  figures: string[]
  numbers: string[]
}

/** The question's figures that are not section or drawing numbers ('55' in 'fifty five mph'). */
export function questionFigures(analysis: Pick<QueryAnalysis, 'corrected' | 'numbers'>): string[] {
  const text = analysis.corrected.replace(/\[[^\]]*\]/g, ' ')
  const figures = quantitiesOf(text)
  return [...new Set(figures)].filter((figure) => !analysis.numbers.some((n) => n.includes(figure)))
}

function focusTerm(terms: QuestionTerms, weights: ReadonlyMap<string, number>): string | null {
  const present = terms.terms.filter((term) => !/\d/.test(term))
  if (present.length < 2) return null
  const weightOf = (term: string) => weights.get(term) ?? 1
  const focus = present.reduce((best, term) => (weightOf(term) > weightOf(best) ? term : best))
  const others = present.filter((term) => term !== focus)
  const mean = others.reduce((sum, term) => sum + weightOf(term), 0) / others.length
  return weightOf(focus) >= 1.5 * mean ? focus : null
}

/**
 * How much of the question some stem sources hold: the weighted share, the plain share of terms, and the
 * weight of the heaviest term they lack relative to the heaviest term (1: the question's most specific
 * word is missing, as 'slump' in a deck fact that answers nothing about slump).
 */
export function matchedShare(
  terms: QuestionTerms,
  weights: ReadonlyMap<string, number>,
  sources: ReadonlySet<string>[],
): { weighted: number; plain: number; missingMax: number } {
  if (terms.terms.length === 0) return { weighted: 0, plain: 0, missingMax: 1 }
  let total = 0
  let matched = 0
  let count = 0
  let heaviest = 0
  let missing = 0
  for (const term of terms.terms) {
    const w = weights.get(term) ?? 1
    total += w
    heaviest = Math.max(heaviest, w)
    const found =
      sources.some((set) => hasStem(set, term)) ||
      (terms.alternatives.get(term) ?? []).some((phrase) => phrase.every((stem) => sources.some((set) => hasStem(set, stem))))
    if (found) {
      matched += w
      count += 1
    } else missing = Math.max(missing, w)
  }
  return { weighted: total === 0 ? 0 : matched / total, plain: count / terms.terms.length, missingMax: heaviest === 0 ? 0 : missing / heaviest }
}

/** Neighbouring content terms of a question (question words and filler between them skipped). */
export function questionPairs(text: string, terms: QuestionTerms): Array<[string, string]> {
  const content = tokenize(text).filter((stem) => terms.terms.includes(stem))
  const pairs: Array<[string, string]> = []
  for (let i = 1; i < content.length; i++) if (content[i - 1] !== content[i]) pairs.push([content[i - 1]!, content[i]!])
  return pairs
}

/** A fact's tokens in order after each heading path it was read under (almost always one). */
const orderCache = new WeakMap<Fact, { body: string; byHeading: Map<string, string[]> }>()

function orderedTokens(headingPath: string, fact: Fact): string[] {
  let known = orderCache.get(fact)
  if (!known || known.body !== fact.body) {
    known = { body: fact.body, byHeading: new Map() }
    orderCache.set(fact, known)
  }
  let tokens = known.byHeading.get(headingPath)
  if (!tokens) {
    tokens = tokenize(`${headingPath}\n${fact.body}`)
    known.byHeading.set(headingPath, tokens)
  }
  return tokens
}

/** Share of the question's term pairs that stand within two words of each other in the heading path and fact. */
function pairShare(pairs: ReadonlyArray<[string, string]>, headingPath: string, fact: Fact): number {
  if (pairs.length === 0) return 0
  const tokens = orderedTokens(headingPath, fact)
  let found = 0
  for (const [a, b] of pairs) {
    let near = false
    for (let i = 0; i < tokens.length && !near; i++) {
      if (!stemsMatch(tokens[i]!, a) && !stemsMatch(tokens[i]!, b)) continue
      const other = stemsMatch(tokens[i]!, a) ? b : a
      for (let j = Math.max(0, i - 2); j <= Math.min(tokens.length - 1, i + 2); j++) if (j !== i && stemsMatch(tokens[j]!, other)) near = true
    }
    if (near) found += 1
  }
  return found / pairs.length
}

/** Lines of the defect guide that list names rather than state a fact ('Also called: ...', 'What it looks like:'). */
const DESCRIPTION = /^(?:also called|what it looks like|keywords?|see also)\b/i

/** Candidate passages whose facts are scored: the best by BM25, in that order. */
export const FACT_PASSAGES = 12

interface FactTraits {
  body: string
  description: boolean
  types: Set<AnswerType>
  lower: string
  formula: boolean
  /** The fact's key in the memory of questions asked before (asked.ts). */
  key: string
}

/** What a fact's text alone decides, worked out once per fact (facts are cached by text.ts, search after search). */
const traitCache = new WeakMap<Fact, FactTraits>()

function traitsOf(fact: Fact): FactTraits {
  const known = traitCache.get(fact)
  if (known && known.body === fact.body) return known
  const traits: FactTraits = {
    body: fact.body,
    description: DESCRIPTION.test(fact.body),
    types: factAnswerTypes(fact.body),
    lower: fact.body.toLowerCase(),
    formula: givesMethod(fact.body),
    key: factKey(fact.body),
  }
  traitCache.set(fact, traits)
  return traits
}

/** `askedBefore`: how close the question is to earlier questions a fact answered, by the fact's key (asked.ts). */
export function factCandidates(
  question: QuestionFacts,
  weights: ReadonlyMap<string, number>,
  ranked: readonly ScoredPassage[],
  askedBefore: (key: string) => number = () => 0,
): FactCandidate[] {
  const { terms } = question
  const focus = focusTerm(terms, weights)
  const best = ranked[0]?.relative ?? 0
  const out: FactCandidate[] = []
  ranked.slice(0, FACT_PASSAGES).forEach((scored, rank) => {
    const { passage } = scored
    const heading = stemsOf(passage).heading
    const section = (passage.section ?? '').toLowerCase()
    for (const fact of factsOf(passage.text)) {
      // Keyword lines help retrieval find a record; they never answer a question.
      const traits = traitsOf(fact)
      if (traits.description) continue
      const own = matchedShare(terms, weights, [fact.stems])
      const context = matchedShare(terms, weights, [fact.stems, heading])
      const types = traits.types
      const quantities = quantitiesOf(fact.body)
      const body = traits.lower
      const exact = question.numbers.some((n) => body.includes(n) || section.startsWith(n) || section.endsWith(n) || passage.headingPath.toLowerCase().includes(n))
      const paramMatch = question.figures.some((figure) => quantities.includes(figure))
      const restates = [...fact.stems].every((stem) => heading.has(stem))
      const hasFocus = focus !== null && (hasStem(fact.stems, focus) || hasStem(heading, focus))
      const kind = passage.documentKind
      // A question asking how to work a figure out, and a fact that gives the method.
      const method = terms.wantsFormula && traits.formula
      const features = [
        own.weighted,
        context.weighted,
        context.plain,
        context.missingMax,
        pairShare(question.pairs, passage.headingPath, fact),
        scored.relative,
        1 / (1 + rank),
        best > 0 ? scored.relative / best : 0,
        question.answerType ? 1 : 0,
        question.answerType && types.has(question.answerType) ? 1 : 0,
        question.answerType && !types.has(question.answerType) ? 1 : 0,
        quantities.length > 0 ? 1 : 0,
        // A method is what a question asking how to work a figure out wants, with or without a figure in it.
        terms.wantsFigure && quantities.length === 0 && !method ? 1 : 0,
        exact ? 1 : 0,
        paramMatch ? 1 : 0,
        method ? 1 : 0,
        focus === null ? 0.5 : hasFocus ? 1 : 0,
        restates ? 1 : 0,
        saysNoConfirmedValue(fact) ? 1 : 0,
        kind === 'defect' ? 1 : 0,
        kind === 'catalogue' ? 1 : 0,
        kind === 'drawing' || kind === 'manual' ? 1 : 0,
        kind === 'cheat-sheet' ? 1 : 0,
        kind === 'news' ? 1 : 0,
        fact.body.length < 40 ? 1 : 0,
        fact.body.length > 300 ? 1 : 0,
        askedBefore(traits.key),
      ]
      out.push({ fact, passage, rank, coverage: context.weighted, ownCoverage: own.weighted, missingMax: context.missingMax, types, features })
    }
  })
  return out
}
