import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { z } from 'zod'
import { assertSameOrigin, jsonError, readForm, safeRedirectPath } from '~/lib/http.server'
import { isProduction } from '~/lib/config.server'
import { THEME_PREFERENCES, themeCookie } from '~/lib/theme'

const ThemeForm = z.object({
  theme: z.enum(THEME_PREFERENCES),
  redirectTo: z.string().max(2000).optional(),
})

/** The no-JavaScript theme switch: store the choice in the cookie and go back where the user was. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const parsed = ThemeForm.safeParse(Object.fromEntries(await readForm(request)))
  if (!parsed.success) return jsonError(400, 'Choose light, dark or system.')
  return redirect(safeRedirectPath(parsed.data.redirectTo), {
    headers: { 'Set-Cookie': themeCookie(parsed.data.theme, isProduction()) },
  })
}

export function loader() {
  return redirect('/')
}
