import { Link } from '@remix-run/react'
import { ChevronDown, ExternalLink } from 'lucide-react'
import type { TrendInsight } from '~/lib/trends/types'
import { truncateInsight } from '~/lib/trends/truncate'
import { formatDateRange, formatGenerated, safeExternalUrl, specificationHref } from './format'

/**
 * One insight. Collapsed: title, category, period, time, the text cut at 200 characters and the key
 * metrics. Expanded: the full text, recommendations, related specifications and source articles.
 * With JavaScript the header is a button with aria-expanded; without it, a link that opens the card.
 */
export function InsightCard({
  insight,
  expanded,
  hydrated,
  onToggle,
  toggleHref,
}: {
  insight: TrendInsight
  expanded: boolean
  hydrated: boolean
  onToggle: () => void
  toggleHref: string
}) {
  const bodyId = `insight-${insight.id}-details`
  const headingId = `insight-${insight.id}-title`
  const toggleLabel = (
    <>
      <span>{expanded ? 'Show less' : 'Show details'}</span>
      <ChevronDown aria-hidden className={`size-4 transition-transform ${expanded ? 'rotate-180' : ''}`} />
    </>
  )
  const toggleClass =
    'inline-flex min-h-[var(--tap-size)] items-center gap-1 rounded-md px-3 text-sm font-medium text-primary hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary'
  const metrics = Object.entries(insight.keyMetrics)
  return (
    <article
      aria-labelledby={headingId}
      data-testid="insight-card"
      data-expanded={expanded ? 'true' : 'false'}
      className="rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <h2 id={headingId} className="text-lg font-bold">
            {insight.title}
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
            <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">{insight.category}</span>
            <span>{formatDateRange(insight.dateRange)}</span>
            <span aria-hidden>·</span>
            <span>
              Generated <time dateTime={insight.generatedAt}>{formatGenerated(insight.generatedAt)}</time>
            </span>
          </p>
        </div>
        {hydrated ? (
          <button type="button" aria-expanded={expanded} aria-controls={bodyId} onClick={onToggle} className={toggleClass}>
            {toggleLabel}
            <span className="sr-only"> for {insight.title}</span>
          </button>
        ) : (
          <Link to={toggleHref} aria-expanded={expanded} className={toggleClass} preventScrollReset>
            {toggleLabel}
            <span className="sr-only"> for {insight.title}</span>
          </Link>
        )}
      </div>

      <p data-testid="insight-text" className="mt-3 leading-relaxed">
        {expanded ? insight.insight : truncateInsight(insight.insight)}
      </p>

      {metrics.length > 0 ? (
        <dl className="mt-4 grid gap-2 sm:grid-cols-2 lg:grid-cols-3" aria-label="Key metrics">
          {metrics.map(([name, value]) => (
            <div key={name} className="rounded-lg bg-muted px-3 py-2">
              <dt className="text-xs text-muted-foreground">{name}</dt>
              <dd className="font-semibold">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}

      <div id={bodyId} hidden={!expanded} className="mt-4 grid gap-4">
        {expanded ? <InsightDetails insight={insight} /> : null}
      </div>

      <p className="mt-4 text-xs text-muted-foreground" data-testid="insight-engine">
        Written by: {insight.engine}
      </p>
    </article>
  )
}

function InsightDetails({ insight }: { insight: TrendInsight }) {
  return (
    <>
      <section aria-label="Actionable recommendations">
        <h3 className="font-semibold">Actionable Recommendations</h3>
        {insight.actionableRecommendations.length > 0 ? (
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {insight.actionableRecommendations.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No recommendations: the data of this period does not support one.</p>
        )}
      </section>
      <section aria-label="Related specifications">
        <h3 className="font-semibold">Related Specifications</h3>
        {insight.relatedSpecifications.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-2">
            {insight.relatedSpecifications.map((label) => (
              <li key={label}>
                <Link to={specificationHref(label)} className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border px-3 text-sm text-primary underline-offset-4 hover:underline">
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No related specifications were found.</p>
        )}
      </section>
      <section aria-label="Source articles">
        <h3 className="font-semibold">Source Articles</h3>
        {insight.sources.length > 0 ? (
          <ul className="mt-2 space-y-2">
            {insight.sources.map((source) => {
              const href = safeExternalUrl(source.url)
              const meta = [source.source, source.publishedAt ? formatGenerated(source.publishedAt).split(',')[0] : null].filter(Boolean).join(' · ')
              return (
                <li key={source.url} className="text-sm">
                  {href ? (
                    <a href={href} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline">
                      {source.title}
                      <ExternalLink aria-hidden className="size-3.5" />
                      <span className="sr-only"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span className="font-medium">{source.title}</span>
                  )}
                  {meta ? <span className="block text-muted-foreground">{meta}</span> : null}
                </li>
              )
            })}
          </ul>
        ) : (
          <p className="mt-1 text-sm text-muted-foreground">No news articles matched this category in the period.</p>
        )}
      </section>
    </>
  )
}
