import type { MetaFunction } from '@remix-run/node'
import { AuthScreen } from '~/components/auth/auth-screen'
import { GuestBanner } from '~/components/home/guest-banner'
import { PRODUCT_NAME } from '~/lib/brand'
import { useSessionStatus } from '~/lib/use-session'

export const meta: MetaFunction = () => [{ title: `${PRODUCT_NAME} - South Carolina road construction specifications` }]

/** Home: the sign-in page for a visitor without a session, the main page for members and guests. */
export default function Home() {
  const status = useSessionStatus()
  if (!status.user) return <AuthScreen />
  return (
    <div className="grid gap-6">
      {status.isGuest ? <GuestBanner searchCount={status.searchCount} /> : null}
      <section aria-labelledby="home-title" className="rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white shadow-lg sm:p-8">
        <h1 id="home-title" className="text-2xl font-bold sm:text-3xl">
          South Carolina road construction specifications
        </h1>
        <p className="mt-2 max-w-2xl text-white/90">
          Cited requirements, standard drawings, cheat sheets and field calculators for SCDOT work.
        </p>
      </section>
    </div>
  )
}
