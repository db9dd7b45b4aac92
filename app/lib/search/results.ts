/**
 * What the screens need to know about a search result, shared by the server (the page without
 * JavaScript, the retry of a stored search) and the browser. Pure.
 */
import type { SearchResult } from './core/types'

/** The openings of the engine's abstentions (core/compose.ts DONT_KNOW and SCOPE_MESSAGE; a chat model is told to say "I don't know"). */
const DONT_KNOW_OPENING = /^I don['\u2019]t know\b/i
const SCOPE_OPENING = /^This product covers South Carolina\b/i
/** A retry's answer opens with this line before the answer it repeats or adds (search.server.ts runRetry). */
const RETRY_PREFACE = /^A broader search \(attempt \d+\)[^\n]*\n\n/

/** An answer without a retry's opening line: what the retry repeats, or what decides an abstention. */
export function withoutRetryPreface(answer: string): string {
  return answer.trim().replace(RETRY_PREFACE, '')
}

/** A result's address: home renders the stored search from the user's history (docs/decisions/016). */
export function resultHref(searchId: string): string {
  return `/?result=${encodeURIComponent(searchId)}`
}

export type Abstention = 'unknown' | 'out-of-scope'

/**
 * Whether the engine declined to answer: confidence 'low' or 'unknown' and an answer that opens with
 * "I don't know" ('unknown') or with the South Carolina only message ('out-of-scope'); null for an
 * answer. The same rule as the search-quality evaluation (tests/eval/score.ts isAbstention) for the
 * engine's own wordings.
 */
export function abstentionOf(result: Pick<SearchResult, 'confidence' | 'answer'>): Abstention | null {
  if (result.confidence !== 'low' && result.confidence !== 'unknown') return null
  const answer = withoutRetryPreface(result.answer).trimStart()
  if (SCOPE_OPENING.test(answer)) return 'out-of-scope'
  if (DONT_KNOW_OPENING.test(answer)) return 'unknown'
  return null
}

/**
 * The question a result answers. A photo analysed without one carries its history label ('Photo: <file
 * name>', 'Document: <file name>', see lib/analysis historyQuery) as its query: that is no question, and
 * there is nothing to double-check.
 */
export function questionOf(result: Pick<SearchResult, 'query' | 'fileName'>): string {
  const query = result.query.trim()
  if (result.fileName && (query === `Photo: ${result.fileName}` || query === `Document: ${result.fileName}`)) return ''
  return query
}

/**
 * What a retry checks again of a shown result: its question, answer and first sources, and how many
 * retries came before (the browser's request and the server's retry of a stored search send the same).
 */
export function retryFieldsOf(result: Pick<SearchResult, 'query' | 'answer' | 'sources'>, retryAttempt: number) {
  return {
    originalQuery: result.query,
    originalAnswer: result.answer,
    originalSources: result.sources.slice(0, 50).map((source) => ({ ...source })),
    retryAttempt,
  }
}

/** Successful retries behind a result: 0 for a first answer ('Double Check'), else 'Try Again'. */
export function retriesOf(result: Pick<SearchResult, 'retry'>): number {
  const attempt = result.retry?.attempt
  return typeof attempt === 'number' && Number.isInteger(attempt) && attempt > 0 ? attempt : 0
}

type PhotoParts = Pick<SearchResult, 'isDiagnostic' | 'diagnosticResult' | 'fileName' | 'imageAnalysis'>

/**
 * A Double Check of a photo result broadens the answer to its question; what was read from the file
 * (and the diagnosis) stays with the result instead of vanishing with the first answer.
 */
export function keepPhotoParts<T extends PhotoParts>(previous: PhotoParts, retried: T): T {
  if (!previous.imageAnalysis && !previous.diagnosticResult) return retried
  return {
    ...retried,
    isDiagnostic: previous.isDiagnostic,
    diagnosticResult: previous.diagnosticResult,
    fileName: previous.fileName,
    imageAnalysis: previous.imageAnalysis,
  }
}
