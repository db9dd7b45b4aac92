import type { DashboardView } from '~/lib/dashboard/types'
import { AchievementProgress } from './achievement-progress'
import { ExpertiseProfile } from './expertise-profile'
import { FocusAreas } from './focus-areas'
import { QuickAccess } from './quick-access'
import { ReadyToSearch } from './ready-to-search'
import { RecentActivity } from './recent-activity'
import { WelcomeCard } from './welcome-card'

/**
 * The personalized dashboard for a signed-in member (product-spec §2 'Dashboard (signed-in)'). Give
 * it what loadDashboard (~/lib/dashboard.server) returned in the route's loader.
 */
export function DashboardBlock({ view }: { view: DashboardView }) {
  const { dashboard } = view
  return (
    <div data-testid="dashboard" className="grid gap-6">
      <WelcomeCard
        firstName={view.firstName}
        searchCount={view.searchCount}
        level={dashboard.expertise.level}
        renderedAt={view.renderedAt}
      />
      <QuickAccess tiles={dashboard.quickAccess} />
      <div className="grid gap-6 lg:grid-cols-2">
        <RecentActivity searches={dashboard.recentSearches} historyCount={view.historyCount} />
        <FocusAreas topics={dashboard.searchPatterns.commonTopics} />
        <ExpertiseProfile strongAreas={dashboard.expertise.strongAreas} learningAreas={dashboard.expertise.learningAreas} />
        <AchievementProgress nextMilestone={dashboard.achievements.nextMilestone} recent={dashboard.achievements.recent} />
      </div>
      <ReadyToSearch />
    </div>
  )
}
