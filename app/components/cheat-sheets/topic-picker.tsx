import type { MouseEvent } from 'react'
import { SheetIcon } from './sheet-icon'

/** The card's element id: picker links jump to it, so on a phone the chosen card is what shows. */
export const SHEET_CARD_ID = 'cheat-sheet'

export function sheetHref(id: string): string {
  return `/cheat-sheets?sheet=${encodeURIComponent(id)}#${SHEET_CARD_ID}`
}

/**
 * One link per sheet. Without JavaScript each link loads the page for that sheet; with it,
 * `onSelect` switches in place (a modified click still opens the link normally).
 */
export function TopicPicker({
  sheets,
  selectedId,
  onSelect,
}: {
  sheets: readonly { id: string; title: string }[]
  selectedId: string | undefined
  onSelect: (id: string) => void
}) {
  function onClick(event: MouseEvent<HTMLAnchorElement>, id: string) {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onSelect(id)
  }
  return (
    <nav aria-labelledby="topics-title" className="print:hidden lg:sticky lg:top-[calc(var(--sticky-top)+1rem)]">
      <h2 id="topics-title" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
        Topics
      </h2>
      <ul className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-1">
        {sheets.map((sheet) => {
          const current = sheet.id === selectedId
          return (
            <li key={sheet.id}>
              <a
                href={sheetHref(sheet.id)}
                aria-current={current ? 'page' : undefined}
                onClick={(event) => onClick(event, sheet.id)}
                className={`flex min-h-[var(--tap-size)] items-center gap-2 rounded-lg border px-3 py-2 text-sm font-semibold ${
                  current
                    ? 'border-primary bg-primary text-primary-foreground'
                    : 'border-border bg-card text-foreground hover:bg-accent hover:text-accent-foreground'
                }`}
              >
                <SheetIcon id={sheet.id} className="size-5 shrink-0" />
                {sheet.title}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
