/**
 * What the service worker (app/entry.worker.ts) may keep, decided by pure functions so every rule is
 * unit-tested. Browser-safe: no DOM or worker globals.
 *
 * Kinds:
 * - 'static': hashed build files under /assets/ (immutable) and the icons: cache first.
 * - 'ocr': the form filler's OCR files under /ocr/ (versioned paths): cached on first use.
 * - 'index': the offline answer index (/offline-index.json): network first, kept for offline answers.
 * - 'page': documents and Remix `.data` responses of pages: network first, kept per user partition.
 * - 'manifest': the web app manifest.
 * - null: never cached (POST and every other non-GET, /api/**, the form submissions, admin, history,
 *   favourites, auth, anything else).
 *
 * Never cached is not the same as unanswered: every page navigation to our origin goes through the
 * worker (`isAppNavigation`), which answers a network failure with the app's offline page, so no page
 * the app links to ever shows the browser's error page.
 */

export type CacheKind = 'static' | 'ocr' | 'index' | 'page' | 'manifest'

export const OFFLINE_INDEX_PATH = '/offline-index.json'
export const MANIFEST_PATH = '/manifest.webmanifest'
/** Response header naming the cache partition of a page (set by the server, app/lib/pwa/partition.server.ts). */
export const PARTITION_HEADER = 'X-Cache-Partition'
export const ANONYMOUS_PARTITION = 'anon'
const PARTITION_SHAPE = /^(anon|[a-f0-9]{16,64})$/

/** Pages holding one user's data (history, favourites, saved forms, admin): never on the device. */
const PRIVATE_PAGES: readonly RegExp[] = [
  /^\/ar-inspection\/submissions/,
  /^\/admin(\/|$|\.)/,
  /^\/history(\/|$|\.|_)/,
  /^\/favourites(\/|$|\.)/,
]

/** Paths whose pages hold one user's private data or actions: never kept, even per user. */
const NEVER_PAGES: readonly RegExp[] = [
  /^\/api(\/|$)/,
  ...PRIVATE_PAGES,
  /^\/auth(\/|$|\.)/,
  /^\/logout(\/|$|\.)/,
  /^\/theme(\/|$|\.)/,
  /^\/healthz/,
]

/** Pages kept for offline use (their `.data` too). Everything else is only fetched. */
const PAGE_PATHS: readonly RegExp[] = [
  /^\/$/,
  /^\/_root$/,
  /^\/_index$/,
  /^\/field-calculations$/,
  /^\/cheat-sheets$/,
  /^\/documents$/,
  /^\/disclosures$/,
  /^\/news$/,
  /^\/trends$/,
  /^\/ar-inspection\/?$/,
  /^\/ar-inspection\/_index$/,
]

export interface RequestFacts {
  method: string
  url: string
  /** 'navigate' for a document load, else 'cors' / 'same-origin' / 'no-cors'. */
  mode?: string
}

export interface ResponseFacts {
  status: number
  /** 'basic' for same-origin, 'opaque' for a no-cors cross-origin answer, ... */
  type?: string
  headers: { get(name: string): string | null }
}

/** The page path of a URL: Remix data requests ('/documents.data', '/_root.data') map to their page. */
export function pagePath(pathname: string): string {
  if (pathname.endsWith('.data')) {
    const bare = pathname.slice(0, -'.data'.length)
    return bare === '/_root' ? '/' : bare
  }
  return pathname
}

/** Which cache a GET to our origin would use, before looking at the answer. */
export function kindOf(request: RequestFacts, origin: string): CacheKind | null {
  if (request.method.toUpperCase() !== 'GET') return null
  let url: URL
  try {
    url = new URL(request.url)
  } catch {
    return null
  }
  if (url.origin !== origin) return null
  const path = url.pathname
  if (path === OFFLINE_INDEX_PATH) return 'index'
  if (path === MANIFEST_PATH) return 'manifest'
  if (path.startsWith('/assets/') || path.startsWith('/icons/')) return 'static'
  if (['/favicon.svg', '/logo-mark.svg', '/logo-light.svg', '/logo-dark.svg'].includes(path)) return 'static'
  if (path.startsWith('/ocr/')) return 'ocr'
  if (path === '/entry.worker.js') return null
  return isKeptPage(path) ? 'page' : null
}

/**
 * A page load (a navigation) of our own origin: answered by the network, or offline by this user's saved
 * copy (pages kept offline) or the app's offline page. Only GETs: a form post is never replayed.
 */
export function isAppNavigation(request: RequestFacts, origin: string): boolean {
  if (request.method.toUpperCase() !== 'GET' || request.mode !== 'navigate') return false
  try {
    const url = new URL(request.url)
    return url.origin === origin && url.pathname !== '/entry.worker.js'
  } catch {
    return false
  }
}

/** Whether a page path holds one user's private data (never kept on the device; its offline page says so). */
export function isPrivatePage(pathname: string): boolean {
  const page = pagePath(pathname)
  return PRIVATE_PAGES.some((rule) => rule.test(page))
}

/** Whether a page path is one the worker keeps for offline use (after a visit, or warmed). */
export function isKeptPage(pathname: string): boolean {
  const page = pagePath(pathname)
  return !NEVER_PAGES.some((rule) => rule.test(page)) && PAGE_PATHS.some((rule) => rule.test(page))
}

function cacheControl(response: ResponseFacts): string {
  return (response.headers.get('Cache-Control') ?? '').toLowerCase()
}

/** A usable partition name from a response, or null (then a page is not kept). */
export function partitionOf(response: ResponseFacts): string | null {
  const value = response.headers.get(PARTITION_HEADER)?.trim() ?? ''
  return PARTITION_SHAPE.test(value) ? value : null
}

/**
 * Whether a response may be stored, and in which kind of cache. Never: non-GET, other origins, errors
 * and redirects, opaque answers, `Cache-Control: no-store`, anything setting a cookie, and pages without
 * a partition header (they could hold someone's data with no owner to file it under). `private` answers
 * are kept only as pages (which live in their user's partition).
 */
export function shouldCache(request: RequestFacts, response: ResponseFacts, origin: string): CacheKind | null {
  const kind = kindOf(request, origin)
  if (!kind) return null
  if (response.status !== 200 || response.type === 'opaque' || response.type === 'opaqueredirect') return null
  const control = cacheControl(response)
  if (/\bno-store\b/.test(control)) return null
  if (response.headers.get('Set-Cookie') !== null) return null
  if (kind === 'page') return partitionOf(response) ? 'page' : null
  if (/\bprivate\b/.test(control)) return null
  return kind
}

/** The start of every saved-pages cache's name (one per partition). */
export const PAGE_CACHE_PREFIX = 'sw-pages-v1-'

/** Cache names, versioned by build; pages by partition too. */
export function cacheNames(version: string) {
  return {
    static: `sw-static-${version}`,
    ocr: 'sw-ocr-v1',
    index: 'sw-index-v1',
    meta: 'sw-meta-v1',
    page: (partition: string) => `${PAGE_CACHE_PREFIX}${partition}`,
  }
}

/** Caches to delete on activate or on a partition change: anything of ours not current. */
export function staleCaches(existing: readonly string[], version: string, partition: string | null): string[] {
  const names = cacheNames(version)
  const keep = new Set([names.static, names.ocr, names.index, names.meta])
  if (partition) keep.add(names.page(partition))
  return existing.filter((name) => name.startsWith('sw-') && !keep.has(name))
}
