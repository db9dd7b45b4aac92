import { RefreshCw, Search, ShieldAlert } from 'lucide-react'
import { forwardRef, type FormEvent, type MouseEvent } from 'react'
import { DotsLoader } from '~/components/loader'
import { VERIFY_NOTICE } from '~/lib/brand'
import type { SearchResult } from '~/lib/search/core/types'
import { questionOf, retriesOf } from '~/lib/search/results'
import { DiagnosticSection } from './diagnostic-section'
import { ImageAnalysisSection } from './image-analysis-section'
import { MODE_HREF } from './mode-toggle'
import { HelpfulTools, SourceDocuments, SuggestedTools, ExactLocations, type ToolNames } from './result-sections'
import { SmartAnalysis } from './smart-analysis'

export const HOME_ACTION = '/?index'

/** §4 Retry: 'Double Check' until a retry succeeds, then 'Try Again'. */
export function retryLabel(successfulRetries: number): string {
  return successfulRetries === 0 ? 'Double Check' : 'Try Again'
}

/** Said next to Double Check to a guest, before the click: a retry of a stored search is not counted (docs/decisions/016). */
export const FREE_RETRY_NOTE = 'Double Check and Try Again are free: they check this question again without using one of your free searches.'

interface ResultsViewProps {
  result: SearchResult
  retrying: boolean
  /** A guest is told before the click that checking again costs no search. */
  guest: boolean
  names: ToolNames
  /** Once hydrated: retry through the API in place (else the form posts to the home action). */
  onRetry: (() => void) | null
  /** Once hydrated: back to the empty search form at `href` in place (else a plain link). */
  onNewSearch: ((href: string) => void) | null
}

/** The results view (spec §2 'Results view'); it replaces the search area. */
export const ResultsView = forwardRef<HTMLHeadingElement, ResultsViewProps>(function ResultsView(
  { result, retrying, guest, names, onRetry, onNewSearch },
  headingRef,
) {
  const submitRetry = (event: FormEvent<HTMLFormElement>) => {
    if (!onRetry) return
    event.preventDefault()
    if (!retrying) onRetry()
  }
  // New Search goes back to the form the result came from: a photo's result to photo mode.
  const newSearchHref = result.fileName ? MODE_HREF.photo : MODE_HREF.text
  const newSearch = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNewSearch) return
    event.preventDefault()
    onNewSearch(newSearchHref)
  }
  // A photo analysed without a question has nothing to search again.
  const canRetry = questionOf(result) !== ''
  const retries = retriesOf(result)
  const freeRetry = canRetry && guest && Boolean(result.searchId)
  // A result from a photo does not suggest photo analysis again.
  const features = result.fileName ? result.featureSuggestions.filter((feature) => feature.type !== 'photo_analysis') : result.featureSuggestions
  return (
    <div className="grid gap-4" data-testid="search-results" id="search-results">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="search-results-title" ref={headingRef} tabIndex={-1} className="scroll-below-top-bar mr-auto text-2xl font-bold outline-none sm:text-3xl">
          Search Results
        </h2>
        {canRetry ? (
          <form method="post" action={HOME_ACTION} onSubmit={submitRetry}>
            <input type="hidden" name="intent" value="retry" />
            {/* The stored search to check again (its question and answer are read on the server); the fields below serve a result without one. */}
            {result.searchId ? <input type="hidden" name="searchId" value={result.searchId} /> : null}
            <input type="hidden" name="originalQuery" value={result.query} />
            <input type="hidden" name="originalAnswer" value={result.answer} />
            <input
              type="hidden"
              name="originalSources"
              value={JSON.stringify(result.sources.slice(0, 50))}
            />
            <input type="hidden" name="retryAttempt" value={retries} />
            <button
              type="submit"
              aria-busy={retrying || undefined}
              aria-describedby={freeRetry ? 'retry-cost' : undefined}
              className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border-2 border-primary bg-card px-4 font-semibold text-primary"
            >
              {retrying ? <DotsLoader label="Checking again" /> : <RefreshCw aria-hidden className="size-5" />}
              {retryLabel(retries)}
            </button>
          </form>
        ) : null}
        <a
          href={newSearchHref}
          onClick={newSearch}
          className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground"
        >
          <Search aria-hidden className="size-5" />
          New Search
        </a>
      </div>
      {freeRetry ? (
        <p id="retry-cost" data-testid="retry-cost" className="text-sm text-muted-foreground">
          {FREE_RETRY_NOTE}
        </p>
      ) : null}
      {canRetry ? (
        <p className="text-muted-foreground">
          Your question: <span className="font-semibold text-foreground" data-testid="result-query">{result.query}</span>
        </p>
      ) : null}
      {result.fileName ? (
        <p className="text-muted-foreground">
          Your file: <span className="font-semibold text-foreground" data-testid="result-file">{result.fileName}</span>
        </p>
      ) : null}
      {result.retry?.added ? (
        <p role="note" data-testid="retry-added" className="rounded-lg border border-primary bg-accent p-3 text-accent-foreground">
          <strong>What the broader search added:</strong> {result.retry.added}
        </p>
      ) : null}
      {/* Spec §2 order: Smart Analysis, diagnostic analysis, locations, tools, sources, features, image analysis. */}
      <SmartAnalysis result={result} />
      <DiagnosticSection diagnostic={result.diagnosticResult ?? null} />
      <ExactLocations citations={result.exactCitations} />
      <SuggestedTools cheatSheets={result.cheatSheetSuggestions} calculations={result.calculationSuggestions} names={names} />
      <SourceDocuments sources={result.sources} />
      <HelpfulTools features={features} />
      <ImageAnalysisSection analysis={result.imageAnalysis ?? null} fileName={result.fileName ?? null} />
      <p role="note" data-testid="verify-notice" className="flex items-start gap-2 rounded-lg border border-border bg-card p-3 text-sm font-medium">
        <ShieldAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
        {VERIFY_NOTICE}
      </p>
    </div>
  )
})
