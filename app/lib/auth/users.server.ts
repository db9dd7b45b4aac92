import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Database } from '@db/client'
import { favourites, formSubmissions, searches, users } from '@db/schema'
import { config } from '../config.server'
import { canSearch } from '../search/quota.server'
import { decoyHash, hashPassword, verifyPassword } from './password.server'
import type { SignInInput, SignUpInput } from './schemas'
import type { UserRow } from './session.server'

/**
 * Bootstrap for the first administrators: a member who signs up with an address listed in
 * ADMIN_EMAILS (comma-separated) gets the admin role. After that, `npm run admin -- grant <email>`.
 */
export function isBootstrapAdminEmail(email: string): boolean {
  const list = config().ADMIN_EMAILS.map((e) => e.toLowerCase())
  return list.includes(email.trim().toLowerCase())
}

/** A failure the client caused or should see, with its HTTP status. Never a 500. */
export class AuthError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly headers?: HeadersInit,
  ) {
    super(message)
  }
}

export const BAD_CREDENTIALS = 'Invalid email or password.'
export const ACCOUNT_UNAVAILABLE =
  'An account could not be created with these details. If you already have an account, sign in instead.'

/** The user as the client sees it (product-spec §3 'User (session)'). */
export interface PublicUser {
  id: string
  firstName: string
  lastName: string
  email: string | null
  createdAt: string
  isGuest: boolean
  isAdmin: boolean
  searchCount: number
  disclaimerAcknowledged: boolean
}

export function publicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    createdAt: row.createdAt.toISOString(),
    isGuest: row.isGuest,
    isAdmin: row.role === 'admin',
    searchCount: row.searchCount,
    disclaimerAcknowledged: row.disclaimerAcknowledgedAt !== null,
  }
}

/** Session status (product-spec §3): signed out is user null, count 0, no search, not a guest. */
export function sessionStatus(row: UserRow | null) {
  return {
    user: row ? publicUser(row) : null,
    searchCount: row?.searchCount ?? 0,
    canSearch: canSearch(row),
    isGuest: row?.isGuest ?? false,
  }
}
export type SessionStatus = ReturnType<typeof sessionStatus>

function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } })?.code ?? (error as { cause?: { code?: string } })?.cause?.code
  return code === '23505'
}

/**
 * Creates a member. When the request comes from a guest session, the guest becomes the member (same
 * id), so their searches and favourites stay theirs.
 */
export async function createMember(db: Database, input: SignUpInput, currentGuest: UserRow | null): Promise<UserRow> {
  const passwordHash = await hashPassword(input.password)
  const values = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash,
    isGuest: false,
    newsEmailOptIn: input.newsEmailOptIn,
    ...(isBootstrapAdminEmail(input.email) ? { role: 'admin' as const } : {}),
  }
  try {
    if (currentGuest?.isGuest) {
      // A guest who signs up becomes a member now: "created" restarts so onboarding welcomes them.
      const [row] = await db
        .update(users)
        .set({ ...values, createdAt: new Date() })
        .where(eq(users.id, currentGuest.id))
        .returning()
      if (row) return row
    }
    const [row] = await db.insert(users).values({ id: randomUUID(), ...values }).returning()
    return row!
  } catch (error) {
    if (isUniqueViolation(error)) throw new AuthError(ACCOUNT_UNAVAILABLE, 409)
    throw error
  }
}

/** The member with these credentials, or null. Unknown email and wrong password take the same time. */
export async function verifyCredentials(db: Database, input: SignInInput): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.email, input.email)).limit(1)
  const ok = await verifyPassword(input.password, row?.passwordHash ?? (await decoyHash()))
  return ok && row && !row.isGuest ? row : null
}

export async function createGuest(db: Database): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({ id: randomUUID(), firstName: 'Guest', lastName: 'User', isGuest: true })
    .returning()
  return row!
}

/** A guest who signs in to an existing account brings their searches and favourites along. */
export async function mergeGuestInto(db: Database, guestId: string, memberId: string): Promise<void> {
  if (guestId === memberId) return
  await db.transaction(async (tx) => {
    const [guest] = await tx.select().from(users).where(eq(users.id, guestId)).limit(1)
    if (!guest?.isGuest) return
    await tx.update(searches).set({ userId: memberId }).where(eq(searches.userId, guestId))
    await tx.update(formSubmissions).set({ userId: memberId }).where(eq(formSubmissions.userId, guestId))
    // Move the guest's favourites the member does not already have; the duplicates go with the guest.
    await tx.execute(sql`
      update favourites as g set user_id = ${memberId}
      where g.user_id = ${guestId}
        and not exists (select 1 from favourites m where m.user_id = ${memberId} and m.kind = g.kind and m.ref_id = g.ref_id)`)
    await tx.delete(favourites).where(eq(favourites.userId, guestId))
    await tx
      .update(users)
      .set({ searchCount: sql`${users.searchCount} + ${guest.searchCount}` })
      .where(eq(users.id, memberId))
    await tx.delete(users).where(eq(users.id, guestId))
  })
}
