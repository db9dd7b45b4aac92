import { randomUUID } from 'node:crypto'
import { and, desc, eq, inArray } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '@db/client'
import { favourites } from '@db/schema'

/** A user's saved answers and documents. Every function reads or changes only that user's rows. */
export type FavouriteRow = typeof favourites.$inferSelect
export const FAVOURITE_KINDS = ['answer', 'document'] as const
export type FavouriteKind = (typeof FAVOURITE_KINDS)[number]

/** Official sources a favourite may point to, besides the product's own pages. */
export const FAVOURITE_HOSTS = ['scdot.org', 'fhwa.dot.gov', 'osha.gov', 'ecfr.gov'] as const

export const INVALID_FAVOURITE_URL =
  'The link must be a page of this site or an https address on scdot.org, fhwa.dot.gov, osha.gov or ecfr.gov.'

/** A path on this site ('/documents#drawing-g501'), or https on an official host or its subdomains. */
export function isAllowedFavouriteUrl(value: string): boolean {
  if (value.startsWith('/')) return !value.startsWith('//') && !value.includes('\\')
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password || url.port) return false
  return FAVOURITE_HOSTS.some((host) => url.hostname === host || url.hostname.endsWith(`.${host}`))
}

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} is required.` })
    .trim()
    .min(1, `${name} is required.`)
    .max(max, `${name} is too long (at most ${max} characters).`)

const kind = z.enum(FAVOURITE_KINDS, { error: "kind must be 'answer' or 'document'." })
const refId = text('refId', 200)

export const FavouriteSchema = z.object({
  kind,
  refId,
  title: text('title', 300),
  url: text('url', 2000).refine(isAllowedFavouriteUrl, INVALID_FAVOURITE_URL),
})
export type FavouriteInput = z.infer<typeof FavouriteSchema>

/** The body of POST /api/favourites and of the /favourites form (whose `intent` is the action). */
export const FavouriteActionSchema = z.discriminatedUnion(
  'action',
  [
    FavouriteSchema.extend({ action: z.literal('add') }),
    z.object({ action: z.literal('remove'), kind, refId }),
  ],
  { error: "action must be 'add' or 'remove'." },
)
export type FavouriteAction = z.infer<typeof FavouriteActionSchema>

/** Saves a favourite; saving it again keeps the one row (and its date) and refreshes title and url. */
export async function addFavourite(db: Database, userId: string, input: FavouriteInput): Promise<FavouriteRow> {
  const [row] = await db
    .insert(favourites)
    .values({ id: randomUUID(), userId, ...input })
    .onConflictDoUpdate({
      target: [favourites.userId, favourites.kind, favourites.refId],
      set: { title: input.title, url: input.url },
    })
    .returning()
  return row!
}

/** Removes a favourite; false when the user had not saved it. */
export async function removeFavourite(
  db: Database,
  userId: string,
  ref: { kind: FavouriteKind; refId: string },
): Promise<boolean> {
  const deleted = await db
    .delete(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.kind, ref.kind), eq(favourites.refId, ref.refId)))
    .returning({ id: favourites.id })
  return deleted.length > 0
}

/** Newest first. */
export async function listFavourites(db: Database, userId: string): Promise<FavouriteRow[]> {
  return db
    .select()
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(desc(favourites.createdAt), desc(favourites.id))
}

/**
 * Which of these refIds of one kind the user has saved: what a screen passes to FavouriteButton's
 * `saved` (all of that kind when refIds is omitted).
 */
export async function savedRefIds(
  db: Database,
  userId: string,
  kindOf: FavouriteKind,
  refIds?: readonly string[],
): Promise<Set<string>> {
  if (refIds && refIds.length === 0) return new Set()
  const rows = await db
    .select({ refId: favourites.refId })
    .from(favourites)
    .where(
      and(
        eq(favourites.userId, userId),
        eq(favourites.kind, kindOf),
        refIds ? inArray(favourites.refId, [...refIds]) : undefined,
      ),
    )
  return new Set(rows.map((row) => row.refId))
}

export type FavouriteOutcome = { saved: true; favourite: FavouriteRow } | { saved: false; removed: boolean }

/** Runs a validated add or remove (the shared core of /favourites and POST /api/favourites). */
export async function applyFavouriteAction(db: Database, userId: string, body: FavouriteAction): Promise<FavouriteOutcome> {
  if (body.action === 'add') {
    const { action: _action, ...input } = body
    return { saved: true, favourite: await addFavourite(db, userId, input) }
  }
  return { saved: false, removed: await removeFavourite(db, userId, { kind: body.kind, refId: body.refId }) }
}
