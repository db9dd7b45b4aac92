import { Form, Link } from '@remix-run/react'
import { LogOut, UserRound } from 'lucide-react'
import { GUEST_SEARCH_LIMIT } from '~/lib/search/limits'
import { useSessionStatus } from '~/lib/use-session'
import { RestartTourButton } from './onboarding'

/** The side menu's user block: shown only to someone with a session (member or guest). */
export function MenuUserBlock() {
  const { user, searchCount, isGuest } = useSessionStatus()
  if (!user) return null
  const remaining = Math.max(0, GUEST_SEARCH_LIMIT - searchCount)
  return (
    <section aria-label="Your account" className="grid gap-3 rounded-lg border border-border p-3">
      <div className="flex items-center gap-3">
        <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <UserRound aria-hidden className="size-5" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-semibold" data-testid="menu-user-name">
            {isGuest ? 'Guest User' : `${user.firstName} ${user.lastName}`}
          </p>
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            {isGuest ? 'Guest User' : 'Member'}
            {isGuest ? (
              <span className="rounded-full bg-[#9a3412] px-2 py-0.5 text-xs font-semibold text-white">Limited Access</span>
            ) : null}
          </p>
        </div>
      </div>
      <p className="text-sm" data-testid="menu-search-status">
        {isGuest
          ? `Guest access - ${remaining} ${remaining === 1 ? 'search' : 'searches'} remaining`
          : `${searchCount} ${searchCount === 1 ? 'search' : 'searches'} completed`}
      </p>
      {isGuest ? (
        <Link to="/auth" className="text-sm font-semibold text-primary underline-offset-4 hover:underline">
          Create a free account for unlimited searches
        </Link>
      ) : null}
      <RestartTourButton />
      <Form method="post" action="/logout" reloadDocument>
        <button
          type="submit"
          className="flex min-h-[var(--tap-size)] w-full items-center justify-center gap-2 rounded-md border border-border px-3 text-sm font-semibold hover:bg-muted"
        >
          <LogOut aria-hidden className="size-4" />
          Sign Out
        </button>
      </Form>
    </section>
  )
}
