/**
 * Navigation state for a navigation that only brings the address up to date with what the page already
 * shows (after a search, '/?result=<id>'): the page-loading indicator stays hidden for it, since nothing
 * new is on its way and the indicator would sit over the results.
 */
export const QUIET_NAVIGATION = { quiet: true } as const

export function isQuietNavigation(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { quiet?: unknown }).quiet === true
}
