import { eq } from 'drizzle-orm'
import { Authenticator } from 'remix-auth'
import { FormStrategy } from 'remix-auth-form'
import { getDatabase, type Database } from '@db/client'
import { users } from '@db/schema'
import { RATE_LIMITS } from '../rate-limit.server'
import { forgetRequestMemo, requestMemo } from '../request-scope.server'
import { rememberDevice } from './known-device.server'
import { SignInSchema, SignUpSchema, firstIssueMessage } from './schemas'
import { createSession, destroySession, getSessionUser, type UserRow } from './session.server'
import { admitSignIn, enforce, knownDeviceFor } from './throttle.server'
import { AuthError, BAD_CREDENTIALS, createGuest, createMember, mergeGuestInto, verifyCredentials } from './users.server'

/**
 * Sign-up, sign-in, guest and sign-out, shared by the /auth form actions and the /api/auth JSON twins.
 * Credentials go through remix-auth's form strategy; sessions are ours (database rows, see
 * session.server.ts) and are rotated on every sign-in.
 */
interface AuthContext {
  db: Database
  ip: string
  current: UserRow | null
}

// remix-auth hands the strategy a copy of the request and nothing else, so the client address travels
// in a header that the server itself sets (overwriting anything a client sent under that name).
const CLIENT_IP_HEADER = 'x-internal-client-ip'

async function contextOf(request: Request): Promise<AuthContext> {
  const { db } = await getDatabase()
  return { db, ip: request.headers.get(CLIENT_IP_HEADER) ?? 'unknown', current: await getSessionUser(db, request) }
}

export const authenticator = new Authenticator<UserRow>()

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const { db, ip } = await contextOf(request)
    const parsed = SignInSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) throw new AuthError(firstIssueMessage(parsed.error), 400)
    const { email } = parsed.data
    const settle = await admitSignIn(db, { email, ip, device: await knownDeviceFor(db, request, email) })
    const user = await verifyCredentials(db, parsed.data)
    await settle(user !== null)
    if (!user) throw new AuthError(BAD_CREDENTIALS, 401)
    return user
  }),
  'signin',
)

authenticator.use(
  new FormStrategy(async ({ form, request }) => {
    const { db, ip, current } = await contextOf(request)
    const parsed = SignUpSchema.safeParse(Object.fromEntries(form))
    if (!parsed.success) throw new AuthError(firstIssueMessage(parsed.error), 400)
    await enforce(db, `signup:ip:${ip}`, RATE_LIMITS.signUpPerIp)
    return createMember(db, parsed.data, current)
  }),
  'signup',
)

export interface AuthSuccess {
  user: UserRow
  /** Set-Cookie header values: the new session and, after sign-in or sign-up, the known-device cookie. */
  cookies: string[]
}

async function withContext(request: Request, ip: string) {
  request.headers.set(CLIENT_IP_HEADER, ip)
  const { db } = await getDatabase()
  return { db, current: await getSessionUser(db, request) }
}

/** Replaces the request's session (if any) with a new one for the user. */
async function rotateSession(db: Database, request: Request, user: UserRow): Promise<string> {
  await destroySession(db, request)
  return createSession(db, user.id, request)
}

export async function signUp(request: Request, ip: string): Promise<AuthSuccess> {
  const { db } = await withContext(request, ip)
  const user = await authenticator.authenticate('signup', request)
  return { user, cookies: [await rotateSession(db, request, user), await rememberDevice(request, user.id)] }
}

export async function signIn(request: Request, ip: string): Promise<AuthSuccess> {
  const { db, current } = await withContext(request, ip)
  let user = await authenticator.authenticate('signin', request)
  if (current?.isGuest) {
    await mergeGuestInto(db, current.id, user.id)
    user = (await getUserById(db, user.id)) ?? user
  }
  return { user, cookies: [await rotateSession(db, request, user), await rememberDevice(request, user.id)] }
}

/**
 * Starts guest mode. A visitor who already has a session keeps it: pressing the button again must
 * never hand a guest a fresh quota.
 */
export async function startGuest(request: Request, ip: string): Promise<AuthSuccess> {
  const { db, current } = await withContext(request, ip)
  if (current) return { user: current, cookies: [] }
  await enforce(db, `guest:ip:${ip}`, RATE_LIMITS.guestPerIp)
  const user = await createGuest(db)
  return { user, cookies: [await createSession(db, user.id, request)] }
}

export async function signOut(request: Request): Promise<string> {
  const { db } = await getDatabase()
  forgetRequestMemo(SESSION_USER_MEMO)
  return destroySession(db, request)
}

async function getUserById(db: Database, id: string): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

const SESSION_USER_MEMO = 'session-user'

/**
 * The signed-in user of a request (member or guest), or null. A page's loaders (the root's and the
 * route's) share one look-up per request (request-scope.server.ts). Only for GET and HEAD: an action may
 * change the user (a search counted, a sign-in) before the page's loaders run in the same request, and
 * those must read the row as it is then. Sessions are never cached across requests, so a sign-out
 * anywhere (another process included) is seen by the next request.
 */
export async function currentUser(request: Request): Promise<UserRow | null> {
  const lookup = async () => getSessionUser((await getDatabase()).db, request)
  if (request.method !== 'GET' && request.method !== 'HEAD') return lookup()
  return requestMemo(SESSION_USER_MEMO, lookup)
}

/** Throws a 401 JSON answer when nobody is signed in. */
export async function requireUser(request: Request): Promise<UserRow> {
  const user = await currentUser(request)
  if (!user) throw Response.json({ message: 'Not signed in.' }, { status: 401 })
  return user
}

/** Throws 401 when signed out and 403 for anyone but an admin. */
export async function requireAdmin(request: Request): Promise<UserRow> {
  const user = await requireUser(request)
  if (user.role !== 'admin') throw Response.json({ message: 'Administrators only.' }, { status: 403 })
  return user
}
