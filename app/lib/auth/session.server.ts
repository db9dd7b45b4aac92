import { createHash, randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Database } from '@db/client'
import { sessions, users } from '@db/schema'
import { isProduction, sessionSecrets } from '../config.server'

/** Members stay signed in: a session lasts 90 days, renewed on use once it is a day old. */
export const SESSION_TTL_MS = 90 * 24 * 60 * 60 * 1000
const RENEW_AFTER_MS = 24 * 60 * 60 * 1000

export const sessionCookie = createCookie('sid', {
  path: '/',
  httpOnly: true,
  sameSite: 'lax',
  secure: isProduction(),
  secrets: sessionSecrets(),
  maxAge: SESSION_TTL_MS / 1000,
})

export type UserRow = typeof users.$inferSelect

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

async function tokenFrom(request: Request): Promise<string | null> {
  const value: unknown = await sessionCookie.parse(request.headers.get('cookie'))
  return typeof value === 'string' && value.length >= 32 ? value : null
}

/** Opens a session for the user and answers the Set-Cookie header that carries it. */
export async function createSession(db: Database, userId: string, request: Request): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + SESSION_TTL_MS),
    userAgent: request.headers.get('user-agent')?.slice(0, 300) ?? null,
  })
  return sessionCookie.serialize(token)
}

/** The signed-in user (member or guest) of a request, or null. */
export async function getSessionUser(db: Database, request: Request): Promise<UserRow | null> {
  const token = await tokenFrom(request)
  if (!token) return null
  const tokenHash = hashToken(token)
  const [row] = await db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, new Date())))
    .limit(1)
  if (!row) return null
  if (row.expiresAt.getTime() - Date.now() < SESSION_TTL_MS - RENEW_AFTER_MS) {
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() + SESSION_TTL_MS) })
      .where(eq(sessions.tokenHash, tokenHash))
  }
  return row.user
}

/** Deletes the request's session on the server and answers the header that clears the cookie. */
export async function destroySession(db: Database, request: Request): Promise<string> {
  const token = await tokenFrom(request)
  if (token) await db.delete(sessions).where(eq(sessions.tokenHash, hashToken(token)))
  return sessionCookie.serialize('', { maxAge: 0 })
}

export async function deleteExpiredSessions(db: Database): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, new Date()))
}
