import { and, asc, desc, eq, ilike, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { Database } from '@db/client'
import { users } from '@db/schema'
import type { MemberFilter } from '~/lib/admin/member-filter'

/**
 * Administration: the admin role (granted by `npm run admin`, or at sign-up through ADMIN_EMAILS) and
 * the members' email list of /admin/emails and its CSV export.
 */
export { isBootstrapAdminEmail } from './auth/users.server'

/** Emails are stored trimmed and lowercased (the sign-up schema does the same). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase()
}

export interface AdminSummary {
  email: string
  firstName: string
  lastName: string
}

export type RoleChange =
  | { status: 'changed' | 'unchanged'; user: AdminSummary }
  | { status: 'not-found' }

/** Sets a member's role by email. Guests have no email, so they can never be found here. */
export async function setRole(db: Database, email: string, role: 'admin' | 'member'): Promise<RoleChange> {
  const normalised = normaliseEmail(email)
  const [row] = await db
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, role: users.role })
    .from(users)
    .where(and(eq(users.email, normalised), eq(users.isGuest, false)))
    .limit(1)
  if (!row?.email) return { status: 'not-found' }
  const user = { email: row.email, firstName: row.firstName, lastName: row.lastName }
  if (row.role === role) return { status: 'unchanged', user }
  await db.update(users).set({ role }).where(eq(users.id, row.id))
  return { status: 'changed', user }
}

export async function listAdmins(db: Database): Promise<AdminSummary[]> {
  const rows = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNotNull(users.email)))
    .orderBy(asc(users.email))
  return rows.map((row) => ({ ...row, email: row.email ?? '' }))
}

export const MEMBERS_PAGE_SIZE = 50

/** `%` and `_` in the search box are literal characters, not LIKE wildcards. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function memberWhere(filter: MemberFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(users.isGuest, false), isNotNull(users.email)]
  if (filter.q) {
    const pattern = likePattern(filter.q)
    conditions.push(
      or(ilike(users.email, pattern), sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`),
    )
  }
  if (filter.optedIn) conditions.push(eq(users.newsEmailOptIn, true))
  return and(...conditions)
}

export interface MemberRow {
  email: string
  firstName: string
  lastName: string
  createdAt: Date
  newsEmailOptIn: boolean
}

const memberColumns = {
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  createdAt: users.createdAt,
  newsEmailOptIn: users.newsEmailOptIn,
}

function toMemberRows(rows: { email: string | null; firstName: string; lastName: string; createdAt: Date; newsEmailOptIn: boolean }[]) {
  return rows.map((row) => ({ ...row, email: row.email ?? '' }))
}

export interface MemberPage {
  members: MemberRow[]
  /** Members matching the filter, and how many of them opted in to news by email. */
  total: number
  optedIn: number
  page: number
  pageCount: number
}

/** One page of members (never guests) matching the filter, newest first. */
export async function listMembers(db: Database, filter: MemberFilter, page = 1): Promise<MemberPage> {
  const where = memberWhere(filter)
  const [counts] = await db
    .select({
      total: sql<number>`count(*)::int`,
      optedIn: sql<number>`count(*) filter (where ${users.newsEmailOptIn})::int`,
    })
    .from(users)
    .where(where)
  const total = Number(counts?.total ?? 0)
  const pageCount = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE))
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount)
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(MEMBERS_PAGE_SIZE)
    .offset((current - 1) * MEMBERS_PAGE_SIZE)
  return { members: toMemberRows(rows), total, optedIn: Number(counts?.optedIn ?? 0), page: current, pageCount }
}

/** Every member matching the filter, newest first (the CSV export). */
export async function allMembers(db: Database, filter: MemberFilter): Promise<MemberRow[]> {
  const rows = await db
    .select(memberColumns)
    .from(users)
    .where(memberWhere(filter))
    .orderBy(desc(users.createdAt), desc(users.id))
  return toMemberRows(rows)
}

export const CSV_HEADER = ['email', 'first_name', 'last_name', 'signed_up', 'news_opt_in'] as const

/**
 * One CSV field (RFC 4180). A value a spreadsheet would run as a formula (leading = + - @, or a tab
 * or carriage return) gets a leading single quote, so an exported name can never execute.
 */
export function csvField(value: string): string {
  const guarded = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
}

/** Header plus one line per member, CRLF line ends; dates in ISO 8601 UTC, opt-in as true/false. */
export function membersCsv(rows: readonly MemberRow[]): string {
  const lines = [CSV_HEADER.join(',')]
  for (const row of rows) {
    lines.push(
      [row.email, row.firstName, row.lastName, row.createdAt.toISOString(), String(row.newsEmailOptIn)]
        .map(csvField)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}
