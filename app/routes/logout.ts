import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { signOut } from '~/lib/auth/auth.server'
import { AUTH_TOASTS } from '~/lib/auth/messages'
import { assertSameOrigin } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

/** Sign Out from the menu: a form post that works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const cookie = await signOut(request)
  return redirectWithToast('/', AUTH_TOASTS.signOutSuccess, { headers: { 'Set-Cookie': cookie } })
}

export function loader() {
  return redirect('/')
}
