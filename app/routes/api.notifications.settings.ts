import type { ActionFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'
import { TopicSettingsSchema } from '~/lib/push/payload'
import { firstIssue, NO_STORE, requireMember } from '~/lib/push/routes.server'
import { updateTopics } from '~/lib/push/subscriptions.server'

/**
 * POST `{ endpoint?, news?, trends?, announcements? }`: the card's toggles, mirrored on the server so
 * only subscribers with a topic on are sent it. Without `endpoint` every subscription of the member.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const user = await requireMember(request)
  const parsed = TopicSettingsSchema.safeParse(await readJson(request, 8 * 1024))
  if (!parsed.success) throw jsonError(400, firstIssue(parsed.error, 'Invalid notification settings.'))
  const { endpoint, ...flags } = parsed.data
  if (Object.values(flags).every((v) => v === undefined)) throw jsonError(400, 'Name at least one of news, trends or announcements.')
  const { db } = await getDatabase()
  return Response.json({ updated: await updateTopics(db, user.id, flags, endpoint) }, { headers: NO_STORE })
}
