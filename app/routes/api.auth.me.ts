import type { LoaderFunctionArgs } from '@remix-run/node'
import { currentUser } from '~/lib/auth/auth.server'
import { sessionStatus } from '~/lib/auth/users.server'

/** Session status: user, searchCount, canSearch, isGuest; 401 when nobody is signed in. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) return Response.json({ message: 'Not signed in.' }, { status: 401, headers: { 'Cache-Control': 'no-store' } })
  return Response.json(sessionStatus(user), { headers: { 'Cache-Control': 'private, no-store' } })
}
