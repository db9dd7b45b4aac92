import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { getDatabase } from '@db/client'
import { ConfidenceBadge } from '~/components/history/confidence-badge'
import { Pagination } from '~/components/history/pagination'
import { currentUser, requireUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { formatShortDate } from '~/lib/dashboard/clock'
import { deleteSearch, listSearches } from '~/lib/search/history.server'
import { PageQuery, assertSameOrigin, jsonError, readForm, readQuery, safeRedirectPath } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

const HISTORY_PAGE_SIZE = 20

export const meta: MetaFunction = () => [{ title: `Search history - ${PRODUCT_NAME}` }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) throw redirect('/auth?tab=signin')
  const { page } = readQuery(request, PageQuery)
  const { db } = await getDatabase()
  const { items, total } = await listSearches(db, user.id, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE })
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE))
  // A page past the end (after deleting its last search, or an old link) shows the last page.
  if (page > pageCount) throw redirect(pageCount > 1 ? `/history?page=${pageCount}` : '/history')
  return {
    searches: items.map((item) => ({
      id: item.id,
      query: item.query,
      confidence: item.confidence,
      createdAt: item.createdAt.toISOString(),
    })),
    total,
    page,
    pageCount,
  }
}

/** Delete (intent=delete): only the user's own searches; works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await requireUser(request)
  const form = await readForm(request)
  const id = form.get('id')
  if (form.get('intent') !== 'delete' || typeof id !== 'string' || id === '' || id.length > 100) {
    throw jsonError(400, 'Send intent=delete with the id of a search.')
  }
  const { db } = await getDatabase()
  const deleted = await deleteSearch(db, user.id, id)
  const back = safeRedirectPath(form.get('redirectTo'), '/history')
  return deleted
    ? redirectWithToast(back, { title: 'Search deleted' })
    : redirectWithToast(back, { title: 'Search not found', description: 'It may have been deleted already.', variant: 'destructive' })
}

type SearchItem = ReturnType<typeof useLoaderData<typeof loader>>['searches'][number]

function SearchCard({ item, back }: { item: SearchItem; back: string }) {
  const navigation = useNavigation()
  const deleting = navigation.formData?.get('intent') === 'delete' && navigation.formData?.get('id') === item.id
  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-4 sm:grid-cols-[1fr_auto] sm:items-center" aria-busy={deleting || undefined}>
      <div className="min-w-0">
        <p className="break-words text-lg font-semibold">{item.query}</p>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <ConfidenceBadge confidence={item.confidence} />
          <span>{formatShortDate(item.createdAt)}</span>
        </p>
      </div>
      <div className="flex gap-2">
        <Link
          to={`/history/${encodeURIComponent(item.id)}`}
          aria-label={`Open ${item.query}`}
          className="inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground"
        >
          Open
        </Link>
        <Form method="post" preventScrollReset>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={item.id} />
          <input type="hidden" name="redirectTo" value={back} />
          <button
            type="submit"
            aria-label={`Delete ${item.query}`}
            disabled={deleting}
            className="min-h-[var(--tap-size)] rounded-md border border-destructive px-4 font-semibold text-destructive disabled:opacity-60"
          >
            Delete
          </button>
        </Form>
      </div>
    </li>
  )
}

export default function HistoryRoute() {
  const { searches, total, page, pageCount } = useLoaderData<typeof loader>()
  const back = page > 1 ? `/history?page=${page}` : '/history'
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to Home
        </Link>
        <h1 className="mt-3 text-3xl font-bold">Search history</h1>
        <p className="mt-2 text-muted-foreground">
          {total === 0 ? 'Your questions and their answers appear here.' : `${total} ${total === 1 ? 'search' : 'searches'}, newest first.`}
        </p>
      </header>
      {total === 0 ? (
        <section aria-labelledby="empty-title" className="rounded-xl border border-border bg-card p-6 text-center">
          <h2 id="empty-title" className="text-xl font-bold">
            No searches yet
          </h2>
          <p className="mt-2 text-muted-foreground">Ask a question on the home page and it will be kept here.</p>
          <Link
            to="/"
            className="mt-4 inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground"
          >
            Start searching
          </Link>
        </section>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Searches">
            {searches.map((item) => (
              <SearchCard key={item.id} item={item} back={back} />
            ))}
          </ul>
          <Pagination page={page} pageCount={pageCount} href={(n) => (n > 1 ? `/history?page=${n}` : '/history')} label="History pages" />
        </>
      )}
    </div>
  )
}
