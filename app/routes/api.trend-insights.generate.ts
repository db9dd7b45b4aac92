import type { ActionFunctionArgs } from '@remix-run/node'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'
import { generateFromInput } from '~/lib/trends/actions.server'

/**
 * POST /api/trend-insights/generate (§7): JSON { category, dateRange, includeRecommendations } -> 201 with
 * the new insight. 'all' generates for Highway Construction. Open to anyone (§6), rate-limited per address.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const body = await readJson(request)
  const outcome = await generateFromInput(body, context)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, { 'Cache-Control': 'no-store', ...outcome.headers })
  return Response.json(outcome.insight, { status: 201, headers: { 'Cache-Control': 'no-store' } })
}

export async function loader() {
  return jsonError(405, 'Use POST.', { Allow: 'POST' })
}
