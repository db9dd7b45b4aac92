/**
 * Install-flow constants and local-storage keys (product-spec §3 'Local storage records', §9).
 * Free of imports on purpose: the e2e fixtures read the same keys to keep the banner out of other tests.
 */

/** The banner appears this long after the page loads. */
export const INSTALL_PROMPT_DELAY_MS = 8000
/** The celebration's second page (features) follows the first (success) after this long. */
export const CELEBRATION_ADVANCE_MS = 1000

export const INSTALL_DECLINED_KEY = 'install-declined'
export const INSTALL_COMPLETED_KEY = 'install-completed'

/** The pages that carry the install/notification banner, each with its own dismissal flag. */
export const BANNER_PAGES = { '/': 'home', '/news': 'news', '/trends': 'trends' } as const
export type BannerPage = (typeof BANNER_PAGES)[keyof typeof BANNER_PAGES]

/** The banner page a path belongs to (a trailing slash is ignored), or null for every other path. */
export function bannerPageFor(pathname: string): BannerPage | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname
  return Object.prototype.hasOwnProperty.call(BANNER_PAGES, path) ? BANNER_PAGES[path as keyof typeof BANNER_PAGES] : null
}

/** The per-page notification-prompt-dismissed flag. */
export function bannerDismissedKey(page: BannerPage): string {
  return `notification-prompt-dismissed:${page}`
}

/** Every banner dismissal key, for callers (tests) that want the banner gone everywhere. */
export function allBannerDismissedKeys(): string[] {
  return Object.values(BANNER_PAGES).map(bannerDismissedKey)
}
