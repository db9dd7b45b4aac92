import type { LoaderFunctionArgs } from '@remix-run/node'
import { jsonError } from '~/lib/http.server'
import { listFromQuery } from '~/lib/trends/actions.server'

/** GET /api/trend-insights?category= (§7): the category's insights, newest first; 400 for an unknown category. */
export async function loader({ request }: LoaderFunctionArgs) {
  const outcome = await listFromQuery(new URL(request.url).searchParams)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.insights, { headers: { 'Cache-Control': 'no-store' } })
}
