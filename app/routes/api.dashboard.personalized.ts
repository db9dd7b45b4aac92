import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { currentUser } from '~/lib/auth/auth.server'
import { loadDashboard } from '~/lib/dashboard.server'

const GUESTS_MESSAGE = 'The personalized dashboard is for members. Create a free account to see it.'

/**
 * The personalized dashboard (product-spec §3 'Dashboard data'): 401 when signed out; 403 for a guest
 * (the dashboard requires a signed-in user and quick access is not for guests, §6); otherwise the
 * dashboard JSON, which the browser may keep for 5 minutes (§7, §9). Vary: Cookie keeps one account's
 * cached answer from being shown after another signs in on the same browser.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) return Response.json({ message: 'Not signed in.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
  if (user.isGuest) return Response.json({ message: GUESTS_MESSAGE }, { status: 403, headers: { 'Cache-Control': 'no-store' } })
  const { db } = await getDatabase()
  const { dashboard } = await loadDashboard(db, user)
  return Response.json(dashboard, { headers: { 'Cache-Control': 'private, max-age=300', Vary: 'Cookie' } })
}
