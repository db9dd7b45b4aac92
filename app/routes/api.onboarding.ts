import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { eq } from 'drizzle-orm'
import { getDatabase } from '@db/client'
import { users } from '@db/schema'
import { requireUser } from '~/lib/auth/auth.server'
import { assertSameOrigin, jsonError, readForm, readJson } from '~/lib/http.server'
import { isNewUser, returnPath } from '~/lib/onboarding'
import { OnboardingActionSchema } from '~/lib/onboarding-requests'

const NO_STORE = { 'Cache-Control': 'private, no-store' }

/** GET: whether the signed-in user finished (or skipped) onboarding, and whether they count as new. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return Response.json(
    { completed: user.onboardingCompletedAt !== null, isNew: isNewUser(user.createdAt, new Date()) },
    { headers: NO_STORE },
  )
}

/**
 * POST `{ action: 'complete' | 'reset' }` as JSON (answers `{ completed }`), or the same fields as a
 * form (goes back to the page it came from).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  const isJson = (request.headers.get('content-type') ?? '').toLowerCase().includes('application/json')
  const body = isJson ? await readJson(request) : Object.fromEntries(await readForm(request))
  const parsed = OnboardingActionSchema.safeParse(body)
  if (!parsed.success) return jsonError(400, "Send action 'complete' or 'reset'.")
  const completed = parsed.data.action === 'complete'
  const { db } = await getDatabase()
  await db
    .update(users)
    .set({ onboardingCompletedAt: completed ? new Date() : null })
    .where(eq(users.id, user.id))
  if (!isJson) {
    return redirect(returnPath(parsed.data.redirectTo, request.headers.get('referer'), new URL(request.url).origin), 303)
  }
  return Response.json({ completed }, { headers: NO_STORE })
}
