import type { MouseEvent } from 'react'
import { NEWS_FILTER_LABELS, NEWS_FILTERS, type NewsFilter } from '~/lib/news/types'

function isPlainClick(event: MouseEvent) {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

export function categoryHref(filter: NewsFilter): string {
  return filter === 'all' ? '/news' : `/news?category=${filter}`
}

/**
 * The category buttons: links to `?category=` (they work without JavaScript); with it, a plain click
 * filters in place through `onSelect` without a request.
 */
export function CategoryFilter({ selected, onSelect }: { selected: NewsFilter; onSelect: (filter: NewsFilter) => void }) {
  return (
    <nav aria-label="News categories">
      <ul className="flex flex-wrap gap-2">
        {NEWS_FILTERS.map((filter) => {
          const active = filter === selected
          return (
            <li key={filter}>
              <a
                href={categoryHref(filter)}
                aria-current={active ? 'page' : undefined}
                onClick={(event) => {
                  if (!isPlainClick(event)) return
                  event.preventDefault()
                  onSelect(filter)
                }}
                className={`inline-flex min-h-[var(--tap-size)] items-center rounded-full border px-4 text-sm font-medium transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ${
                  active
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-card text-foreground hover:border-primary'
                }`}
              >
                {NEWS_FILTER_LABELS[filter]}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
