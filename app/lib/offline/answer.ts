/**
 * The on-device answerer: a question and the offline index in, a `SearchResult` out, with no server and no
 * model. Pure (browser and tests). It reuses the online question analysis (app/lib/search/query.ts:
 * identifiers such as 'Section 401.4' or 'drawing G501', field synonyms) and the corpus tokeniser (stems,
 * quantities such as '4,500 psi' -> '4500'), scores every statement, and quotes the best ones with the
 * citation label the online answers use. It never claims 'high' confidence, and says 'I don't know'
 * (confidence 'unknown') when nothing in the index matches enough of the question.
 */
import { analyzeQuery } from '../search/core/query'
import { tokenize } from '../search/core/tokenize'
import type { Confidence, ExactCitation, SearchResult, SourceDocument } from '../search/core/types'
import type { OfflineEntry, OfflineIndex } from './types'

export const OFFLINE_ENGINE = 'Offline answer from the cached SCDOT index on this device (no server, no AI model)'
export const OFFLINE_NOTE =
  'You are offline: this answer quotes the SCDOT index saved on this device. Check it against the full answer and the official documents when you are back online.'
export const UNKNOWN_ANSWER =
  "I don't know. Nothing in the SCDOT index saved on this device answers this question. Ask again when you are back online, or open the cheat sheets, drawings and calculators, which work offline."

/** Statements quoted at most, and from how many passages. */
export const MAX_QUOTES = 4
export const MAX_SOURCES = 3
/** Share of the question's subject words a quote must contain (identifier matches count in full). */
export const MIN_COVERAGE = 0.5

/** Question words that say nothing about the subject (the online analysis leaves the same ones out). */
const FILLER = new Set(
  tokenize(
    'need needs needed required require requires requirement requirements allowed allow permitted acceptable spec specs ' +
      'specification specifications standard standards scdot sc south carolina section sections subsection edition book ' +
      'tell say says said know please give find look explain describe according show',
  ),
)

interface PreparedStatement {
  entry: number
  text: string
  tokens: Set<string>
}

export interface PreparedIndex {
  version: string
  entries: OfflineEntry[]
  statements: PreparedStatement[]
  titleTokens: Set<string>[]
  /** Inverse document frequency per token, over statements. */
  idf: Map<string, number>
}

/** Tokenises the index once (the browser keeps the result per index version). */
export function prepareIndex(index: OfflineIndex): PreparedIndex {
  const statements: PreparedStatement[] = []
  const df = new Map<string, number>()
  index.entries.forEach((entry, e) => {
    for (const text of entry.statements) {
      const tokens = new Set(tokenize(text))
      statements.push({ entry: e, text, tokens })
      for (const token of tokens) df.set(token, (df.get(token) ?? 0) + 1)
    }
  })
  const n = Math.max(statements.length, 1)
  const idf = new Map<string, number>()
  for (const [token, count] of df) idf.set(token, Math.log(1 + n / count))
  return {
    version: index.version,
    entries: index.entries,
    statements,
    titleTokens: index.entries.map((entry) => new Set(tokenize(`${entry.title} ${entry.where}`))),
    idf,
  }
}

interface Scored {
  statement: PreparedStatement
  score: number
  coverage: number
  exact: boolean
}

const isQuantity = (token: string) => /^\d+(?:\.\d+)?$/.test(token)

/** Scores every statement for the question; best first. */
export function scoreStatements(prepared: PreparedIndex, question: string): { scored: Scored[]; otherState: string | null } {
  const analysis = analyzeQuery(question)
  const subject = [...new Set(tokenize(analysis.corrected))].filter((token) => !FILLER.has(token))
  const expansion = [...new Set(analysis.expansions.flatMap((phrase) => tokenize(phrase)))].filter((token) => !subject.includes(token))
  const numbers = new Set(analysis.numbers.map((ref) => ref.toLowerCase()))
  const maxIdf = Math.log(1 + Math.max(prepared.statements.length, 1))
  const weight = (token: string) => (prepared.idf.get(token) ?? maxIdf) * (isQuantity(token) ? 2 : 1)
  const subjectWeight = subject.reduce((sum, token) => sum + weight(token), 0) || 1

  const scored: Scored[] = []
  for (const statement of prepared.statements) {
    const entry = prepared.entries[statement.entry]!
    const title = prepared.titleTokens[statement.entry]!
    const exact = entry.refs.some((ref) => numbers.has(ref))
    // The passage is cited by the number asked for ('Section 401.4'), not only mentions it.
    const ownNumber = exact && [...numbers].some((ref) => entry.citation.reference.toLowerCase().includes(ref))
    let matched = 0
    let words = 0
    let score = 0
    for (const token of subject) {
      if (statement.tokens.has(token)) {
        matched += weight(token)
        score += weight(token)
        words += 1
      } else if (title.has(token)) {
        // A word of the passage's heading counts, less than one in the statement itself.
        matched += weight(token) * 0.6
        score += weight(token) * 0.6
        words += 1
      }
    }
    // Synonyms ('hma' for 'hot mix asphalt') help rank and cover a subject word the question spelled otherwise.
    let synonymHits = 0
    for (const token of expansion) {
      if (statement.tokens.has(token)) {
        score += weight(token) * 0.5
        synonymHits += 1
      }
    }
    if (exact) score += maxIdf * (ownNumber ? 3 : 1.5)
    if (score <= 0) continue
    let coverage = exact ? 1 : Math.min(1, (matched + Math.min(synonymHits, 2) * 0.25 * (subjectWeight / Math.max(subject.length, 1))) / subjectWeight)
    // One rare shared word is not an answer to a question of several words ('meaning of life').
    if (!exact && subject.length >= 2 && words + Math.min(synonymHits, 1) < 2) coverage = Math.min(coverage, MIN_COVERAGE / 2)
    // Field questions want figures: a statement that gives one ranks a little higher.
    const figure = /\d/.test(statement.text) ? 1.25 : 1
    scored.push({ statement, score: score * (0.5 + coverage) * figure, coverage, exact })
  }
  scored.sort((a, b) => b.score - a.score || a.statement.text.length - b.statement.text.length)
  return { scored, otherState: analysis.otherState }
}

function sourceOf(entry: OfflineEntry, relevance: SourceDocument['relevance']): SourceDocument {
  return { title: entry.title, section: entry.citation.reference, specificLocation: entry.where, relevance, url: entry.url }
}

function base(question: string): Omit<SearchResult, 'answer' | 'confidence' | 'exactCitations' | 'sources'> {
  return {
    query: question,
    roleSpecificNotes: [OFFLINE_NOTE],
    isDiagnostic: false,
    diagnosticResult: null,
    fileName: null,
    cheatSheetSuggestions: [],
    calculationSuggestions: [],
    searchEngine: OFFLINE_ENGINE,
    engine: 'extractive',
    featureSuggestions: [],
    engagementText: '',
    imageAnalysis: null,
    corrections: [],
  }
}

/** The offline answer to a question, from a prepared index. */
export function answerOffline(prepared: PreparedIndex, rawQuestion: string): SearchResult {
  const question = rawQuestion.trim()
  const { scored, otherState } = scoreStatements(prepared, question)
  const unknown = (answer: string): SearchResult => ({ ...base(question), answer, confidence: 'unknown', exactCitations: [], sources: [] })
  if (otherState) {
    return unknown(`I don't know. This product covers South Carolina (SCDOT) specifications only, not ${otherState}.`)
  }
  const best = scored[0]
  if (!best || best.coverage < MIN_COVERAGE) return unknown(UNKNOWN_ANSWER)

  const floor = best.score * 0.5
  const quotes: Scored[] = []
  const entriesUsed: number[] = []
  for (const candidate of scored) {
    if (quotes.length >= MAX_QUOTES || candidate.score < floor || candidate.coverage < MIN_COVERAGE) break
    const e = candidate.statement.entry
    if (!entriesUsed.includes(e)) {
      if (entriesUsed.length >= MAX_SOURCES) continue
      entriesUsed.push(e)
    }
    quotes.push(candidate)
  }

  const lines = quotes.map((quote) => {
    const entry = prepared.entries[quote.statement.entry]!
    return `- "${quote.statement.text}" (${entry.citation.reference})`
  })
  const answer = [
    'Offline answer from the SCDOT index saved on this device. The closest statements:',
    '',
    ...lines,
    '',
    'Verify these against the official SCDOT documents, and search again when you are back online for the full answer.',
  ].join('\n')

  const citations: ExactCitation[] = []
  for (const e of entriesUsed) {
    const citation = prepared.entries[e]!.citation
    if (!citations.some((c) => c.reference === citation.reference && c.documentType === citation.documentType)) citations.push(citation)
  }
  const confidence: Confidence = best.coverage >= 0.8 && (best.exact || quotes.length >= 2) ? 'medium' : 'low'
  return {
    ...base(question),
    answer,
    confidence,
    exactCitations: citations,
    sources: entriesUsed.map((e, i) => sourceOf(prepared.entries[e]!, i === 0 ? 'primary' : 'reference')),
  }
}
