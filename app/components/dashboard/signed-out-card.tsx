import { Link } from '@remix-run/react'
import { LogIn } from 'lucide-react'

/** Shown in place of the dashboard to a visitor who is not signed in as a member. */
export function SignedOutDashboardCard() {
  return (
    <section
      aria-labelledby="dashboard-signed-out-title"
      data-testid="dashboard-signed-out"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-border bg-card p-5 text-card-foreground"
    >
      <h2 id="dashboard-signed-out-title" className="text-lg font-semibold">
        Sign in to see your personalized dashboard
      </h2>
      <Link
        to="/auth"
        className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-5 font-semibold text-primary-foreground"
      >
        <LogIn aria-hidden className="size-5" />
        Sign In
      </Link>
    </section>
  )
}
