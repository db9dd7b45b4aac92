/**
 * Spelling correction against the corpus vocabulary. Pure (server and browser); the vocabulary itself is
 * built from the chunks by vocabulary.server.ts.
 *
 * A word is corrected only when all of these hold: it is letters only (never a number, a code such as
 * 'sc-t-29' or 'g501', or a word joined to one by a hyphen), at least 4 letters, not an acronym in capitals
 * of up to 5 letters, not in the corpus vocabulary (also after removing a plural or -ed/-ing ending), and
 * not a common English word. The replacement is the corpus word at the smallest Damerau-Levenshtein
 * distance (optimal string alignment: insert, delete, substitute, swap two neighbours), at most 1, or 2 for
 * words of 8 letters or more; among words at that distance, the most frequent in the corpus. The distance is
 * also measured between sound-alike keys ('ph' = 'f', 'ck' = 'k', doubled letters once), so that a spelling
 * by ear counts as one mistake or none: 'asfalt' -> 'asphalt'.
 */
import { stem } from './tokenize'

export interface Vocabulary {
  /** Corpus word (lower case, letters only) -> occurrences in the chunks. */
  readonly counts: ReadonlyMap<string, number>
  /** Corpus words that may replace a misspelling (seen at least twice), by length, the most frequent first. */
  readonly byLength: ReadonlyMap<number, readonly string[]>
  /** Stems of the corpus words: an inflected form of a corpus word is known. */
  readonly stems: ReadonlySet<string>
  /** Sound-alike key of each corpus word (see `soundKey`). */
  readonly keys: ReadonlyMap<string, string>
  /** Words never corrected although absent from the corpus (common English, place names, field words). */
  isCommonWord(word: string): boolean
}

export interface Correction {
  from: string
  to: string
}

export interface SpellingResult {
  text: string
  corrections: Correction[]
}

export const MIN_CORRECTED_LENGTH = 4
/** Candidates must be at least this long: a short corpus token is no correction for a long word. */
const MIN_CANDIDATE_LENGTH = 3
/** A word seen once in the corpus may itself be a typo or a PDF extraction artefact: never a correction. */
export const MIN_CANDIDATE_COUNT = 2
/** Unknown words looked up per text at most (a 1,000-character paste must not scan the vocabulary 150 times). */
const MAX_LOOKUPS = 40
const MEMO_SIZE = 5_000
const memos = new WeakMap<Vocabulary, Map<string, string | null>>()

export function createVocabulary(
  counts: Iterable<readonly [string, number]>,
  isCommonWord: (word: string) => boolean = () => false,
): Vocabulary {
  const map = new Map<string, number>()
  for (const [word, count] of counts) {
    const w = word.toLowerCase()
    if (/^[a-z]+$/.test(w)) map.set(w, (map.get(w) ?? 0) + count)
  }
  const byLength = new Map<number, string[]>()
  for (const word of [...map.keys()].sort((a, b) => map.get(b)! - map.get(a)! || (a < b ? -1 : 1))) {
    if (word.length < MIN_CANDIDATE_LENGTH || map.get(word)! < MIN_CANDIDATE_COUNT) continue
    const list = byLength.get(word.length) ?? []
    list.push(word)
    byLength.set(word.length, list)
  }
  const keys = new Map([...map.keys()].map((word) => [word, soundKey(word)]))
  return { counts: map, byLength, stems: new Set([...map.keys()].map(stem)), keys, isCommonWord }
}

/** A spelling by ear folded onto one form: 'ph' -> 'f', 'ck' -> 'k', 'gh' -> 'g', doubled letters once. */
export function soundKey(word: string): string {
  return word.replace(/ph/g, 'f').replace(/ck/g, 'k').replace(/gh/g, 'g').replace(/([a-z])\1+/g, '$1')
}

/** Optimal string alignment distance, or `max + 1` as soon as it must exceed `max`. */
export function damerauLevenshtein(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prevPrev: number[] = []
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1)
      row.push(d)
      if (d < rowMin) rowMin = d
    }
    if (rowMin > max) return max + 1
    prevPrev = prev
    prev = row
  }
  return prev[b.length]!
}

export function maxDistance(word: string): number {
  return word.length >= 8 ? 2 : 1
}

function isKnown(word: string, vocabulary: Vocabulary): boolean {
  return vocabulary.counts.has(word) || vocabulary.stems.has(stem(word)) || vocabulary.isCommonWord(word)
}

/** The corpus word to use instead of `word` (lower case), or null when it is known or nothing is close. */
export function suggest(word: string, vocabulary: Vocabulary): string | null {
  if (word.length < MIN_CORRECTED_LENGTH || !/^[a-z]+$/.test(word) || isKnown(word, vocabulary)) return null
  let memo = memos.get(vocabulary)
  if (!memo) memos.set(vocabulary, (memo = new Map()))
  const known = memo.get(word)
  if (known !== undefined) return known
  const found = closest(word, vocabulary)
  if (memo.size >= MEMO_SIZE) memo.clear()
  memo.set(word, found)
  return found
}

function closest(word: string, vocabulary: Vocabulary): string | null {
  const max = maxDistance(word)
  const key = soundKey(word)
  let best: string | null = null
  let bestDistance = max + 1
  let bestCount = 0
  for (let length = word.length - max; length <= word.length + max; length++) {
    for (const candidate of vocabulary.byLength.get(length) ?? []) {
      const limit = Math.min(max, bestDistance)
      const direct = damerauLevenshtein(word, candidate, limit)
      const distance = direct === 0 ? 0 : Math.min(direct, damerauLevenshtein(key, vocabulary.keys.get(candidate) ?? candidate, limit))
      if (distance > max) continue
      const count = vocabulary.counts.get(candidate) ?? 0
      if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
        best = candidate
        bestDistance = distance
        bestCount = count
      }
    }
  }
  return best
}

function matchCase(original: string, replacement: string): string {
  if (original.length > 1 && original === original.toUpperCase()) return replacement.toUpperCase()
  if (original[0] === original[0]!.toUpperCase()) return replacement[0]!.toUpperCase() + replacement.slice(1)
  return replacement
}

// A token: letters and digits, joined by hyphens, dots or apostrophes ('sc-t-29', '401.4', "contractor's").
const TOKEN = /[\p{L}\p{N}#]+(?:[-.'’][\p{L}\p{N}]+)*/gu

export function correctSpelling(text: string, vocabulary: Vocabulary): SpellingResult {
  const corrections: Correction[] = []
  let lookups = 0
  const corrected = text.replace(TOKEN, (token) => {
    if (!/^[A-Za-z]+$/.test(token)) return token
    if (token.length <= 5 && token === token.toUpperCase()) return token
    const lower = token.toLowerCase()
    if (lower.length < MIN_CORRECTED_LENGTH || isKnown(lower, vocabulary) || ++lookups > MAX_LOOKUPS) return token
    const replacement = suggest(lower, vocabulary)
    if (!replacement) return token
    const to = matchCase(token, replacement)
    if (!corrections.some((c) => c.from === token)) corrections.push({ from: token, to })
    return to
  })
  return { text: corrected, corrections }
}
