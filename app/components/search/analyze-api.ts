import type { AnalysisType, SearchResult } from '~/lib/search/types'
import { FIXED_REQUEST, SearchCallError } from './search-api'

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

/** §7: 'result may be wrapped in data'. */
function unwrap(data: unknown): SearchResult {
  if (data && typeof data === 'object' && 'data' in data && data.data && typeof data.data === 'object') return data.data as SearchResult
  return data as SearchResult
}

export async function requestImageAnalysis(file: File, analysisType: AnalysisType, query: string): Promise<SearchResult> {
  let response: Response
  try {
    // The browser sets the multipart Content-Type with its boundary.
    response = await fetch(ANALYZE_ENDPOINT, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      body: analyzeFormData(file, analysisType, query),
    })
  } catch {
    throw new SearchCallError(0, '')
  }
  const data: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const message = data && typeof data === 'object' && 'message' in data && typeof data.message === 'string' ? data.message : ''
    throw new SearchCallError(response.status, message)
  }
  return unwrap(data)
}
