import { PRODUCT_NAME } from '../brand'
import { isKeptPage, isPrivatePage } from './cache-policy'

/**
 * What the app says for a page it cannot show offline: the same words in the service worker's static page
 * (a page load with no saved copy) and in the app's own offline screen (a tap inside the app whose data
 * cannot be fetched, app/components/offline-screen.tsx). Browser-safe and worker-safe: relative imports only.
 */

/** Pages whose tools work offline; the offline page links to them. */
export const OFFLINE_TOOLS = [
  { path: '/', label: 'Search (offline answers from the cached index)' },
  { path: '/field-calculations', label: 'Field calculators' },
  { path: '/cheat-sheets', label: 'Inspector cheat sheets' },
  { path: '/documents', label: 'Reference documents and standard drawings' },
] as const

export const OFFLINE_BANNER_TEXT = "You're offline - Limited functionality available"
export const OFFLINE_PAGE_TITLE = 'This page is not available offline'

export interface OfflineCopy {
  title: string
  /** Why this page is not here, in one or two sentences. */
  reason: string
}

/** Why a page is missing offline: private pages are never kept; kept pages only after a visit. */
export function offlineCopy(pathname: string): OfflineCopy {
  if (isPrivatePage(pathname)) {
    return {
      title: OFFLINE_PAGE_TITLE,
      reason: `Your history, favourites and saved forms stay on the ${PRODUCT_NAME} server and are never kept on this device, so nobody else who uses it can see them. They open again when you are back online.`,
    }
  }
  if (isKeptPage(pathname)) {
    return {
      title: OFFLINE_PAGE_TITLE,
      reason: 'This page has not been saved on this device yet. Open it once while you are online and it will be kept for you.',
    }
  }
  return { title: OFFLINE_PAGE_TITLE, reason: `${PRODUCT_NAME} needs a connection for this page.` }
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/**
 * The page the service worker answers for a page load it has no copy of while offline. Static (no user
 * data, no scripts), so it is the same for everyone; the §2 offline banner heads it, under a header like
 * the app's. `pathname` only chooses the explanation and the Try again link (the worker passes its own
 * origin's path; it is escaped all the same).
 */
export function offlineFallbackHtml(pathname = '/'): string {
  const copy = offlineCopy(pathname)
  const links = OFFLINE_TOOLS.map((tool) => `<li><a href="${tool.path}">${tool.label}</a></li>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1e3a8a"><title>Offline - ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
.top{position:sticky;top:0}
header{background:#1e3a8a;color:#fff;display:flex;align-items:center;gap:.5rem;padding:.6rem 1rem;font-weight:700;white-space:nowrap}
header a{color:#fff;text-decoration:none}.badge{background:#fff;color:#9f1239;border-radius:.25rem;padding:.1rem .35rem;font-size:.75rem;font-weight:800}
.banner{background:#9a3412;color:#fff;padding:.5rem 1rem;text-align:center;font-weight:600}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}main a{color:#1e3a8a;font-weight:600}li{margin:.75rem 0}
.retry{display:inline-block;margin-top:1rem;padding:.6rem 1rem;border-radius:.375rem;background:#1e3a8a;color:#fff;text-decoration:none;font-weight:600}</style></head>
<body data-offline-page><div class="top"><div class="banner" role="status">${OFFLINE_BANNER_TEXT}</div>
<header><a href="/">${PRODUCT_NAME}</a><span class="badge">SC ONLY</span></header></div>
<main><h1>${copy.title}</h1>
<p>${escapeHtml(copy.reason)}</p>
<p>These work offline once the app has been opened online:</p><ul>${links}</ul>
<a class="retry" href="${escapeHtml(pathname)}">Try again</a></main></body></html>`
}
