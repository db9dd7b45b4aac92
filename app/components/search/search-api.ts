import type { SearchResult, SourceDocument } from '~/lib/search/types'

/**
 * The browser's calls to the search API (product-spec §7): JSON bodies, credentials included; a
 * non-success answer throws with the server's `message` (empty when it sent none).
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

async function postJson(url: string, body: unknown): Promise<SearchResult> {
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
  } catch {
    throw new SearchCallError(0, '')
  }
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : ''
    throw new SearchCallError(response.status, message)
  }
  return data as SearchResult
}

export function requestSearch(query: string): Promise<SearchResult> {
  return postJson(SEARCH_ENDPOINT, { query, ...FIXED_REQUEST })
}

/** The retry payload for a displayed result; `retryAttempt` is the number of earlier successful retries (0 first). */
export function retryPayload(result: SearchResult, successfulRetries: number) {
  return {
    originalQuery: result.query,
    originalAnswer: result.answer,
    originalSources: result.sources.slice(0, 50).map((source: SourceDocument) => ({ ...source })),
    retryAttempt: successfulRetries,
    ...FIXED_REQUEST,
  }
}

export function requestRetry(result: SearchResult, successfulRetries: number): Promise<SearchResult> {
  return postJson(RETRY_ENDPOINT, retryPayload(result, successfulRetries))
}
