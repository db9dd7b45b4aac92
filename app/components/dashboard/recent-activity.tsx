import { Link } from '@remix-run/react'
import { History } from 'lucide-react'
import { formatShortDate } from '~/lib/dashboard/clock'
import { DASHBOARD_LIMITS } from '~/lib/dashboard/limits'
import type { Confidence, RecentSearch } from '~/lib/dashboard/types'
import { DashboardCard } from './dashboard-card'

const CONFIDENCE_LABEL: Record<Confidence, string> = {
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
  unknown: 'Confidence unknown',
}

export function ConfidenceBadge({ confidence }: { confidence: Confidence }) {
  const style =
    confidence === 'high' ? 'bg-primary text-primary-foreground' : 'border border-border bg-muted text-foreground'
  return (
    <span data-confidence={confidence} className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${style}`}>
      {CONFIDENCE_LABEL[confidence]}
    </span>
  )
}

/** The 3 newest searches, or the empty state; 'View All' (/history) when the history holds more. */
export function RecentActivity({ searches, historyCount }: { searches: readonly RecentSearch[]; historyCount: number }) {
  const viewAll =
    historyCount > DASHBOARD_LIMITS.recentSearches ? (
      <Link
        to="/history"
        className="inline-flex min-h-[var(--tap-size)] items-center rounded-md px-3 text-sm font-semibold text-primary underline-offset-4 hover:underline"
      >
        View All
      </Link>
    ) : null
  return (
    <DashboardCard id="recent-activity" title="Recent Activity" action={viewAll}>
      {searches.length === 0 ? (
        <div className="flex flex-col items-center gap-1 py-4 text-center">
          <History aria-hidden className="mb-1 size-8 text-muted-foreground" />
          <p className="font-semibold">No recent searches</p>
          <p className="text-sm text-muted-foreground">Start searching to see your activity here</p>
        </div>
      ) : (
        <ul className="grid gap-3">
          {searches.map((search) => (
            <li key={search.id} className="rounded-lg border border-border p-3">
              <p className="font-medium break-words">{search.query}</p>
              <div className="mt-2 flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <ConfidenceBadge confidence={search.confidence} />
                <time dateTime={search.createdAt}>{formatShortDate(search.createdAt)}</time>
              </div>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}
