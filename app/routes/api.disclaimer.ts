import type { ActionFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import { getDatabase } from '@db/client'
import { users } from '@db/schema'
import { requireUser } from '~/lib/auth/auth.server'
import { assertSameOrigin, jsonError, readForm, readJson } from '~/lib/http.server'
import { returnPath } from '~/lib/onboarding'
import { DisclaimerFormSchema, DisclaimerJsonSchema } from '~/lib/onboarding-requests'

/**
 * Acknowledges the AI Assistance Notice for the signed-in user. JSON `{ acknowledged: true }` answers
 * `{ acknowledged: true }`; the no-JavaScript form (ticked checkbox) goes back to the page it came from.
 * Acknowledging again keeps the first date.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  const isJson = (request.headers.get('content-type') ?? '').toLowerCase().includes('application/json')
  let redirectTo: string | undefined
  if (isJson) {
    if (!DisclaimerJsonSchema.safeParse(await readJson(request)).success) return jsonError(400, 'Send { "acknowledged": true }.')
  } else {
    const parsed = DisclaimerFormSchema.safeParse(Object.fromEntries(await readForm(request)))
    if (!parsed.success) return jsonError(400, 'Tick the box to confirm you have read the notice.')
    redirectTo = parsed.data.redirectTo
  }
  if (user.disclaimerAcknowledgedAt === null) {
    const { db } = await getDatabase()
    await db.update(users).set({ disclaimerAcknowledgedAt: new Date() }).where(eq(users.id, user.id))
  }
  if (!isJson) {
    return redirect(returnPath(redirectTo, request.headers.get('referer'), new URL(request.url).origin), 303)
  }
  return Response.json({ acknowledged: true }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export function loader() {
  return redirect('/')
}
