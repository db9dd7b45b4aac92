import type { ActionFunctionArgs } from '@remix-run/node'
import { performSearch } from '~/lib/search/entry.server'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'

/**
 * POST /api/search (product-spec §7): JSON `{ query, specBook, userRole }` -> the search result
 * (§3) with `searchId`, its id in the user's history. Members and guests; 401 signed out, 400 for an
 * empty or over-long question, 403 when a guest has used the free searches.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const outcome = await performSearch(request, 'search', () => readJson(request))
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, { 'Cache-Control': 'no-store' })
  return Response.json(outcome.result, { headers: { 'Cache-Control': 'no-store' } })
}
