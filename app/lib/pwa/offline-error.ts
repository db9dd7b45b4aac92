import { isKeptPage, PAGE_CACHE_PREFIX } from './cache-policy'

/**
 * Whether an error that reached a route's error boundary is the connection, not the page: a fetch that
 * never got an answer (the page's data, or the route list Remix discovers lazily), or any failure while
 * the browser says it is offline. A 404 or another answer from the server is never offline. Pure.
 */
export function isOfflineFailure(error: unknown, online: boolean): boolean {
  if (isServerAnswer(error)) return false
  if (!online) return true
  // What fetch() rejects with when nothing answered: Chromium, Firefox and Safari word it differently.
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed/i.test(error.message)
}

function isServerAnswer(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'status' in error && typeof (error as { status: unknown }).status === 'number' && 'internal' in error
}

/**
 * Whether the service worker holds a saved copy of this page for the user now signed in (it keeps one
 * partition at a time, so any saved-pages cache is this user's). Browser only; false when unsure.
 */
export async function hasSavedPage(pathname: string): Promise<boolean> {
  if (!isKeptPage(pathname) || typeof caches === 'undefined' || !navigator.serviceWorker?.controller) return false
  try {
    const url = new URL(pathname, window.location.origin).href
    for (const name of await caches.keys()) {
      if (name.startsWith(PAGE_CACHE_PREFIX) && (await (await caches.open(name)).match(url, { ignoreSearch: true }))) return true
    }
  } catch {
    // Storage unavailable: show the offline screen.
  }
  return false
}
