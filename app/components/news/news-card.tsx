import { ExternalLink } from 'lucide-react'
import { NEWS_FILTER_LABELS, type NewsItem } from '~/lib/news/types'

/** The date in South Carolina's time zone, so the server and the browser print the same text. */
export function formatNewsDate(iso: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'America/New_York' }).format(new Date(iso))
}

function PriorityBadge({ priority }: { priority: NewsItem['priority'] }) {
  if (priority === 'critical') {
    return (
      <span className="shrink-0 rounded-full bg-destructive px-2 py-0.5 text-xs font-bold text-destructive-foreground">Critical</span>
    )
  }
  if (priority === 'high') {
    return <span className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-bold text-primary-foreground">High</span>
  }
  return null
}

/** One news card: the title opens the article in a new tab; source, date, category, summary, badge. */
export function NewsCard({ item }: { item: NewsItem }) {
  const titleId = `news-${item.id}-title`
  return (
    <li>
      <article
        aria-labelledby={titleId}
        data-category={item.category}
        data-priority={item.priority}
        className="flex h-full flex-col gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm"
      >
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-base font-semibold leading-snug">
            <a
              href={item.url}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex items-start gap-1.5 rounded-sm underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
            >
              <span>{item.title}</span>
              <ExternalLink aria-hidden className="mt-1 size-3.5 shrink-0" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </h2>
          <PriorityBadge priority={item.priority} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">{item.source}</span>
          <span aria-hidden>·</span>
          <time dateTime={item.publishedAt}>{formatNewsDate(item.publishedAt)}</time>
          <span aria-hidden>·</span>
          <span className="rounded-full border border-border bg-muted px-2 py-0.5 text-xs font-medium text-foreground">
            {NEWS_FILTER_LABELS[item.category]}
          </span>
        </p>
        {item.summary ? <p className="text-sm leading-relaxed">{item.summary}</p> : null}
      </article>
    </li>
  )
}
