import type { MetaFunction } from '@remix-run/node'
import { Link } from '@remix-run/react'
import { PRODUCT_NAME, VERIFY_NOTICE } from '~/lib/brand'

export const meta: MetaFunction = () => [{ title: `${PRODUCT_NAME} - South Carolina road construction specifications` }]

export default function Home() {
  return (
    <div className="grid gap-8">
      <section aria-labelledby="home-title" className="rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white shadow-lg sm:p-10">
        <h1 id="home-title" className="text-2xl font-bold sm:text-3xl">
          South Carolina road construction specifications, in the field
        </h1>
        <p className="mt-3 max-w-2xl text-white/90">
          A field assistant for inspectors, contractors and engineers who build to the SCDOT Standard Specifications:
          cited requirements, standard drawings, cheat sheets and field calculators.
        </p>
      </section>
      <section aria-labelledby="notice-title" className="rounded-xl border border-border bg-card p-5">
        <h2 id="notice-title" className="font-semibold">
          Verify before you build
        </h2>
        <p className="mt-2 text-sm text-muted-foreground">
          {VERIFY_NOTICE} This is an independent tool; see the{' '}
          <Link to="/disclosures" className="font-medium text-primary underline">
            disclosures
          </Link>
          .
        </p>
      </section>
    </div>
  )
}
