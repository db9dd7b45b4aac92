/**
 * What the search core knows of a corpus as a whole, built the same way from the same chunks on the
 * server (vocabulary.server.ts, from the database) and on the phone (app/lib/offline, from the offline
 * index): the spelling vocabulary, the ranking statistics, and a retrieval of its own for the phone,
 * which has no database. Pure.
 */
import { analyzeQuery, FIELD_WORDS, PLACE_WORDS } from './query'
import { buildCorpusStats, rankingText, scorePassages, termWeights, type CorpusStats } from './rank'
import { createVocabulary, MIN_CANDIDATE_COUNT, type Vocabulary } from './spelling'
import { questionTerms } from './text'
import type { Passage, QueryAnalysis } from './types'

/** The fields of a chunk the core reads. */
export type ChunkText = Pick<Passage, 'documentTitle' | 'section' | 'sectionTitle' | 'headingPath' | 'text'>

export interface CorpusKnowledge {
  vocabulary: Vocabulary
  stats: CorpusStats
}

/** Words of a text for the spelling vocabulary, lower case, 2 letters or more, with their counts. */
export function countWords(texts: Iterable<string>): Map<string, number> {
  const counts = new Map<string, number>()
  for (const text of texts) {
    for (const word of text.toLowerCase().normalize('NFKD').replace(/[\u0300-\u036f]/g, '').match(/[a-z]+/g) ?? []) {
      if (word.length >= 2) counts.set(word, (counts.get(word) ?? 0) + 1)
    }
  }
  return counts
}

/** Common English words (never corrected), with the place and field-language words added. */
export function commonWordSet(words: Iterable<string>): Set<string> {
  return new Set([...words, ...PLACE_WORDS, ...FIELD_WORDS])
}

/** The corpus knowledge of a set of chunks; `common` is the list of common English words (vocabulary.server.ts). */
export function buildKnowledge(chunks: readonly ChunkText[], common: ReadonlySet<string>): CorpusKnowledge {
  const counts = countWords(chunks.map((c) => `${c.sectionTitle ?? ''} ${c.headingPath} ${c.text}`))
  // The field-language lexicon's words are corrections too ('barell' -> 'barrel', which the lexicon bridges
  // to the corpus's 'drum'), at the lowest count a correction may have: a corpus word at the same distance wins.
  for (const word of FIELD_WORDS) if (!counts.has(word)) counts.set(word, MIN_CANDIDATE_COUNT)
  const vocabulary = createVocabulary(counts, (word) => common.has(word.toLowerCase()))
  return { vocabulary, stats: buildCorpusStats(chunks.map(rankingText)) }
}

/** Passages a local retrieval hands to the core, as the server's retrieval does (chain.server.ts CANDIDATES). */
export const LOCAL_CANDIDATES = 24

/**
 * Retrieval without a database (the phone): every passage scored by the core's BM25 for the analysed
 * question, a passage whose section or headings name a number the question names first. The core then
 * ranks the candidates itself, exactly as it ranks the server's (decide.ts).
 */
export function retrieveLocal(passages: readonly Passage[], analysis: QueryAnalysis, stats: CorpusStats, limit = LOCAL_CANDIDATES): Passage[] {
  const terms = questionTerms(analysis)
  const weights = termWeights(terms, stats)
  const numbers = analysis.numbers.map((n) => n.toLowerCase())
  const scored = scorePassages(terms, weights, passages, stats).map((s) => {
    const where = `${s.passage.section ?? ''} ${s.passage.headingPath}`.toLowerCase()
    const exact = numbers.some((n) => where.includes(n))
    return { passage: s.passage, score: s.bm25 + (exact ? 100 : 0) }
  })
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.passage.chunkId.localeCompare(b.passage.chunkId))
    .slice(0, limit)
    .map((s) => s.passage)
}

/** The analysed question and its local candidates: what the phone hands to `prepare` (compose.ts). */
export function localRetrieval(query: string, passages: readonly Passage[], knowledge: CorpusKnowledge): { analysis: QueryAnalysis; passages: Passage[] } {
  const analysis = analyzeQuery(query, knowledge.vocabulary)
  return { analysis, passages: retrieveLocal(passages, analysis, knowledge.stats) }
}

/**
 * How the list writes inflected forms: 'walk/dgs' is walk, walked, walking and walks. Each flag letter is
 * one rule applied to the base word; only forms that are in the original list carry a flag.
 */
const INFLECTIONS: Record<string, (base: string) => string | null> = {
  s: (b) => `${b}s`,
  e: (b) => `${b}es`,
  i: (b) => (b.endsWith('y') ? `${b.slice(0, -1)}ies` : null),
  d: (b) => (b.endsWith('e') ? `${b}d` : `${b}ed`),
  D: (b) => `${b}${b.at(-1)}ed`,
  y: (b) => (b.endsWith('y') ? `${b.slice(0, -1)}ied` : null),
  g: (b) => (b.endsWith('e') ? `${b.slice(0, -1)}ing` : `${b}ing`),
  G: (b) => `${b}${b.at(-1)}ing`,
  l: (b) => `${b}ly`,
  r: (b) => (b.endsWith('e') ? `${b}r` : `${b}er`),
  t: (b) => (b.endsWith('e') ? `${b}st` : `${b}est`),
}

/** A word list written as base words with inflection flags ('walk/dgs'), every form spelled out. */
export function expandWordList(entries: string): string[] {
  const words: string[] = []
  for (const entry of entries.split(' ')) {
    const [base = '', flags = ''] = entry.split('/')
    if (!base) continue
    words.push(base)
    for (const flag of flags) {
      const form = INFLECTIONS[flag]?.(base)
      if (form) words.push(form)
    }
  }
  return words
}
