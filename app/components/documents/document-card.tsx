import { ChevronRight, ExternalLink as ExternalLinkIcon } from 'lucide-react'
import type { MouseEvent } from 'react'
import type { DocumentCard as DocumentCardData } from '~/lib/corpus/schema'

/** The URL that renders a detail view on the server (the card's link without JavaScript). */
export function detailHref(anchor: string): string {
  return `/documents?view=${encodeURIComponent(anchor)}`
}

function isPlainClick(event: MouseEvent) {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}

interface Props {
  card: DocumentCardData
  highlighted: boolean
  onOpen: (anchor: string) => void
}

/**
 * One catalogue card. The whole card is clickable through its title link (stretched over the card),
 * so the link's name is just the title. An isSpecific card opens the in-app detail view (a link to
 * `?view=` without JavaScript); any other card opens the official page in a new tab.
 */
export function DocumentCard({ card, highlighted, onOpen }: Props) {
  const id = card.anchor ?? card.id
  const anchor = card.isSpecific ? card.anchor : undefined
  const titleId = `${id}-title`
  const linkClass =
    'rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[""] focus-visible:outline-none'
  return (
    <li
      id={id}
      data-highlighted={highlighted ? 'true' : undefined}
      className="relative flex min-h-[var(--tap-size)] scroll-mt-28 flex-col gap-2 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition hover:border-primary has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-ring data-[highlighted=true]:bg-accent data-[highlighted=true]:text-accent-foreground data-[highlighted=true]:ring-4 data-[highlighted=true]:ring-ring"
    >
      <div className="flex items-start justify-between gap-3">
        <h3 id={titleId} className="font-semibold leading-snug">
          {anchor ? (
            <a
              href={detailHref(anchor)}
              className={linkClass}
              onClick={(event) => {
                if (!isPlainClick(event)) return
                event.preventDefault()
                onOpen(anchor)
              }}
            >
              {card.title}
            </a>
          ) : (
            <a href={card.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
              {card.title}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          )}
        </h3>
        {card.isNew ? (
          <span className="shrink-0 rounded-full bg-destructive px-2 py-0.5 text-xs font-extrabold tracking-wide text-destructive-foreground">
            NEW
          </span>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">{card.description}</p>
      <p aria-hidden className="mt-auto flex items-center gap-1 text-sm font-medium text-primary">
        {anchor ? (
          <>
            View details in the app <ChevronRight className="size-4" />
          </>
        ) : (
          <>
            Official page, opens in a new tab <ExternalLinkIcon className="size-4" />
          </>
        )}
      </p>
    </li>
  )
}
