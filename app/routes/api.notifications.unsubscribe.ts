import type { ActionFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'
import { UnsubscribeSchema } from '~/lib/push/payload'
import { firstIssue, NO_STORE, requireMember } from '~/lib/push/routes.server'
import { removeSubscription } from '~/lib/push/subscriptions.server'

/** POST `{ endpoint }`: forgets one of the member's push subscriptions. */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const user = await requireMember(request)
  const parsed = UnsubscribeSchema.safeParse(await readJson(request, 8 * 1024))
  if (!parsed.success) throw jsonError(400, firstIssue(parsed.error, 'Invalid unsubscribe request.'))
  const { db } = await getDatabase()
  return Response.json({ removed: await removeSubscription(db, user.id, parsed.data.endpoint) }, { headers: NO_STORE })
}
