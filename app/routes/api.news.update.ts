import type { ActionFunctionArgs } from '@remix-run/node'
import { jsonError } from '~/lib/http.server'
import { refreshNewsForRequest } from '~/lib/news/refresh-request.server'

/** Only POST refreshes. */
export function loader() {
  return jsonError(405, 'Use POST to refresh the news.', { Allow: 'POST' })
}

/**
 * POST /api/news/update (no body): fetches the feeds now (unless another server is fetching) and
 * answers a report: feeds fetched, feeds skipped with their reasons, how many items were new.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== 'POST') return jsonError(405, 'Use POST to refresh the news.', { Allow: 'POST' })
  const report = await refreshNewsForRequest(request, context.clientIp ?? 'unknown')
  return Response.json(
    {
      ok: true,
      fetched: report.fetched,
      skipped: report.skipped,
      newItems: report.newItems.length,
      items: report.newItems,
      lockHeld: report.lockHeld,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  )
}
