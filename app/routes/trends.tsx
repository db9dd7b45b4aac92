import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useLocation, useNavigation } from '@remix-run/react'
import { ArrowLeft, Sparkles, TrendingUp } from 'lucide-react'
import { useCallback, useState, type FormEvent } from 'react'
import { fetchInsights, requestInsight } from '~/components/trends/api-client'
import { PERIOD_OPTIONS } from '~/components/trends/format'
import { InsightCard } from '~/components/trends/insight-card'
import { toast } from '~/lib/toast-store'
import { PRODUCT_NAME } from '~/lib/brand'
import { assertSameOrigin, readForm } from '~/lib/http.server'
import { logger } from '~/lib/logger.server'
import { redirectWithToast } from '~/lib/toast.server'
import { generateFromInput, listFromQuery } from '~/lib/trends/actions.server'
import { TREND_CATEGORIES, categoryOptionSchema } from '~/lib/trends/categories'
import { DEFAULT_DATE_RANGE } from '~/lib/trends/date-range'
import type { TrendInsight } from '~/lib/trends/types'
import { useHydrated } from '~/lib/use-hydrated'

export const meta: MetaFunction = () => [
  { title: `Industry Trend Insights - ${PRODUCT_NAME}` },
  { name: 'description', content: 'Trend insights for SCDOT road construction, computed from industry news and what inspectors search for.' },
]

const SUCCESS = { title: 'Insight Generated', description: 'New industry trend insight has been generated successfully.' }
const FAILED_TITLE = 'Generation Failed'
const FAILED_FALLBACK = 'Failed to generate trend insight'
const LOAD_FAILED = 'Failed to load trend insights'

function categoryOf(value: string | null): string {
  const parsed = categoryOptionSchema.safeParse(value ?? 'all')
  return parsed.success ? parsed.data : 'all'
}

function pageHref(category: string, open?: string | null): string {
  const params = new URLSearchParams()
  if (category !== 'all') params.set('category', category)
  if (open) params.set('open', open)
  const query = params.toString()
  return query ? `/trends?${query}` : '/trends'
}

/** ?category= filters the list (unknown: all); ?open=<id> expands a card (links work without JavaScript). */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  const category = categoryOf(url.searchParams.get('category'))
  const open = url.searchParams.get('open')
  try {
    const params = new URLSearchParams({ category })
    const outcome = await listFromQuery(params)
    return { category, open, insights: outcome.ok ? outcome.insights : [], loadFailed: false }
  } catch (error) {
    logger.error({ err: error }, 'trend insights could not be listed')
    return { category, open, insights: [] as TrendInsight[], loadFailed: true }
  }
}

/** The form without JavaScript: generate, then back to the list with the new card open and a toast. */
export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await readForm(request)
  const text = (name: string) => {
    const value = form.get(name)
    return typeof value === 'string' ? value : undefined
  }
  const category = categoryOf(text('category') ?? 'all')
  const outcome = await generateFromInput(
    { category: text('category'), dateRange: text('dateRange'), includeRecommendations: text('includeRecommendations') !== 'false' },
    context,
  )
  if (!outcome.ok) {
    return redirectWithToast(pageHref(category), { title: FAILED_TITLE, description: outcome.message || FAILED_FALLBACK, variant: 'destructive' })
  }
  return redirectWithToast(pageHref(category, outcome.insight.id), SUCCESS)
}

type ListState = { status: 'ready'; insights: TrendInsight[] } | { status: 'loading' } | { status: 'error' }

export default function Trends() {
  const data = useLoaderData<typeof loader>()
  const hydrated = useHydrated()
  const navigation = useNavigation()
  const location = useLocation()
  const [category, setCategory] = useState(data.category)
  const [period, setPeriod] = useState(DEFAULT_DATE_RANGE)
  const [list, setList] = useState<ListState>(data.loadFailed ? { status: 'error' } : { status: 'ready', insights: data.insights })
  const [openId, setOpenId] = useState<string | null>(data.open)
  const [generating, setGenerating] = useState(false)
  const [seenKey, setSeenKey] = useState(location.key)
  // A navigation (the no-JavaScript form, a link) brings the server's list again.
  if (location.key !== seenKey) {
    setSeenKey(location.key)
    setCategory(data.category)
    setList(data.loadFailed ? { status: 'error' } : { status: 'ready', insights: data.insights })
    setOpenId(data.open)
  }

  const load = useCallback(async (next: string) => {
    setList({ status: 'loading' })
    try {
      setList({ status: 'ready', insights: await fetchInsights(next) })
    } catch {
      setList({ status: 'error' })
    }
  }, [])

  const changeCategory = (next: string) => {
    setCategory(next)
    if (!hydrated) return
    window.history.replaceState(window.history.state, '', pageHref(next))
    void load(next)
  }

  const generate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (generating) return
    setGenerating(true)
    const outcome = await requestInsight({ category, dateRange: period, includeRecommendations: true })
    setGenerating(false)
    if (!outcome.ok) {
      toast({ title: FAILED_TITLE, description: outcome.message || FAILED_FALLBACK, variant: 'destructive' })
      return
    }
    toast(SUCCESS)
    setOpenId(outcome.insight.id)
    await load(category)
  }

  const busy = generating || navigation.state === 'submitting'
  const toggle = (id: string) => setOpenId((current) => (current === id ? null : id))

  return (
    <div className="grid gap-6">
      <header className="grid gap-2">
        <Link to="/" className="inline-flex min-h-[var(--tap-size)] w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline">
          <ArrowLeft aria-hidden className="size-4" />
          Back to Search
        </Link>
        <h1 className="flex items-center gap-2 text-3xl font-bold">
          <TrendingUp aria-hidden className="size-7 text-primary" />
          Industry Trend Insights
        </h1>
        <p className="text-muted-foreground">
          Insights computed from the stored industry news and the topics inspectors search for (counted anonymously), with related SCDOT
          specifications.
        </p>
      </header>

      <Form
        method="post"
        id="trends-generate-form"
        onSubmit={hydrated ? generate : undefined}
        className="flex flex-wrap items-end gap-3 rounded-xl border border-border bg-card p-4 shadow-sm"
      >
        <div className="grid gap-1">
          <label htmlFor="trend-category" className="text-sm font-medium">
            Category
          </label>
          <select
            id="trend-category"
            name="category"
            value={category}
            onChange={(event) => changeCategory(event.target.value)}
            className="min-h-[var(--tap-size)] rounded-md border border-border bg-background px-3"
          >
            {TREND_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {option === 'all' ? 'All categories' : option}
              </option>
            ))}
          </select>
        </div>
        <div className="grid gap-1">
          <label htmlFor="trend-period" className="text-sm font-medium">
            Period
          </label>
          <select
            id="trend-period"
            name="dateRange"
            value={period}
            onChange={(event) => setPeriod(event.target.value)}
            className="min-h-[var(--tap-size)] rounded-md border border-border bg-background px-3"
          >
            {PERIOD_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
        <input type="hidden" name="includeRecommendations" value="true" />
        <button
          type="submit"
          disabled={busy}
          className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:opacity-90 disabled:opacity-60"
        >
          <Sparkles aria-hidden className="size-4" />
          {busy ? 'Generating...' : 'Generate Insight'}
        </button>
        {hydrated ? null : (
          <button
            type="submit"
            formMethod="get"
            formAction="/trends"
            className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border px-4 font-medium hover:bg-muted"
          >
            Show insights
          </button>
        )}
      </Form>

      <section aria-label="Trend insights" aria-busy={list.status === 'loading'} className="grid gap-4">
        {list.status === 'loading' ? (
          <div role="status" className="grid gap-4" data-testid="insights-loading">
            <span className="sr-only">Loading trend insights</span>
            {[0, 1].map((n) => (
              <div key={n} aria-hidden className="h-32 animate-pulse rounded-xl border border-border bg-muted" />
            ))}
          </div>
        ) : list.status === 'error' ? (
          <div role="alert" className="grid justify-items-start gap-3 rounded-xl border border-border bg-card p-5">
            <p className="font-semibold">{LOAD_FAILED}</p>
            {hydrated ? (
              <button type="button" onClick={() => void load(category)} className="min-h-[var(--tap-size)] rounded-md border border-border px-4 font-medium hover:bg-muted">
                Retry
              </button>
            ) : (
              <Link to={pageHref(category)} className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border px-4 font-medium hover:bg-muted">
                Retry
              </Link>
            )}
          </div>
        ) : list.insights.length === 0 ? (
          <div className="grid justify-items-center gap-3 rounded-xl border border-dashed border-border bg-card p-8 text-center">
            <TrendingUp aria-hidden className="size-10 text-muted-foreground" />
            <p className="font-semibold">No trend insights yet</p>
            <p className="text-sm text-muted-foreground">Generate one from the stored news and search topics of the chosen category.</p>
            <button
              type="submit"
              form="trends-generate-form"
              disabled={busy}
              className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground hover:opacity-90 disabled:opacity-60"
            >
              <Sparkles aria-hidden className="size-4" />
              Generate First Insight
            </button>
          </div>
        ) : (
          list.insights.map((insight) => (
            <InsightCard
              key={insight.id}
              insight={insight}
              expanded={openId === insight.id}
              hydrated={hydrated}
              onToggle={() => toggle(insight.id)}
              toggleHref={pageHref(category, openId === insight.id ? null : insight.id)}
            />
          ))
        )}
      </section>
    </div>
  )
}
