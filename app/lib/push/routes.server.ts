import { requireUser } from '../auth/auth.server'
import type { UserRow } from '../auth/session.server'
import { jsonError } from '../http.server'

export const MEMBERS_ONLY_MESSAGE =
  'News push notifications are a member benefit. Create a free account to receive notifications.'

export const NO_STORE = { 'Cache-Control': 'no-store' }

/** 401 when signed out, 403 for guests (push is a member benefit, §1 and §6). */
export async function requireMember(request: Request): Promise<UserRow> {
  const user = await requireUser(request)
  if (user.isGuest) throw jsonError(403, MEMBERS_ONLY_MESSAGE)
  return user
}

export function firstIssue(error: { issues: { message: string; path: PropertyKey[] }[] }, fallback: string): string {
  const issue = error.issues[0]
  if (!issue) return fallback
  const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : ''
  return `${where}${issue.message}`
}
