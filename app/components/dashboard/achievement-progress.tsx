import { milestoneByName } from '~/lib/dashboard/achievements'
import { formatShortDate } from '~/lib/dashboard/clock'
import type { EarnedAchievement, NextMilestone } from '~/lib/dashboard/types'
import { Bar, DashboardCard } from './dashboard-card'
import { DashboardIcon } from './icons'

/** The next milestone with its progress, and the 2 most recent achievements. */
export function AchievementProgress({
  nextMilestone,
  recent,
}: {
  nextMilestone: NextMilestone | null
  recent: readonly EarnedAchievement[]
}) {
  const next = nextMilestone ? milestoneByName(nextMilestone.name) : undefined
  return (
    <DashboardCard id="achievement-progress" title="Achievement Progress">
      {nextMilestone ? (
        <div data-testid="next-milestone">
          <p className="text-sm font-semibold text-muted-foreground">Next milestone</p>
          <div className="mt-1 flex items-baseline justify-between gap-3">
            <p className="font-semibold">{nextMilestone.name}</p>
            <p className="text-sm text-muted-foreground">
              <span data-testid="milestone-progress">
                {nextMilestone.progress} / {nextMilestone.target}
              </span>
              {next ? ` ${next.unit}` : null}
            </p>
          </div>
          {next ? <p className="text-sm text-muted-foreground">{next.description}</p> : null}
          <div className="mt-2">
            <Bar value={nextMilestone.progress} max={nextMilestone.target} />
          </div>
        </div>
      ) : (
        <p className="font-semibold">Every milestone earned. Well done!</p>
      )}
      <h3 className="mt-5 text-sm font-semibold text-muted-foreground">Recent achievements</h3>
      {recent.length === 0 ? (
        <p className="mt-1 text-sm text-muted-foreground">Your first achievement comes with your first search.</p>
      ) : (
        <ul className="mt-2 grid gap-2">
          {recent.map((achievement) => (
            <li key={achievement.name} className="flex items-center gap-3 rounded-lg bg-accent p-3 text-accent-foreground">
              <DashboardIcon name={achievement.icon} className="size-6 shrink-0" />
              <span className="font-semibold">{achievement.name}</span>
              <span className="ml-auto text-sm">
                Earned <time dateTime={achievement.earnedAt}>{formatShortDate(achievement.earnedAt)}</time>
              </span>
            </li>
          ))}
        </ul>
      )}
    </DashboardCard>
  )
}
