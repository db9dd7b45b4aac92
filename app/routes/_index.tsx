import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { getDatabase } from '@db/client'
import { AuthScreen } from '~/components/auth/auth-screen'
import { DashboardBlock } from '~/components/dashboard/dashboard-block'
import { SignedOutDashboardCard } from '~/components/dashboard/signed-out-card'
import { Greeting } from '~/components/home/greeting'
import { GuestBanner } from '~/components/home/guest-banner'
import { currentUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { loadDashboard } from '~/lib/dashboard.server'
import { useSessionStatus } from '~/lib/use-session'

export const meta: MetaFunction = () => [{ title: `${PRODUCT_NAME} - South Carolina road construction specifications` }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  // The personalized dashboard is for members; guests are invited to create an account instead.
  const dashboard = user && !user.isGuest ? await loadDashboard((await getDatabase()).db, user) : null
  return { dashboard }
}

/** Home: the sign-in page for a visitor without a session, the main page for members and guests. */
export default function Home() {
  const status = useSessionStatus()
  const { dashboard } = useLoaderData<typeof loader>()
  if (!status.user) return <AuthScreen />
  return (
    <div className="grid gap-6">
      {status.isGuest ? <GuestBanner searchCount={status.searchCount} /> : null}
      {dashboard ? (
        <Greeting firstName={dashboard.firstName} searchCount={dashboard.searchCount} renderedAt={dashboard.renderedAt} />
      ) : null}
      <section aria-labelledby="home-title" className="rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white shadow-lg sm:p-8">
        <h1 id="home-title" className="text-2xl font-bold sm:text-3xl">
          South Carolina road construction specifications
        </h1>
        <p className="mt-2 max-w-2xl text-white/90">
          Cited requirements, standard drawings, cheat sheets and field calculators for SCDOT work.
        </p>
      </section>
      {dashboard ? <DashboardBlock view={dashboard} /> : <SignedOutDashboardCard />}
    </div>
  )
}
