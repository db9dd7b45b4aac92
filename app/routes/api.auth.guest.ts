import type { ActionFunctionArgs } from '@remix-run/node'
import { startGuest } from '~/lib/auth/auth.server'
import { authErrorResponse, clientIp, statusResponse } from '~/lib/auth/respond.server'
import { assertSameOrigin } from '~/lib/http.server'

/** Starts guest mode (3 searches). Answers the session status; an existing session is kept. */
export async function action({ request, context }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request)
    const { user, cookies } = await startGuest(request, clientIp(context))
    return statusResponse(user, cookies)
  } catch (error) {
    return authErrorResponse(error)
  }
}
