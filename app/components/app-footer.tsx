import { Link } from '@remix-run/react'
import { DEPARTMENT, DEPARTMENT_LONG } from '~/lib/brand'

export function AppFooter() {
  return (
    <footer className="no-print mt-12 border-t border-border bg-card px-[var(--page-gutter)] py-6 text-center text-sm text-muted-foreground">
      <nav aria-label="Footer" className="mb-3 flex justify-center gap-4">
        <Link to="/disclosures" className="font-medium text-primary underline-offset-4 hover:underline">
          Disclosures
        </Link>
      </nav>
      <p className="font-bold tracking-wide text-foreground">FOR SOUTH CAROLINA INSPECTORS ONLY</p>
      <p>Independent third-party tool</p>
      <p>
        Not affiliated with <abbr title={DEPARTMENT_LONG}>{DEPARTMENT}</abbr>, the {DEPARTMENT_LONG}
      </p>
    </footer>
  )
}
