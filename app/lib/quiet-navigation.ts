/**
 * Navigation state for a navigation that only brings the address up to date with what the page already
 * shows (after a search, '/?result=<id>'; after New Search, '/'): the page-loading indicator stays hidden
 * for it, since nothing new is on its way and the indicator would sit over the results.
 *
 * Such a move also does not wait for the loaders (docs/decisions/016): the address is committed at once,
 * so Back and New Search work from the moment the screen changes, however slow the connection, and the
 * page's data (the guest's count, the stored result) is loaded afterwards, in the background, by loading
 * the same address again in its place (a replace). While it waited for its loaders, a tap in that moment
 * (New Search, Back) cancelled it and left no history entry.
 */
export const QUIET_NAVIGATION = { quiet: true } as const

export function isQuietNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { quiet?: unknown }).quiet === true
}

/** The address (path and query) the page is moving to without loading; null when none. */
let expected: string | null = null

/** The navigation state of a quiet move to `href` (and makes that move load nothing: `isQuietMove`). */
export function quietMove(href: string): { quiet: true; quietMove: string } {
  expected = href
  return { ...QUIET_NAVIGATION, quietMove: href }
}

/** The address a location was reached by a quiet move to (its navigation state), else null. */
export function quietMoveOf(state: unknown): string | null {
  const href = typeof state === 'object' && state !== null ? (state as { quietMove?: unknown }).quietMove : undefined
  return typeof href === 'string' ? href : null
}

/** For the routes' `shouldRevalidate`: the quiet move on its way skips the loaders (the reload in place after it runs them). */
export function isQuietMove(currentUrl: URL, nextUrl: URL): boolean {
  return expected !== null && currentUrl.href !== nextUrl.href && `${nextUrl.pathname}${nextUrl.search}` === expected
}

/**
 * Once the address is committed: what follows (the reload in place, Back, other links) loads as usual. True
 * when `href` was the move expected, i.e. the page just moved there without loading and should now
 * load its data (Back to that history entry later loads as any navigation does, and needs no second load).
 */
export function takeQuietMove(href: string): boolean {
  const moved = expected === href
  expected = null
  return moved
}

/** Any address committed: a move still expected never started (the root calls this after the page's own effects). */
export function forgetQuietMove(): void {
  expected = null
}
