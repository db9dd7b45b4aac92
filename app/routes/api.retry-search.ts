import type { ActionFunctionArgs } from '@remix-run/node'
import { performSearch } from '~/lib/search/entry.server'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'

/** The original answer may be long (up to 20,000 characters, with its sources). */
const MAX_RETRY_BYTES = 256 * 1024

/**
 * POST /api/retry-search (product-spec §7, 'Double Check' / 'Try Again'): JSON `{ searchId }` (a search in
 * the user's history: checked again from the stored row, recorded, not counted; docs/decisions/016) or
 * `{ originalQuery, originalAnswer, originalSources, retryAttempt, specBook, userRole }` (counted and
 * recorded like a search) -> a new search result made with a broader strategy, whose `retry.added` says
 * what it added.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const outcome = await performSearch(request, 'retry', () => readJson(request, MAX_RETRY_BYTES))
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, { 'Cache-Control': 'no-store' })
  return Response.json(outcome.result, { headers: { 'Cache-Control': 'no-store' } })
}
