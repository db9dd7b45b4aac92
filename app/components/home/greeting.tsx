import { Clock } from 'lucide-react'
import { useNow } from '~/components/dashboard/use-now'
import { clockParts, formatClock } from '~/lib/dashboard/clock'
import { experienceLevel } from '~/lib/dashboard/experience'
import { homeGreeting } from '~/lib/dashboard/greeting'

/**
 * Home's greeting for a signed-in member: 'Good morning, Pat' (by hour: 'Working late' before 6 and
 * from 21), a clock updated each minute, the search count and the experience level. `renderedAt` is
 * the server's time of the render (loadDashboard's view.renderedAt, or `new Date().toISOString()`
 * from the loader): before hydration the greeting and clock show it in South Carolina time, after
 * hydration the browser's own time.
 */
export function Greeting({ firstName, searchCount, renderedAt }: { firstName: string; searchCount: number; renderedAt: string }) {
  const { date, timeZone } = useNow(renderedAt, true)
  const { hour, minute } = clockParts(date, timeZone)
  return (
    <section
      aria-label="Greeting"
      data-testid="home-greeting"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
    >
      <div>
        <p className="text-2xl font-bold">
          {homeGreeting(hour)}, {firstName}
        </p>
        <p className="mt-1 text-muted-foreground">
          <span data-testid="greeting-search-count">
            {searchCount} {searchCount === 1 ? 'search' : 'searches'} completed
          </span>
          <span aria-hidden> · </span>
          <span data-testid="greeting-level">{experienceLevel(searchCount)} Level</span>
        </p>
      </div>
      <p className="flex items-center gap-2 text-3xl font-bold tabular-nums">
        <Clock aria-hidden className="size-7 text-muted-foreground" />
        <time
          dateTime={`${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`}
          aria-label={`Current time ${formatClock(date, timeZone)}`}
          data-testid="greeting-clock"
        >
          {formatClock(date, timeZone)}
        </time>
      </p>
    </section>
  )
}
