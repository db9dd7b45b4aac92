/**
 * Matching a user's description and the text read from an upload against the defect guide. Pure (no
 * server imports), so it is unit-tested directly and could run in the browser.
 *
 * How a defect scores against a text:
 * - both are tokenised with the search tokenizer (lower case, stop words out, light stemming), after
 *   optional spelling correction against a vocabulary and with the search synonyms plus a few plain-word
 *   ones below ('blacktop' -> asphalt, 'rebar' -> reinforcing);
 * - a phrase counts only when the text holds at least one of its words that is not a feature name
 *   (FEATURE_WORDS), so naming an element ('expansion joint') is not naming a defect;
 * - a keyword or title phrase whose stems all occur in the text is a full match, worth the sum of its
 *   stems' weights (rarer stems across the guide weigh more: 'alligator' beats 'crack'); a phrase whose
 *   condition words are all present but not its element words ('spalling' for 'deck spall') is worth
 *   ELEMENT_MISSING of that; a phrase of two or more stems with at least half present, a third of it;
 * - the defect's best phrase counts in full, further phrases a quarter each, symptom words a little;
 * - naming the defect's material or element ('bridge deck', 'asphalt', 'guardrail') adds a bonus; naming
 *   only another category's material halves the score.
 * A defect is kept when its score reaches MIN_SCORE and one phrase qualifies (a full match, a condition
 * match worth MIN_SCORE, or a partial one whose words weigh MIN_PARTIAL); generic words alone ('crack',
 * 'concrete') never reach it.
 */
import { expandSynonyms } from '../search/core/query'
import { correctSpelling, type Vocabulary } from '../search/core/spelling'
import { tokenize } from '../search/core/tokenize'
import type { DefectCategory, DefectFrontMatter } from '../corpus/schema'

export type MatchOrigin = 'description' | 'text'
export type MatchConfidence = 'high' | 'medium' | 'low'

/** The fields of a defect record the matcher reads. */
export type MatchableDefect = Pick<DefectFrontMatter, 'id' | 'title' | 'category' | 'keywords' | 'symptoms'>

export interface DefectMatch<D extends MatchableDefect = MatchableDefect> {
  defect: D
  score: number
  origin: MatchOrigin
  /** Keyword or title phrases found whole in the text. */
  fullMatches: string[]
  /** Phrases found in part. */
  partialMatches: string[]
  /** The text named the defect's material or element. */
  categoryNamed: boolean
  /**
   * The best whole phrase names the defect unmistakably: two or more condition words ('alligator
   * cracking'), or one that no other defect uses ('pothole', 'delamination').
   */
  distinctive: boolean
}

export interface MatchInput {
  description: string
  text: string
}

export interface MatchOptions {
  /** Vocabulary for spelling correction (the corpus one on the server; `defectVocabulary` in tests). */
  vocabulary?: Vocabulary
  /** At most this many matches (default 3). */
  limit?: number
}

export const MIN_SCORE = 2.5
export const MIN_PARTIAL = 3.5
/** A phrase whose condition words are all present but not its element words counts this much of its value. */
export const ELEMENT_MISSING = 0.7
/** The top match must lead the next by this ratio for high confidence (or medium from the upload's text). */
export const CLEAR_LEAD = 1.5
/** A whole phrase of this weight is a clear naming of the defect (one distinctive word such as 'pothole' is about 3.5). */
export const HIGH_SCORE = 3.4
/** Text read from an upload is noisier than a description and names features, not only defects. */
export const TEXT_WEIGHT = 0.8
/** Longest text matched (an OCR page can be long; the start holds the labels and notes). */
export const MAX_MATCH_CHARS = 20_000

/** Plain words a field user writes for what the guide calls by another name. */
const PLAIN_SYNONYMS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\b(?:blacktop|tarmac|bitumen|asphault|ashphalt)\b/i, 'asphalt'],
  [/\b(?:rebar|re-bar|reinforcement)\b/i, 'reinforcing steel'],
  [/\b(?:striping|stripes?|paint lines?|road lines?|lane lines?)\b/i, 'pavement markings'],
  [/\b(?:culverts?|storm drains?|drainage pipes?)\b/i, 'pipe culvert'],
  [/\b(?:guard ?rails?|w-?beams?)\b/i, 'guardrail'],
  [/\b(?:fill|embankments?|dirt|soils?)\b/i, 'earthwork'],
  [/\bcrumbl\w*/i, 'crumbling'],
  [/\bpot ?holes?\b/i, 'pothole'],
  [/\bcave[- ]?ins?\b/i, 'trench cave-in'],
]

/** Words that name each category's material or element. */
const CATEGORY_WORDS: Record<DefectCategory, string[]> = {
  asphalt: ['asphalt', 'hma', 'bituminous', 'mat', 'overlay', 'blacktop'],
  concrete: ['concrete', 'slab', 'pcc', 'portland', 'cement'],
  drainage: ['pipe', 'culvert', 'drain', 'drainage', 'inlet', 'catch basin', 'outlet', 'headwall', 'ditch'],
  guardrail: ['guardrail', 'guard rail', 'w-beam', 'rail', 'terminal'],
  // Not 'stripe': its stem is that of 'stripping' (forms). PLAIN_SYNONYMS turns 'striping' into markings.
  'pavement markings': ['marking', 'markings', 'line', 'lines', 'paint', 'thermoplastic', 'bead'],
  earthwork: ['soil', 'embankment', 'subgrade', 'trench', 'excavation', 'slope', 'earthwork', 'fill', 'compaction'],
  'bridge deck': ['bridge deck', 'bridge', 'deck'],
}

/**
 * Words that name an element or a material rather than a condition ('expansion joint', 'end terminal',
 * 'guardrail'). A phrase counts only when the text has at least one of its other words, so a plan label
 * that merely names a feature ('EXPANSION JOINT', 'GUARDRAIL 200 LF') is never read as a defect.
 */
const FEATURE_WORDS = [
  ...Object.values(CATEGORY_WORDS).flat(),
  'guard', 'beam', 'w', 'pavement', 'road', 'surface', 'joint', 'expansion', 'end', 'splice', 'bolt', 'bolts', 'post',
  'posts', 'seal', 'armor', 'hardware', 'lap', 'cable', 'head', 'impact', 'height', 'wall', 'edge', 'lane', 'wheel',
  'path', 'paths', 'steel', 'reinforcing', 'hdpe', 'plastic', 'metal', 'aluminum', 'box', 'basin', 'catch', 'drop',
  'area', 'top', 'new', 'fresh',
]
const FEATURE_STEMS: ReadonlySet<string> = new Set(FEATURE_WORDS.flatMap((w) => tokenize(w)))

interface Phrase {
  text: string
  stems: string[]
}

interface Prepared<D extends MatchableDefect> {
  defect: D
  phrases: Phrase[]
  symptomStems: Set<string>
  categoryStems: string[][]
}

const uniq = <T>(items: Iterable<T>): T[] => [...new Set(items)]

function phraseOf(text: string): Phrase {
  return { text, stems: uniq(tokenize(text)) }
}

/** Stems of a text with its synonyms: the words as written plus every expansion. */
export function textStems(raw: string, vocabulary?: Vocabulary): Set<string> {
  const clipped = raw.slice(0, MAX_MATCH_CHARS)
  const text = vocabulary ? correctSpelling(clipped, vocabulary).text : clipped
  const extra = PLAIN_SYNONYMS.filter(([pattern]) => pattern.test(text)).map(([, words]) => words)
  return new Set(tokenize([text, ...expandSynonyms(text), ...extra].join(' \n ')))
}

const preparedCache = new WeakMap<readonly MatchableDefect[], Prepared<MatchableDefect>[]>()
const weightCache = new WeakMap<readonly MatchableDefect[], Map<string, number>>()

function prepare<D extends MatchableDefect>(defects: readonly D[]): { prepared: Prepared<D>[]; weights: Map<string, number> } {
  let prepared = preparedCache.get(defects) as Prepared<D>[] | undefined
  let weights = weightCache.get(defects)
  if (!prepared || !weights) {
    prepared = defects.map((defect) => ({
      defect,
      phrases: [defect.title, ...defect.keywords].map(phraseOf).filter((p) => p.stems.length > 0),
      symptomStems: new Set(defect.symptoms.flatMap((s) => tokenize(s))),
      categoryStems: CATEGORY_WORDS[defect.category].map((w) => tokenize(w)),
    }))
    // Weight of a stem: log of how rare it is among the defects' names (title and keywords).
    const df = new Map<string, number>()
    for (const p of prepared) for (const stem of new Set(p.phrases.flatMap((ph) => ph.stems))) df.set(stem, (df.get(stem) ?? 0) + 1)
    weights = new Map([...df].map(([stem, count]) => [stem, Math.log(1 + defects.length / count)]))
    preparedCache.set(defects, prepared as Prepared<MatchableDefect>[])
    weightCache.set(defects, weights)
  }
  return { prepared, weights }
}

function namesCategory(stems: ReadonlySet<string>, categoryStems: string[][]): boolean {
  return categoryStems.some((words) => words.length > 0 && words.every((w) => stems.has(w)))
}

function scoreOne<D extends MatchableDefect>(
  entry: Prepared<D>,
  stems: ReadonlySet<string>,
  weights: ReadonlyMap<string, number>,
  otherCategories: boolean,
  origin: MatchOrigin,
  /** The weight of a stem only one defect uses. */
  uniqueWeight: number,
): DefectMatch<D> | null {
  const weight = (stem: string) => weights.get(stem) ?? 0.5
  const full: Array<{ phrase: string; value: number; distinctive: boolean }> = []
  const partial: Array<{ phrase: string; value: number }> = []
  let qualifies = false
  for (const phrase of entry.phrases) {
    const found = phrase.stems.filter((s) => stems.has(s))
    // At least one word of the phrase that is not a feature name: a condition ('spall', 'torn', 'low').
    if (!found.some((s) => !FEATURE_STEMS.has(s))) continue
    const value = found.reduce((sum, s) => sum + weight(s), 0)
    if (found.length === phrase.stems.length) {
      const conditions = found.filter((s) => !FEATURE_STEMS.has(s))
      full.push({ phrase: phrase.text, value, distinctive: conditions.length >= 2 || conditions.some((s) => weight(s) >= uniqueWeight - 1e-9) })
      qualifies = true
    } else if (phrase.stems.every((s) => stems.has(s) || FEATURE_STEMS.has(s))) {
      // The condition named without the element ('spalling' for 'deck spall'): nearly a full match.
      partial.push({ phrase: phrase.text, value: value * ELEMENT_MISSING })
      qualifies ||= value * ELEMENT_MISSING >= MIN_SCORE
    } else if (phrase.stems.length >= 2 && found.length * 2 >= phrase.stems.length) {
      partial.push({ phrase: phrase.text, value: value / 3 })
      qualifies ||= value >= MIN_PARTIAL
    }
  }
  const all = [...full, ...partial].sort((a, b) => b.value - a.value)
  if (all.length === 0 || !qualifies) return null
  let score = all[0]!.value + all.slice(1).reduce((sum, m) => sum + m.value / 4, 0)
  const symptomHits = [...entry.symptomStems].filter((s) => stems.has(s) && weights.has(s))
  score += Math.min(1, symptomHits.reduce((sum, s) => sum + weight(s), 0) * 0.1)
  const categoryNamed = namesCategory(stems, entry.categoryStems)
  if (categoryNamed) score += 1
  else if (otherCategories) score *= 0.5
  if (score < MIN_SCORE) return null
  return {
    defect: entry.defect,
    score,
    origin,
    fullMatches: full.sort((a, b) => b.value - a.value).map((m) => m.phrase),
    distinctive: full.some((m) => m.distinctive),
    partialMatches: partial.sort((a, b) => b.value - a.value).map((m) => m.phrase),
    categoryNamed,
  }
}

function matchText<D extends MatchableDefect>(defects: readonly D[], raw: string, origin: MatchOrigin, vocabulary?: Vocabulary): DefectMatch<D>[] {
  if (!raw.trim()) return []
  const { prepared, weights } = prepare(defects)
  const stems = textStems(raw, vocabulary)
  const named = new Set(prepared.filter((p) => namesCategory(stems, p.categoryStems)).map((p) => p.defect.category))
  const uniqueWeight = Math.log(1 + defects.length)
  const out: DefectMatch<D>[] = []
  for (const entry of prepared) {
    const match = scoreOne(entry, stems, weights, named.size > 0 && !named.has(entry.defect.category), origin, uniqueWeight)
    if (match) out.push(match)
  }
  return out
}

/**
 * The defects the description and the upload's text point to, best first (at most `limit`). A defect found
 * in both keeps the better score, from the description on a tie; text matches weigh TEXT_WEIGHT.
 */
export function matchDefects<D extends MatchableDefect>(defects: readonly D[], input: MatchInput, options: MatchOptions = {}): DefectMatch<D>[] {
  const byId = new Map<string, DefectMatch<D>>()
  for (const match of matchText(defects, input.description, 'description', options.vocabulary)) byId.set(match.defect.id, match)
  for (const match of matchText(defects, input.text, 'text', options.vocabulary)) {
    const weighted = { ...match, score: match.score * TEXT_WEIGHT }
    const known = byId.get(match.defect.id)
    if (!known || weighted.score > known.score) byId.set(match.defect.id, weighted)
  }
  return [...byId.values()].sort((a, b) => b.score - a.score || a.defect.id.localeCompare(b.defect.id)).slice(0, options.limit ?? 3)
}

/**
 * How sure the diagnosis is. High: the description names the defect (a keyword or title phrase of two or
 * more words, or a distinctive word, found whole) and it stands clearly ahead of the next match. Medium: a
 * whole phrase from the description, or a clear lead from the upload's text. Low: anything weaker.
 */
export function matchConfidence(matches: readonly DefectMatch[]): MatchConfidence {
  const [top, next] = matches
  if (!top) return 'low'
  const clearLead = !next || top.score >= next.score * CLEAR_LEAD
  const namesDefect = top.fullMatches.length > 0
  if (top.origin === 'description' && namesDefect && clearLead && top.score >= HIGH_SCORE && (top.distinctive || top.categoryNamed)) return 'high'
  if (top.origin === 'description' && namesDefect) return 'medium'
  if (top.origin === 'text' && namesDefect && clearLead && top.score >= HIGH_SCORE) return 'medium'
  return 'low'
}

/** A spelling vocabulary made of the guide's own words (for tests and when the corpus one is unavailable). */
export function defectWordCounts(defects: readonly MatchableDefect[]): Map<string, number> {
  const counts = new Map<string, number>()
  for (const defect of defects) {
    for (const text of [defect.title, ...defect.keywords, ...defect.symptoms]) {
      for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return counts
}

/** A matched span is quoted whole when it holds at most this many words that did not match. */
const MAX_SPAN_GAP_WORDS = 3

/**
 * The words of `raw` (as typed or read, not the guide's wording) that made `phrase` match: each word, or
 * a pair of neighbours (for two-word synonyms such as 'storm drains'), whose stems, spelling correction
 * or synonyms meet the phrase's stems. Returned as the pieces to quote: one span of the text when the
 * matching words sit close together ('cracks in the wheel paths'), else the words themselves. Empty
 * when only the text as a whole matched (then say so rather than quote the guide as if it were typed).
 */
export function matchedPieces(raw: string, phrase: string, vocabulary?: Vocabulary): string[] {
  const wanted = new Set(tokenize(phrase))
  const text = raw.slice(0, MAX_MATCH_CHARS)
  const words = [...text.matchAll(/[A-Za-z0-9][A-Za-z0-9'-]*/g)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }))
  const stemsOf = (piece: string): string[] => {
    const corrected = vocabulary ? correctSpelling(piece, vocabulary).text : piece
    const extra = PLAIN_SYNONYMS.filter(([pattern]) => pattern.test(piece)).map(([, w]) => w)
    return tokenize([piece, corrected, ...expandSynonyms(corrected), ...extra].join(' \n '))
  }
  const hits = new Set<number>()
  words.forEach((w, i) => {
    if (stemsOf(w.word).some((s) => wanted.has(s))) hits.add(i)
    const next = words[i + 1]
    if (next && !hits.has(i) && stemsOf(`${w.word} ${next.word}`).some((s) => wanted.has(s)) && !stemsOf(next.word).some((s) => wanted.has(s))) {
      hits.add(i)
      hits.add(i + 1)
    }
  })
  const found = [...hits].sort((a, b) => a - b)
  if (found.length === 0) return []
  const first = found[0]!
  const last = found[found.length - 1]!
  if (last - first + 1 - found.length <= MAX_SPAN_GAP_WORDS) return [text.slice(words[first]!.start, words[last]!.end)]
  const seen = new Set<string>()
  return found.map((i) => words[i]!.word).filter((w) => !seen.has(w.toLowerCase()) && seen.add(w.toLowerCase()))
}

/** The guide's phrase that matched best (a keyword or the title). */
function guidePhrase(match: DefectMatch): string {
  return match.fullMatches[0] ?? match.partialMatches[0] ?? match.defect.title
}

/**
 * What really matched, in the user's own words: the words of their description (or of the text read
 * from the upload) behind the guide's phrase, with the guide's phrase named when it differs. Never the
 * guide's phrase quoted as if it had been typed (issue 15).
 */
export function matchedOnText(match: DefectMatch, input: { description: string; text: string }, vocabulary?: Vocabulary): string {
  const where = match.origin === 'description' ? 'your description' : 'the text read from the upload'
  const phrase = guidePhrase(match)
  const pieces = matchedPieces(match.origin === 'description' ? input.description : input.text, phrase, vocabulary)
  if (pieces.length === 0) return `Matched the defect guide's '${phrase}' through words of similar meaning in ${where}.`
  const said = pieces.map((piece) => `'${piece}'`).join(', ')
  const same = pieces.length === 1 && pieces[0]!.toLowerCase() === phrase.toLowerCase()
  return `Matched on ${said} in ${where}${same ? '' : ` (the defect guide's '${phrase}')`}.`
}
