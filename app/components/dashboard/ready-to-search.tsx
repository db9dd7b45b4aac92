import { Link, useLocation } from '@remix-run/react'
import { Search } from 'lucide-react'
import { focusSearchBox, isPlainClick } from './focus-search'

/** 'Ready to Search?' with 'Start Your Search': focuses the home search box, else goes to /#search. */
export function ReadyToSearch() {
  const location = useLocation()
  return (
    <section
      aria-labelledby="ready-to-search-title"
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-border bg-accent p-5 text-accent-foreground"
    >
      <div>
        <h2 id="ready-to-search-title" className="text-lg font-bold">
          Ready to Search?
        </h2>
        <p className="text-sm">Ask about any SCDOT specification, standard drawing or test method.</p>
      </div>
      <Link
        to="/#search"
        className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-5 font-semibold text-primary-foreground"
        onClick={(event) => {
          if (location.pathname === '/' && isPlainClick(event) && focusSearchBox()) event.preventDefault()
        }}
      >
        <Search aria-hidden className="size-5" />
        Start Your Search
      </Link>
    </section>
  )
}
