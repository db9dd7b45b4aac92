import type { ActionFunctionArgs } from '@remix-run/node'
import { signIn } from '~/lib/auth/auth.server'
import { authErrorResponse, clientIp, jsonToFormRequest, statusResponse } from '~/lib/auth/respond.server'
import { assertSameOrigin } from '~/lib/http.server'

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request)
    const formRequest = await jsonToFormRequest(request, ['email', 'password'])
    const { user, cookies } = await signIn(formRequest, clientIp(context))
    return statusResponse(user, cookies)
  } catch (error) {
    return authErrorResponse(error)
  }
}
