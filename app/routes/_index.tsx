import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getDatabase } from '@db/client'
import { DashboardBlock } from '~/components/dashboard/dashboard-block'
import { SignedOutDashboardCard } from '~/components/dashboard/signed-out-card'
import { Greeting } from '~/components/home/greeting'
import { GuestBanner } from '~/components/home/guest-banner'
import { HomeAuthScreen, preloadAuthScreen } from '~/components/home/lazy-auth-screen'
import { WeatherCard } from '~/components/weather/weather-card'
import { PHOTO_TOASTS } from '~/components/search/photo-messages'
import { EMPTY_QUERY_MESSAGE, performImageAnalysis, performSearch } from '~/lib/search/entry.server'
import { SearchArea } from '~/components/search/search-area'
import { SEARCH_TOASTS, type HomeSearchData } from '~/components/search/search-messages'
import { currentUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { CATALOGUE } from '~/lib/calculators'
import { loadCheatSheets } from '~/lib/corpus/records.server'
import { loadDashboard } from '~/lib/dashboard.server'
import { assertSameOrigin, readForm } from '~/lib/http.server'
import { useSessionStatus } from '~/lib/use-session'

export const meta: MetaFunction = () => [{ title: `${PRODUCT_NAME} - South Carolina road construction specifications` }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) {
    await preloadAuthScreen()
    return { dashboard: null, names: { cheatSheets: {}, calculators: {} } }
  }
  // The personalized dashboard is for members; guests are invited to create an account instead.
  const [dashboard, sheets] = await Promise.all([
    user.isGuest ? null : getDatabase().then(({ db }) => loadDashboard(db, user)),
    loadCheatSheets(),
  ])
  // Names for the results view's Suggested Tools (results carry ids).
  const names = {
    cheatSheets: Object.fromEntries(sheets.map((sheet) => [sheet.id, sheet.title])),
    calculators: Object.fromEntries(CATALOGUE.map((entry) => [entry.id, entry.name])),
  }
  return { dashboard, names }
}

function formText(form: FormData, name: string): string | undefined {
  const value = form.get(name)
  return typeof value === 'string' ? value : undefined
}

function parseSources(text: string | undefined): unknown {
  if (!text) return []
  try {
    return JSON.parse(text)
  } catch {
    return []
  }
}

/** Switching between Text Search and Photo Analysis ('/?mode=photo') only changes the view: no new data. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  // Revalidations in place (after a search, the search count changed) and form posts are left alone.
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('mode')
    return params.toString()
  }
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate
}

/** The photo form without JavaScript (multipart): the same analysis as POST /api/analyze-image. */
async function photoAction(request: Request) {
  const outcome = await performImageAnalysis(request)
  if (outcome.ok) return data<HomeSearchData>({ ok: true, result: outcome.result, retries: 0 })
  const title = outcome.status === 400 && outcome.message === EMPTY_QUERY_MESSAGE ? SEARCH_TOASTS.inputRequired.title : PHOTO_TOASTS.failed.title
  const headers: Record<string, string> = outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : {}
  return data<HomeSearchData>({ ok: false, status: outcome.status, title, message: outcome.message, query: '', mode: 'photo' }, { status: outcome.status, headers })
}

/**
 * The search form without JavaScript: the same search as POST /api/search (or /api/retry-search for
 * 'Double Check'), answered as page data that the search area renders on the server. The photo form
 * posts multipart and goes to `photoAction`.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  if ((request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data')) return photoAction(request)
  const form = await readForm(request)
  const retrying = formText(form, 'intent') === 'retry'
  // A Common Topic button sends its topic; the text box sends the question.
  const query = retrying ? (formText(form, 'originalQuery') ?? '') : (formText(form, 'topic') || formText(form, 'query')) ?? ''
  const outcome = await performSearch(request, retrying ? 'retry' : 'search', async () =>
    retrying
      ? {
          originalQuery: query,
          originalAnswer: formText(form, 'originalAnswer') ?? '',
          originalSources: parseSources(formText(form, 'originalSources')),
          retryAttempt: formText(form, 'retryAttempt') ?? '0',
          specBook: 'both',
          userRole: 'inspector',
        }
      : { query, specBook: 'both', userRole: 'inspector' },
  )
  if (outcome.ok) {
    // retryAttempt counts the earlier successful retries, so this one makes it one more.
    const earlier = Number(formText(form, 'retryAttempt'))
    const retries = retrying ? (Number.isInteger(earlier) && earlier >= 0 ? earlier : 0) + 1 : 0
    return data<HomeSearchData>({ ok: true, result: outcome.result, retries })
  }
  const title =
    outcome.status === 400 && outcome.message === EMPTY_QUERY_MESSAGE
      ? SEARCH_TOASTS.inputRequired.title
      : retrying
        ? SEARCH_TOASTS.retryFailed.title
        : SEARCH_TOASTS.failed.title
  return data<HomeSearchData>({ ok: false, status: outcome.status, title, message: outcome.message, query }, { status: outcome.status })
}

/** Home: the sign-in page for a visitor without a session, the main page for members and guests. */
export default function Home() {
  const status = useSessionStatus()
  const { dashboard, names } = useLoaderData<typeof loader>()
  const posted = useActionData<typeof action>()
  if (!status.user) return <HomeAuthScreen />
  return (
    <div className="grid gap-6">
      {status.isGuest ? <GuestBanner searchCount={status.searchCount} /> : null}
      {dashboard ? (
        <Greeting firstName={dashboard.firstName} searchCount={dashboard.searchCount} renderedAt={dashboard.renderedAt} />
      ) : null}
      <section aria-labelledby="home-title" className="rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white shadow-lg sm:p-8">
        <h1 id="home-title" className="text-2xl font-bold sm:text-3xl">
          South Carolina road construction specifications
        </h1>
        <p className="mt-2 max-w-2xl text-white/90">
          Cited requirements, standard drawings, cheat sheets and field calculators for SCDOT work.
        </p>
      </section>
      {/* Local weather is for members only (§2, §6): `dashboard` is loaded for members, never for guests. */}
      {dashboard && status.user ? <WeatherCard userId={status.user.id} /> : null}
      <SearchArea posted={posted as HomeSearchData | undefined} names={names} />
      {dashboard ? <DashboardBlock view={dashboard} /> : <SignedOutDashboardCard />}
    </div>
  )
}
