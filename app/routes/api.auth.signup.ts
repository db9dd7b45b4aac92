import type { ActionFunctionArgs } from '@remix-run/node'
import { signUp } from '~/lib/auth/auth.server'
import { authErrorResponse, clientIp, jsonToFormRequest, statusResponse } from '~/lib/auth/respond.server'
import { assertSameOrigin } from '~/lib/http.server'

export async function action({ request, context }: ActionFunctionArgs) {
  try {
    assertSameOrigin(request)
    const formRequest = await jsonToFormRequest(request, ['firstName', 'lastName', 'email', 'password', 'newsEmailOptIn'])
    const { user, cookies } = await signUp(formRequest, clientIp(context))
    return statusResponse(user, cookies)
  } catch (error) {
    return authErrorResponse(error)
  }
}
