import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { requireUser } from '~/lib/auth/auth.server'
import { FavouriteActionSchema, applyFavouriteAction, listFavourites, type FavouriteRow } from '~/lib/favourites.server'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'

/**
 * JSON twin of /favourites, for the installed app, scripts and FavouriteButton once hydrated.
 * GET lists the user's favourites. POST `{ action: 'add' | 'remove', kind, refId, title, url }` answers
 * `{ saved: true, favourite }` or `{ saved: false, removed }`. Members and guests; 401 when signed out.
 */
function toJson(row: FavouriteRow) {
  return { id: row.id, kind: row.kind, refId: row.refId, title: row.title, url: row.url, createdAt: row.createdAt.toISOString() }
}

const NO_STORE = { 'Cache-Control': 'no-store' }

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const { db } = await getDatabase()
  return Response.json({ favourites: (await listFavourites(db, user.id)).map(toJson) }, { headers: NO_STORE })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'GET, POST' })
  assertSameOrigin(request)
  const user = await requireUser(request)
  const parsed = FavouriteActionSchema.safeParse(await readJson(request))
  if (!parsed.success) throw jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid favourite.')
  const { db } = await getDatabase()
  const outcome = await applyFavouriteAction(db, user.id, parsed.data)
  const body = outcome.saved ? { saved: true, favourite: toJson(outcome.favourite) } : outcome
  return Response.json(body, { headers: NO_STORE })
}
