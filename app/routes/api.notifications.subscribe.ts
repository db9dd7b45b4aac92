import type { ActionFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'
import { checkSubscriptionEndpoint } from '~/lib/push/endpoint.server'
import { SubscribeSchema, UnsubscribeSchema } from '~/lib/push/payload'
import { firstIssue, NO_STORE, requireMember } from '~/lib/push/routes.server'
import { removeSubscription, saveSubscription } from '~/lib/push/subscriptions.server'

/**
 * POST: stores this browser's push subscription (PushSubscription.toJSON() plus optional `topics`)
 * for the signed-in member, replacing any row with the same endpoint; an endpoint that is not the
 * public https address of a push service is refused (400). DELETE `{ endpoint }`
 * unsubscribes (POST /api/notifications/unsubscribe does the same).
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST' && request.method !== 'DELETE') throw jsonError(405, 'Use POST or DELETE.', { Allow: 'POST, DELETE' })
  assertSameOrigin(request)
  const user = await requireMember(request)
  const body = await readJson(request, 8 * 1024)
  const { db } = await getDatabase()
  if (request.method === 'DELETE') {
    const parsed = UnsubscribeSchema.safeParse(body)
    if (!parsed.success) throw jsonError(400, firstIssue(parsed.error, 'Invalid unsubscribe request.'))
    return Response.json({ removed: await removeSubscription(db, user.id, parsed.data.endpoint) }, { headers: NO_STORE })
  }
  const parsed = SubscribeSchema.safeParse(body)
  if (!parsed.success) throw jsonError(400, firstIssue(parsed.error, 'Invalid push subscription.'))
  // Only public push service addresses are stored (the server will connect to it).
  const problem = await checkSubscriptionEndpoint(parsed.data.endpoint)
  if (problem) throw jsonError(problem.status, `endpoint: ${problem.message}`)
  const row = await saveSubscription(db, user.id, parsed.data)
  return Response.json(
    { subscribed: true, id: row.id, topics: { news: row.news, trends: row.trends, announcements: row.announcements } },
    { status: 201, headers: NO_STORE },
  )
}
