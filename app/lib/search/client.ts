import type { AnalysisType, SearchResult } from './core/types'
import { retryFieldsOf } from './results'

/**
 * The browser's calls to the search API (product-spec §7): questions and retries as JSON, photos as
 * multipart, same origin, credentials included; a non-success answer throws with the server's `message`
 * (empty when it sent none).
 */
export const SEARCH_ENDPOINT = '/api/search'
export const RETRY_ENDPOINT = '/api/retry-search'

/** §6: every request fixes userRole 'inspector' and specBook 'both'. */
export const FIXED_REQUEST = { specBook: 'both', userRole: 'inspector' } as const

export class SearchCallError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }
}

/**
 * One call to the search API; a non-success answer throws with the server's `message`, a network failure
 * with status 0. §7: a result may be wrapped in `data`.
 */
async function call(url: string, init: { headers: Record<string, string>; body: BodyInit }): Promise<SearchResult> {
  let response: Response
  try {
    response = await fetch(url, { method: 'POST', credentials: 'include', ...init })
  } catch {
    throw new SearchCallError(0, '')
  }
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : ''
    throw new SearchCallError(response.status, message)
  }
  if (data && typeof data === 'object' && 'data' in data && data.data && typeof data.data === 'object') return data.data as SearchResult
  return data as SearchResult
}

function postJson(url: string, body: unknown): Promise<SearchResult> {
  return call(url, { headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) })
}

export function requestSearch(query: string): Promise<SearchResult> {
  return postJson(SEARCH_ENDPOINT, { query, ...FIXED_REQUEST })
}

/**
 * The retry payload for a displayed result; `retryAttempt` is the number of earlier successful retries
 * (0 first). A result in the user's history goes by its `searchId`: the server then checks that stored
 * search again (its own question and answer) without counting it (docs/decisions/016).
 */
export function retryPayload(result: SearchResult, successfulRetries: number) {
  return {
    ...(result.searchId ? { searchId: result.searchId } : {}),
    ...retryFieldsOf(result, successfulRetries),
    ...FIXED_REQUEST,
  }
}

export function requestRetry(result: SearchResult, successfulRetries: number): Promise<SearchResult> {
  return postJson(RETRY_ENDPOINT, retryPayload(result, successfulRetries))
}

/** The browser's call to the photo analysis API (product-spec §7): multipart, same origin, credentials included. */
export const ANALYZE_ENDPOINT = '/api/analyze-image'

/** The multipart body: only the one file is sent, with the analysis type, the question and the fixed fields. */
export function analyzeFormData(file: Blob & { name?: string }, analysisType: AnalysisType, query: string): FormData {
  const body = new FormData()
  // The fields first, the file last: a streaming reader knows them before the file arrives.
  body.append('analysisType', analysisType)
  body.append('query', query.trim())
  body.append('specBook', FIXED_REQUEST.specBook)
  body.append('userRole', FIXED_REQUEST.userRole)
  body.append('image', file, file.name ?? 'upload')
  return body
}

export function requestImageAnalysis(file: File, analysisType: AnalysisType, query: string): Promise<SearchResult> {
  // The browser sets the multipart Content-Type with its boundary.
  return call(ANALYZE_ENDPOINT, { headers: { Accept: 'application/json' }, body: analyzeFormData(file, analysisType, query) })
}
