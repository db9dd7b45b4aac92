import { useLocation, useRevalidator } from '@remix-run/react'
import { Star } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { toast } from '~/lib/toast-store'

export const FAVOURITE_TOASTS = {
  added: 'Saved to favourites',
  removed: 'Removed from favourites',
  failed: 'Favourites not updated',
} as const

export interface FavouriteButtonProps {
  kind: 'answer' | 'document'
  /** The search id for an answer; the document or drawing id for a document. */
  refId: string
  title: string
  /** A path on this site, or https on scdot.org, fhwa.dot.gov, osha.gov or ecfr.gov. */
  url: string
  /** Whether the user has saved it already (the screen's loader asks favourites.server savedRefIds). */
  saved: boolean
  /** Where the form returns without JavaScript; the current page by default. */
  redirectTo?: string
  className?: string
}

/**
 * 'Save' / 'Saved' for an answer or a document. Without JavaScript it is a form posting to
 * /favourites, which redirects back here with a toast; once hydrated it calls POST /api/favourites in
 * place, shows the new state at once and revalidates the page's data. Only for users with a session.
 */
export function FavouriteButton({ kind, refId, title, url, saved, redirectTo, className = '' }: FavouriteButtonProps) {
  const location = useLocation()
  const revalidator = useRevalidator()
  // A local answer holds only while the page's `saved` is the one it was made against: once the
  // revalidated page data changes, the page is right again.
  const [override, setOverride] = useState<{ value: boolean; basis: boolean } | null>(null)
  const [pending, setPending] = useState(false)
  const current = override && override.basis === saved ? override.value : saved
  const back = redirectTo ?? `${location.pathname}${location.search}`

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending) return
    const next = !current
    setOverride({ value: next, basis: saved })
    setPending(true)
    try {
      const response = await fetch('/api/favourites', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(next ? { action: 'add', kind, refId, title, url } : { action: 'remove', kind, refId }),
      })
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { message?: string } | null
        throw new Error(body?.message ?? `${response.status}: ${response.statusText}`)
      }
      toast({ title: next ? FAVOURITE_TOASTS.added : FAVOURITE_TOASTS.removed, description: title })
      revalidator.revalidate()
    } catch (error) {
      setOverride(null)
      toast({
        title: FAVOURITE_TOASTS.failed,
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      })
    } finally {
      setPending(false)
    }
  }

  return (
    <form method="post" action="/favourites" onSubmit={onSubmit} className={className}>
      <input type="hidden" name="intent" value={current ? 'remove' : 'add'} />
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="refId" value={refId} />
      <input type="hidden" name="title" value={title} />
      <input type="hidden" name="url" value={url} />
      <input type="hidden" name="redirectTo" value={back} />
      <button
        type="submit"
        aria-label={current ? `Saved in favourites: ${title}` : `Save to favourites: ${title}`}
        aria-busy={pending || undefined}
        data-saved={current}
        className={`inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border px-4 font-semibold ${
          current ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-card text-foreground'
        }`}
      >
        <Star aria-hidden className="size-5" fill={current ? 'currentColor' : 'none'} />
        {current ? 'Saved' : 'Save'}
      </button>
    </form>
  )
}
