import type { ActionFunctionArgs } from '@remix-run/node'
import { signOut } from '~/lib/auth/auth.server'
import { authErrorResponse } from '~/lib/auth/respond.server'
import { assertSameOrigin } from '~/lib/http.server'

/** Ends the session on the server and clears the cookie. */
export async function action({ request }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request)
    const cookie = await signOut(request)
    return Response.json({ message: 'Signed out.' }, { headers: { 'Set-Cookie': cookie, 'Cache-Control': 'no-store' } })
  } catch (error) {
    return authErrorResponse(error)
  }
}
