import type { ActionFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { config } from '~/lib/config.server'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'
import { hitRateLimit } from '~/lib/rate-limit.server'
import { TestNotificationSchema } from '~/lib/push/payload'
import { firstIssue, NO_STORE, requireMember } from '~/lib/push/routes.server'
import { sendToSubscriptions } from '~/lib/push/send.server'
import { userSubscriptions } from '~/lib/push/subscriptions.server'

/** Test pushes per member per minute. */
const TEST_RULE = { limit: config().RATE_LIMIT_PUSH_TEST, windowMs: 60_000 }

/**
 * POST §7 `{ title, message, body, type, tag, icon, badge, url }`: pushes a test notification to the
 * member's own subscriptions that have `type` on, and answers `{ sent, removed, failed, payload }`.
 * The click target is always the type's own page (§7), whatever `url` says.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const user = await requireMember(request)
  const parsed = TestNotificationSchema.safeParse(await readJson(request, 8 * 1024))
  if (!parsed.success) throw jsonError(400, firstIssue(parsed.error, 'Invalid test notification.'))
  const handle = await getDatabase()
  const limit = await hitRateLimit(handle.db, `push-test:${user.id}`, TEST_RULE)
  if (!limit.allowed) {
    throw jsonError(429, 'Too many test notifications. Please wait a minute and try again.', { 'Retry-After': String(limit.retryAfterSeconds) })
  }
  const payload = parsed.data
  const subscriptions = await userSubscriptions(handle.db, user.id, payload.type)
  const report = await sendToSubscriptions(handle, subscriptions, [payload], { ttl: 60, urgency: 'high' })
  return Response.json({ ...report, payload }, { headers: NO_STORE })
}
