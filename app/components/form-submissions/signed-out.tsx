import { Link } from '@remix-run/react'

/** What /ar-inspection/submissions pages show to a visitor without a session. */
export function SignedOutSubmissions() {
  return (
    <section aria-labelledby="signed-out-title" className="rounded-xl border border-border bg-card p-6 text-center">
      <h2 id="signed-out-title" className="text-xl font-bold">
        Sign in to see your forms
      </h2>
      <p className="mt-2 text-muted-foreground">Sign in or continue as a guest to save inspection forms and find them here later.</p>
      <Link
        to="/auth"
        className="mt-4 inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground"
      >
        Sign In / Sign Up
      </Link>
    </section>
  )
}
