import { Search } from 'lucide-react'
import type { MouseEvent } from 'react'
import { foundMessage } from '~/lib/calculators'
import { CHIPS, isChipActive, MAX_QUERY_LENGTH, PAGE_PATH, searchHref } from './display'

/**
 * Search box and category chips. Without JavaScript they are a GET form and links (`?q=asphalt`)
 * the loader filters; with it they filter in place, with no request.
 */
export function CalculatorSearch({
  query,
  found,
  onQueryChange,
}: {
  query: string
  found: number
  onQueryChange: (query: string) => void
}) {
  const chipClick = (chipQuery: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault()
    onQueryChange(chipQuery)
  }
  return (
    <section aria-label="Find a calculator" className="grid gap-3">
      <form
        method="get"
        action={PAGE_PATH}
        role="search"
        onSubmit={(event) => event.preventDefault()}
        className="grid gap-1"
      >
        <label htmlFor="calculator-search" className="font-medium">
          Search calculators
        </label>
        <div className="flex gap-2">
          <div className="relative flex-1">
            <Search aria-hidden="true" className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-muted-foreground" />
            <input
              id="calculator-search"
              type="search"
              name="q"
              value={query}
              onChange={(event) => onQueryChange(event.target.value)}
              placeholder="Search calculators: concrete, asphalt, rebar..."
              autoComplete="off"
              maxLength={MAX_QUERY_LENGTH}
              className="min-h-[var(--tap-size)] w-full rounded-md border border-border bg-background pl-10 pr-3 text-lg text-foreground placeholder:text-muted-foreground"
            />
          </div>
          <button
            type="submit"
            className="min-h-[var(--tap-size)] rounded-md border border-border bg-card px-4 font-semibold"
          >
            Search
          </button>
        </div>
      </form>
      <nav aria-label="Calculator categories">
        <ul className="flex flex-wrap gap-2">
          {CHIPS.map((chip) => {
            const active = isChipActive(chip, query)
            return (
              <li key={chip.label}>
                <a
                  href={searchHref(chip.query)}
                  onClick={chipClick(chip.query)}
                  aria-current={active ? 'true' : undefined}
                  className={`inline-flex min-h-[var(--tap-size)] items-center rounded-full border px-4 text-sm font-semibold ${
                    active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-foreground hover:bg-accent'
                  }`}
                >
                  {chip.label}
                </a>
              </li>
            )
          })}
        </ul>
      </nav>
      <p role="status" className="min-h-6 font-medium" data-testid="found-message">
        {query.trim() === '' ? '' : foundMessage(found, query)}
      </p>
    </section>
  )
}
