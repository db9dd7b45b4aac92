import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, redirect, useActionData, useLoaderData, useLocation, useNavigation, useRevalidator, useRouteError } from '@remix-run/react'
import { ArrowLeft, CircleAlert, RefreshCw } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { getDatabase } from '@db/client'
import { DotsLoader } from '~/components/loader'
import { OfflineRecovery } from '~/components/offline-screen'
import { CategoryFilter, categoryHref } from '~/components/news/category-filter'
import { NewsCard } from '~/components/news/news-card'
import { PRODUCT_NAME } from '~/lib/brand'
import { logger } from '~/lib/logger.server'
import { refreshNewsForRequest } from '~/lib/news/refresh-request.server'
import { listNews } from '~/lib/news/store.server'
import { filterNews, parseNewsFilter, type NewsFilter, type NewsItem } from '~/lib/news/types'
import { readForm } from '~/lib/http.server'
import { OFFLINE_REFRESH_MESSAGE, refreshOutcome } from '~/lib/news/refresh-outcome'
import { isOfflineFailure } from '~/lib/pwa/offline-error'
import { useHydrated } from '~/lib/use-hydrated'

export const meta: MetaFunction = () => [
  { title: `Industry News - ${PRODUCT_NAME}` },
  { name: 'description', content: 'SCDOT, OSHA, construction and engineering news for South Carolina road inspectors.' },
]

// §2/§8 copy.
const LOAD_ERROR_TITLE = 'Unable to Load News'
const LOAD_ERROR_TEXT = 'There was an error loading the latest news. Please try refreshing the page or check back later.'
const EMPTY_TEXT = 'No news items found for the selected category.'

/**
 * Every stored item ships with the page (the category buttons filter in the browser, §5); the
 * `?category=` value picks the first view, so the buttons work without JavaScript too.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const category = parseNewsFilter(new URL(request.url).searchParams.get('category')) ?? 'all'
  try {
    const items = await listNews(await getDatabase(), { limit: 200 })
    return { category, items, failed: false }
  } catch (error) {
    logger.error({ err: error }, 'news list failed')
    return { category, items: [] as NewsItem[], failed: true }
  }
}

/**
 * Refresh News: fetches the feeds, then back to the page (which loads again: §4 "posts an update and
 * then reloads the page"). When feeds could not be reached the page is shown with what happened
 * instead (issue 15: it used to reload as if all went well). Works as a plain form post without
 * JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const category = parseNewsFilter(String(form.get('category') ?? 'all')) ?? 'all'
  let report
  try {
    report = await refreshNewsForRequest(request, context.clientIp ?? 'unknown')
  } catch (error) {
    if (error instanceof Response && error.status === 429) {
      const { message } = (await error.json()) as { message: string }
      return { message }
    }
    throw error
  }
  const outcome = refreshOutcome(report)
  if (outcome.message === null) return redirect(categoryHref(category))
  return { message: outcome.message }
}

function replaceCategoryInUrl(filter: NewsFilter) {
  window.history.replaceState(window.history.state, '', categoryHref(filter))
}

function LoadErrorCard() {
  return (
    <div role="alert" className="flex items-start gap-3 rounded-xl border border-destructive bg-card p-5 text-card-foreground">
      <CircleAlert aria-hidden className="mt-0.5 size-5 shrink-0 text-destructive" />
      <div className="grid gap-1">
        <h2 className="font-semibold">{LOAD_ERROR_TITLE}</h2>
        <p className="text-sm text-muted-foreground">{LOAD_ERROR_TEXT}</p>
      </div>
    </div>
  )
}

function Header({ children }: { children?: React.ReactNode }) {
  return (
    <header className="grid gap-2">
      <Link
        to="/"
        className="inline-flex min-h-[var(--tap-size)] w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Back to Search
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">Industry News</h1>
        {children}
      </div>
      <p className="text-muted-foreground">SCDOT, OSHA, construction and engineering news from official and industry sources.</p>
    </header>
  )
}

/** §7/§9: an open page fetches the list again every 30 minutes (while it is visible). */
const REFETCH_MS = 30 * 60_000

function useRefetchEvery(ms: number) {
  const revalidator = useRevalidator()
  const latest = useRef(revalidator)
  latest.current = revalidator
  useEffect(() => {
    const timer = window.setInterval(() => {
      if (document.visibilityState === 'visible' && latest.current.state === 'idle') latest.current.revalidate()
    }, ms)
    return () => window.clearInterval(timer)
  }, [ms])
}

const FOOTER = 'News updates automatically every 30 minutes. Open an article to read it at its source.'

export default function News() {
  const { category: serverCategory, items, failed } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const navigation = useNavigation()
  const location = useLocation()
  const [filter, setFilter] = useState<NewsFilter>(serverCategory)
  const [seenLocationKey, setSeenLocationKey] = useState(location.key)
  // A real navigation (back/forward, a link here) brings the server's choice again.
  if (location.key !== seenLocationKey) {
    setSeenLocationKey(location.key)
    setFilter(serverCategory)
  }
  const refreshing = navigation.state !== 'idle' && navigation.formAction?.startsWith('/news') === true && navigation.formMethod?.toUpperCase() === 'POST'
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/news'
  const shown = filterNews(items, filter)
  // Offline the post cannot reach the server: say so here instead of leaving the page.
  const [offlineNotice, setOfflineNotice] = useState(false)
  useRefetchEvery(REFETCH_MS)
  const notice = offlineNotice ? OFFLINE_REFRESH_MESSAGE : (actionData?.message ?? null)

  return (
    <div className="grid gap-6">
      <Header>
        <Form
          method="post"
          replace
          preventScrollReset
          onSubmit={(event) => {
            const offline = !navigator.onLine
            setOfflineNotice(offline)
            if (offline) event.preventDefault()
          }}
        >
          <input type="hidden" name="category" value={filter} />
          <button
            type="submit"
            disabled={refreshing}
            aria-busy={refreshing || undefined}
            className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-lg bg-primary px-4 text-sm font-semibold text-primary-foreground transition hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-70"
          >
            <RefreshCw aria-hidden className={`size-4 ${refreshing ? 'animate-spin' : ''}`} />
            Refresh News
          </button>
        </Form>
      </Header>

      <CategoryFilter
        selected={filter}
        onSelect={(next) => {
          setFilter(next)
          replaceCategoryInUrl(next)
        }}
      />

      {notice ? (
        <p role="alert" data-testid="news-refresh-notice" className="rounded-xl border border-border bg-muted p-4 text-sm">
          {notice}
        </p>
      ) : null}

      {refreshing || loading ? (
        <div className="flex items-center gap-3 text-sm text-muted-foreground">
          <DotsLoader label={refreshing ? 'Refreshing news' : 'Loading news'} />
          <span aria-hidden>{refreshing ? 'Fetching the latest news...' : 'Loading news...'}</span>
        </div>
      ) : null}

      {failed ? (
        <LoadErrorCard />
      ) : shown.length === 0 ? (
        <p className="rounded-xl border border-border bg-card p-5 text-card-foreground" data-testid="news-empty">
          {EMPTY_TEXT}
        </p>
      ) : (
        <ul aria-label="News items" className="grid gap-4 md:grid-cols-2">
          {shown.map((item) => (
            <NewsCard key={item.id} item={item} />
          ))}
        </ul>
      )}

      <footer className="border-t border-border pt-4 text-sm text-muted-foreground">{FOOTER}</footer>
    </div>
  )
}

/** A failure while rendering still shows the §8 card, inside the site's frame; offline, the app's offline answer. */
export function ErrorBoundary() {
  const error = useRouteError()
  const hydrated = useHydrated()
  if (hydrated && isOfflineFailure(error, navigator.onLine)) return <OfflineRecovery />
  return (
    <div className="grid gap-6">
      <Header />
      <LoadErrorCard />
    </div>
  )
}
