import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { getDatabase } from '@db/client'
import { FavouriteButton } from '~/components/favourite-button'
import { ConfidenceBadge } from '~/components/history/confidence-badge'
import { toAnalysisView } from '~/components/history/analysis-view'
import { toResultView } from '~/components/history/result-view'
import { StoredResult } from '~/components/history/stored-result'
import { DiagnosticSection } from '~/components/search/diagnostic-section'
import { ImageAnalysisSection } from '~/components/search/image-analysis-section'
import { currentUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { formatShortDate } from '~/lib/dashboard/clock'
import { savedRefIds } from '~/lib/favourites.server'
import { getSearch } from '~/lib/search/history.server'

/**
 * One stored search: the answer as it was given. (The trailing underscore in the file name keeps this
 * page out of /history's layout: the list does not render around it.)
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) throw redirect('/auth?tab=signin')
  const id = params.id ?? ''
  const { db } = await getDatabase()
  const row = id.length <= 100 ? await getSearch(db, user.id, id) : null
  if (!row) throw Response.json({ message: 'Search not found.' }, { status: 404 })
  const saved = (await savedRefIds(db, user.id, 'answer', [row.id])).has(row.id)
  return {
    search: { id: row.id, query: row.query, confidence: row.confidence, createdAt: row.createdAt.toISOString() },
    view: toResultView(row.result),
    analysis: toAnalysisView(row.result),
    saved,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? data.search.query.slice(0, 80) : 'Search not found'} - ${PRODUCT_NAME}` },
]

export default function HistoryEntryRoute() {
  const { search, view, analysis, saved } = useLoaderData<typeof loader>()
  const analysed = analysis.diagnostic !== null || analysis.imageAnalysis !== null
  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-3">
        <Link to="/history" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to history
        </Link>
        <h1 className="break-words text-3xl font-bold">{search.query}</h1>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <ConfidenceBadge confidence={search.confidence} />
          <span>Searched {formatShortDate(search.createdAt)}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <FavouriteButton kind="answer" refId={search.id} title={search.query} url={`/history/${encodeURIComponent(search.id)}`} saved={saved} />
          <Form method="post" action="/history">
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="id" value={search.id} />
            <button
              type="submit"
              className="min-h-[var(--tap-size)] rounded-md border border-destructive px-4 font-semibold text-destructive"
            >
              Delete
            </button>
          </Form>
        </div>
      </header>
      <StoredResult view={view} />
      {analysed ? (
        <section aria-labelledby="photo-analysis-title" className="grid gap-4">
          <h2 id="photo-analysis-title" className="text-xl font-bold">
            Photo analysis{analysis.fileName ? `: ${analysis.fileName}` : ''}
          </h2>
          <DiagnosticSection diagnostic={analysis.diagnostic} />
          <ImageAnalysisSection analysis={analysis.imageAnalysis} fileName={analysis.fileName} />
        </section>
      ) : null}
    </article>
  )
}
