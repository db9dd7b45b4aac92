import type { TopicCount } from '~/lib/dashboard/types'
import { Bar, DashboardCard, plural } from './dashboard-card'

/** Top topics with their counts, bars scaled to the most searched one. Not rendered without topics. */
export function FocusAreas({ topics }: { topics: readonly TopicCount[] }) {
  if (topics.length === 0) return null
  const max = Math.max(...topics.map((topic) => topic.count))
  return (
    <DashboardCard id="focus-areas" title="Your Focus Areas">
      <ul className="grid gap-3">
        {topics.map(({ topic, count }) => (
          <li key={topic} data-topic={topic}>
            <div className="mb-1 flex items-baseline justify-between gap-3">
              <span className="font-medium">{topic}</span>
              <span className="text-sm text-muted-foreground">{plural(count, 'search', 'searches')}</span>
            </div>
            <Bar value={count} max={max} />
          </li>
        ))}
      </ul>
    </DashboardCard>
  )
}
