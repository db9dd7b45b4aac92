/** Browser calls of the trends screen (§7): lists with 2 retries, and generation. */
import type { TrendInsight } from '~/lib/trends/types'

export const LIST_RETRIES = 2

/** §8: a non-success answer becomes an error 'status: body' (or the status text when the body is empty). */
async function failure(response: Response): Promise<Error> {
  const text = await response.text().catch(() => '')
  return new Error(`${response.status}: ${text || response.statusText}`)
}

export function listUrl(category: string): string {
  return category === 'all' ? '/api/trend-insights/all' : `/api/trend-insights?category=${encodeURIComponent(category)}`
}

export async function fetchInsights(category: string, retries = LIST_RETRIES, fetchImpl: typeof fetch = fetch): Promise<TrendInsight[]> {
  let lastError: unknown = null
  for (let attempt = 0; attempt <= retries; attempt++) {
    try {
      const response = await fetchImpl(listUrl(category), { credentials: 'include', headers: { Accept: 'application/json' } })
      if (!response.ok) throw await failure(response)
      return (await response.json()) as TrendInsight[]
    } catch (error) {
      lastError = error
    }
  }
  throw lastError instanceof Error ? lastError : new Error('Failed to load trend insights')
}

/** The server's `message` from an error answer, if any. */
function messageOf(text: string): string | null {
  try {
    const body = JSON.parse(text) as { message?: unknown }
    return typeof body.message === 'string' && body.message ? body.message : null
  } catch {
    return null
  }
}

export async function requestInsight(
  body: { category: string; dateRange: string; includeRecommendations: boolean },
  fetchImpl: typeof fetch = fetch,
): Promise<{ ok: true; insight: TrendInsight } | { ok: false; message: string | null }> {
  try {
    const response = await fetchImpl('/api/trend-insights/generate', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
    const text = await response.text()
    if (!response.ok) return { ok: false, message: messageOf(text) }
    return { ok: true, insight: JSON.parse(text) as TrendInsight }
  } catch {
    return { ok: false, message: null }
  }
}
