import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { FileText, MessageSquareText } from 'lucide-react'
import { getDatabase } from '@db/client'
import { FAVOURITE_TOASTS } from '~/components/favourite-button'
import { SmartLink } from '~/components/history/stored-result'
import { currentUser, requireUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { formatShortDate } from '~/lib/dashboard/clock'
import { FavouriteActionSchema, applyFavouriteAction, listFavourites } from '~/lib/favourites.server'
import { assertSameOrigin, jsonError, readForm, safeRedirectPath } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

export const meta: MetaFunction = () => [{ title: `Favourites - ${PRODUCT_NAME}` }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) throw redirect('/auth?tab=signin')
  const { db } = await getDatabase()
  const rows = await listFavourites(db, user.id)
  return {
    favourites: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      refId: row.refId,
      title: row.title,
      url: row.url,
      createdAt: row.createdAt.toISOString(),
    })),
  }
}

/** The no-JavaScript path of FavouriteButton and this page's Remove buttons. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  const form = await readForm(request)
  const field = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const parsed = FavouriteActionSchema.safeParse({
    action: field('intent'),
    kind: field('kind'),
    refId: field('refId'),
    title: field('title'),
    url: field('url'),
  })
  if (!parsed.success) throw jsonError(400, parsed.error.issues[0]?.message ?? 'Invalid favourite.')
  const { db } = await getDatabase()
  const outcome = await applyFavouriteAction(db, user.id, parsed.data)
  return redirectWithToast(safeRedirectPath(field('redirectTo'), '/favourites'), {
    title: outcome.saved ? FAVOURITE_TOASTS.added : FAVOURITE_TOASTS.removed,
    description: outcome.saved ? outcome.favourite.title : undefined,
  })
}

type FavouriteItem = ReturnType<typeof useLoaderData<typeof loader>>['favourites'][number]

function FavouriteCard({ item }: { item: FavouriteItem }) {
  const navigation = useNavigation()
  const removing = navigation.formData?.get('intent') === 'remove' && navigation.formData?.get('refId') === item.refId
  const Icon = item.kind === 'answer' ? MessageSquareText : FileText
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-border bg-card p-4" aria-busy={removing || undefined}>
      <div className="flex min-w-0 items-start gap-3">
        <Icon aria-hidden className="mt-1 size-5 shrink-0 text-primary" />
        <div className="min-w-0">
          <p className="break-words text-lg">
            <SmartLink href={item.url}>{item.title}</SmartLink>
          </p>
          <p className="text-sm text-muted-foreground">
            {item.kind === 'answer' ? 'Answer' : 'Document'} - saved {formatShortDate(item.createdAt)}
          </p>
        </div>
      </div>
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="kind" value={item.kind} />
        <input type="hidden" name="refId" value={item.refId} />
        <input type="hidden" name="redirectTo" value="/favourites" />
        <button
          type="submit"
          aria-label={`Remove ${item.title}`}
          disabled={removing}
          className="min-h-[var(--tap-size)] rounded-md border border-destructive px-4 font-semibold text-destructive disabled:opacity-60"
        >
          Remove
        </button>
      </Form>
    </li>
  )
}

export default function FavouritesRoute() {
  const { favourites } = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to Home
        </Link>
        <h1 className="mt-3 text-3xl font-bold">Favourites</h1>
        <p className="mt-2 text-muted-foreground">
          {favourites.length === 0
            ? 'Answers and documents you save appear here.'
            : `${favourites.length} saved ${favourites.length === 1 ? 'item' : 'items'}, newest first.`}
        </p>
      </header>
      {favourites.length === 0 ? (
        <section aria-labelledby="empty-title" className="rounded-xl border border-border bg-card p-6 text-center">
          <h2 id="empty-title" className="text-xl font-bold">
            No favourites yet
          </h2>
          <p className="mt-2 text-muted-foreground">Press Save on an answer or a document to keep it here.</p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <Link to="/documents" className="inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground">
              Reference Documents
            </Link>
            <Link to="/history" className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border px-4 font-semibold">
              Search history
            </Link>
          </div>
        </section>
      ) : (
        <ul className="grid gap-3" aria-label="Favourites">
          {favourites.map((item) => (
            <FavouriteCard key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  )
}
