import { Link } from '@remix-run/react'
import { GUEST_SEARCH_LIMIT } from '~/lib/search/limits'

/** 'Guest Mode - Limited Access' with the searches left, urging a free account. */
export function GuestBanner({ searchCount }: { searchCount: number }) {
  const remaining = Math.max(0, GUEST_SEARCH_LIMIT - searchCount)
  return (
    <section
      aria-labelledby="guest-banner-title"
      data-testid="guest-banner"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-[#9a3412] bg-[#fff7ed] p-4 text-[#7c2d12] dark:bg-[#431407] dark:text-[#fed7aa]"
    >
      <div>
        <h2 id="guest-banner-title" className="font-bold">
          Guest Mode - Limited Access
        </h2>
        <p className="text-sm">
          {remaining > 0
            ? `${remaining} of ${GUEST_SEARCH_LIMIT} free ${remaining === 1 ? 'search' : 'searches'} remaining.`
            : 'You have used all 3 free searches.'}{' '}
          Create a free account for unlimited searches, history and favourites.
        </p>
      </div>
      <Link
        to="/auth"
        className="inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-[#9a3412] px-4 text-sm font-semibold text-white"
      >
        Create Free Account
      </Link>
    </section>
  )
}
