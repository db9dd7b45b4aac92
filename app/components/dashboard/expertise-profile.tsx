import type { TopicName } from '~/lib/dashboard/topics'
import { DashboardCard } from './dashboard-card'

function Chips({ label, topics, tone }: { label: string; topics: readonly TopicName[]; tone: 'strong' | 'learning' }) {
  const style = tone === 'strong' ? 'bg-primary text-primary-foreground' : 'border border-border bg-muted text-foreground'
  return (
    <div>
      <h3 className="text-sm font-semibold text-muted-foreground">{label}</h3>
      <ul aria-label={label} className="mt-2 flex flex-wrap gap-2">
        {topics.map((topic) => (
          <li key={topic} className={`rounded-full px-3 py-1 text-sm font-medium ${style}`}>
            {topic}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Strong areas (a topic searched 3 times or more) and learning areas (once or twice). */
export function ExpertiseProfile({ strongAreas, learningAreas }: { strongAreas: readonly TopicName[]; learningAreas: readonly TopicName[] }) {
  return (
    <DashboardCard id="expertise-profile" title="Expertise Profile">
      <div className="grid gap-4">
        {strongAreas.length > 0 ? (
          <Chips label="Strong Areas" topics={strongAreas} tone="strong" />
        ) : (
          <p className="text-sm text-muted-foreground">Search a topic 3 times to make it one of your strong areas.</p>
        )}
        {learningAreas.length > 0 ? <Chips label="Learning Areas" topics={learningAreas} tone="learning" /> : null}
      </div>
    </DashboardCard>
  )
}
