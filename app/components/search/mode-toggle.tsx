import { Link } from '@remix-run/react'
import { Camera, MessageSquareText } from 'lucide-react'

export type SearchMode = 'text' | 'photo'

/** Home's address for each mode: photo mode is '/?mode=photo' (also the photo_analysis suggestion's route). */
export const MODE_HREF: Record<SearchMode, string> = { text: '/', photo: '/?mode=photo' }

export function modeOf(searchParams: URLSearchParams): SearchMode {
  return searchParams.get('mode') === 'photo' ? 'photo' : 'text'
}

const OPTIONS = [
  { mode: 'text', label: 'Text Search', icon: MessageSquareText },
  { mode: 'photo', label: 'Photo Analysis', icon: Camera },
] as const

/**
 * The Text Search / Photo Analysis toggle (spec §2). Links, so it works without JavaScript; the mode
 * lives in the address, so a suggestion's '/?mode=photo' opens photo mode too.
 */
export function ModeToggle({ mode, disabled }: { mode: SearchMode; disabled: boolean }) {
  return (
    <div role="group" aria-label="Search mode" data-testid="mode-toggle" className="grid w-full grid-cols-2 gap-1 rounded-xl bg-muted p-1 sm:w-fit">
      {OPTIONS.map(({ mode: option, label, icon: Icon }) => {
        const current = option === mode
        return (
          <Link
            key={option}
            to={MODE_HREF[option]}
            replace
            preventScrollReset
            aria-current={current ? 'true' : undefined}
            aria-disabled={disabled || undefined}
            onClick={(event) => {
              if (disabled || current) event.preventDefault()
            }}
            className={`inline-flex min-h-[var(--tap-size)] items-center justify-center gap-2 rounded-lg px-4 font-semibold ${
              current ? 'bg-primary text-primary-foreground shadow' : 'text-foreground hover:bg-card'
            }`}
          >
            <Icon aria-hidden className="size-5" />
            {label}
          </Link>
        )
      })}
    </div>
  )
}
