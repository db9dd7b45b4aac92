import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { listInsights } from '~/lib/trends/store.server'

/** GET /api/trend-insights/all (§7): every category's insights, newest first (capped). */
export async function loader(_args: LoaderFunctionArgs) {
  const { db } = await getDatabase()
  return Response.json(await listInsights(db), { headers: { 'Cache-Control': 'no-store' } })
}
