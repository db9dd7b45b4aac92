import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { data, redirect } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { getDatabase } from '@db/client'
import { DashboardBlock } from '~/components/dashboard/dashboard-block'
import { SignedOutDashboardCard } from '~/components/dashboard/signed-out-card'
import { Greeting } from '~/components/home/greeting'
import { GuestBanner } from '~/components/home/guest-banner'
import { HomeAuthScreen, preloadAuthScreen } from '~/components/home/lazy-auth-screen'
import { WeatherCard } from '~/components/weather/weather-card'
import { PHOTO_TOASTS, photoSuccessToast } from '~/components/search/photo-messages'
import { EMPTY_QUERY_MESSAGE, performImageAnalysis, performSearch, storedResultFor } from '~/lib/search/entry.server'
import { SearchArea } from '~/components/search/search-area'
import { retryToast, SEARCH_TOASTS, searchToast, type HomeSearchFailure } from '~/components/search/search-messages'
import type { SearchResult } from '~/lib/search/core/types'
import { resultHref } from '~/lib/search/results'
import type { ToastInput } from '~/lib/toast'
import { redirectWithToast } from '~/lib/toast.server'
import { currentUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { CATALOGUE } from '~/lib/calculators'
import { loadCheatSheets } from '~/lib/corpus/records.server'
import { loadDashboard } from '~/lib/dashboard.server'
import { assertSameOrigin, readForm } from '~/lib/http.server'
import { useSessionStatus } from '~/lib/use-session'
import { isQuietMove } from '~/lib/quiet-navigation'

export const meta: MetaFunction = () => [{ title: `${PRODUCT_NAME} - South Carolina road construction specifications` }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) {
    await preloadAuthScreen()
    return data({ dashboard: null, names: { cheatSheets: {}, calculators: {} }, stored: null, resultMissing: false })
  }
  // '/?result=<id>': a result's address, the stored search from the user's own history (nothing counted).
  const resultId = new URL(request.url).searchParams.get('result')
  const stored = resultId === null ? null : await storedResultFor(user.id, resultId)
  if (stored?.kind === 'legacy') throw redirect(`/history/${encodeURIComponent(stored.id)}`)
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
  const resultMissing = stored?.kind === 'missing'
  return data(
    { dashboard, names, stored: stored?.kind === 'result' ? stored.result : null, resultMissing },
    { status: resultMissing ? 404 : 200 },
  )
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

/**
 * Switching between Text Search and Photo Analysis ('/?mode=photo') only changes the view: no new data.
 * Nor does a quiet move (to the address of a result already shown, or New Search's move to the empty form);
 * the reload in place after it loads the page's data (app/lib/quiet-navigation.ts).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (isQuietMove(currentUrl, nextUrl)) return false
  // Revalidations in place (after a search, the search count changed) and form posts are left alone.
  if (formMethod || currentUrl.pathname !== nextUrl.pathname || currentUrl.search === nextUrl.search) return defaultShouldRevalidate
  const strip = (url: URL) => {
    const params = new URLSearchParams(url.search)
    params.delete('mode')
    return params.toString()
  }
  return strip(currentUrl) === strip(nextUrl) ? false : defaultShouldRevalidate
}

/**
 * A finished search, retry or photo analysis without JavaScript: redirected to the result's address
 * (post/redirect/get), so Back, reload and bookmarks show the stored result and never post (or count)
 * again; the toast goes with the redirect (flash cookie).
 */
function redirectToResult(result: SearchResult, toast: ToastInput) {
  return redirectWithToast(result.searchId ? resultHref(result.searchId) : '/', toast, { status: 303 })
}

/** The photo form without JavaScript (multipart): the same analysis as POST /api/analyze-image. */
async function photoAction(request: Request) {
  const outcome = await performImageAnalysis(request)
  if (outcome.ok) return redirectToResult(outcome.result, photoSuccessToast(outcome.result))
  const title = outcome.status === 400 && outcome.message === EMPTY_QUERY_MESSAGE ? SEARCH_TOASTS.inputRequired.title : PHOTO_TOASTS.failed.title
  const headers: Record<string, string> = outcome.retryAfter ? { 'Retry-After': String(outcome.retryAfter) } : {}
  return data<HomeSearchFailure>({ ok: false, status: outcome.status, title, message: outcome.message, query: '', mode: 'photo' }, { status: outcome.status, headers })
}

/**
 * The search form without JavaScript: the same search as POST /api/search (or /api/retry-search for
 * 'Double Check', by the stored search's id), then the result's address; a failure is answered as page
 * data that the search area renders on the server. The photo form posts multipart and goes to `photoAction`.
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
          searchId: formText(form, 'searchId'),
          originalQuery: query,
          originalAnswer: formText(form, 'originalAnswer') ?? '',
          originalSources: parseSources(formText(form, 'originalSources')),
          retryAttempt: formText(form, 'retryAttempt') ?? '0',
          specBook: 'both',
          userRole: 'inspector',
        }
      : { query, specBook: 'both', userRole: 'inspector' },
  )
  if (outcome.ok) return redirectToResult(outcome.result, retrying ? retryToast(outcome.result) : searchToast(outcome.result))
  const title =
    outcome.status === 400 && outcome.message === EMPTY_QUERY_MESSAGE
      ? SEARCH_TOASTS.inputRequired.title
      : retrying
        ? SEARCH_TOASTS.retryFailed.title
        : SEARCH_TOASTS.failed.title
  return data<HomeSearchFailure>({ ok: false, status: outcome.status, title, message: outcome.message, query }, { status: outcome.status })
}

/**
 * Home: the sign-in page for a visitor without a session, the main page for members and guests. The
 * search comes first (on a phone, the question box is the first thing under the header); the greeting,
 * the guest banner, the introduction and the weather follow (beside it on a wide screen), then the
 * dashboard.
 */
export default function Home() {
  const status = useSessionStatus()
  const { dashboard, names, stored, resultMissing } = useLoaderData<typeof loader>()
  const failure = useActionData<typeof action>()
  if (!status.user) return <HomeAuthScreen />
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <SearchArea failure={failure} stored={stored} resultMissing={resultMissing} names={names} />
      <div className="grid gap-6">
        {status.isGuest ? <GuestBanner searchCount={status.searchCount} /> : null}
        {dashboard ? (
          <Greeting firstName={dashboard.firstName} searchCount={dashboard.searchCount} renderedAt={dashboard.renderedAt} />
        ) : null}
        <section aria-labelledby="home-title" className="rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white shadow-lg">
          <h1 id="home-title" className="text-2xl font-bold">
            South Carolina road construction specifications
          </h1>
          <p className="mt-2 max-w-2xl text-white/90">
            Cited requirements, standard drawings, cheat sheets and field calculators for SCDOT work.
          </p>
        </section>
        {/* Local weather is for members only (§2, §6): `dashboard` is loaded for members, never for guests. */}
        {dashboard && status.user ? <WeatherCard userId={status.user.id} /> : null}
      </div>
      <div className="lg:col-span-2">{dashboard ? <DashboardBlock view={dashboard} /> : <SignedOutDashboardCard />}</div>
    </div>
  )
}
