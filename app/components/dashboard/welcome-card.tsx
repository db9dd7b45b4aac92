import { Award } from 'lucide-react'
import { clockParts } from '~/lib/dashboard/clock'
import { dashboardGreeting } from '~/lib/dashboard/greeting'
import type { ExperienceLevel } from '~/lib/dashboard/experience'
import { plural } from './dashboard-card'
import { useNow } from './use-now'

/** 'Good morning, Pat', the search count and the '<level> Level' badge; animates in over 2.5 s. */
export function WelcomeCard({
  firstName,
  searchCount,
  level,
  renderedAt,
}: {
  firstName: string
  searchCount: number
  level: ExperienceLevel
  renderedAt: string
}) {
  const { date, timeZone } = useNow(renderedAt, true)
  const greeting = dashboardGreeting(clockParts(date, timeZone).hour)
  return (
    <section
      aria-labelledby="dashboard-welcome-title"
      data-testid="dashboard-welcome"
      className="dashboard-welcome flex flex-wrap items-center justify-between gap-4 rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white shadow-lg"
    >
      <div>
        <h2 id="dashboard-welcome-title" className="text-2xl font-bold sm:text-3xl">
          {greeting}, {firstName}
        </h2>
        <p className="mt-1 text-lg text-white/90">{plural(searchCount, 'search', 'searches')} completed</p>
      </div>
      <p className="inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-2 font-semibold ring-1 ring-white/30">
        <Award aria-hidden className="size-5" />
        {level} Level
      </p>
    </section>
  )
}
