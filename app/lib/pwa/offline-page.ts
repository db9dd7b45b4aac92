import { PRODUCT_NAME } from '../brand'

/** Pages whose tools work offline; the fallback page links to them. */
export const OFFLINE_TOOLS = [
  { path: '/', label: 'Search (offline answers from the cached index)' },
  { path: '/field-calculations', label: 'Field calculators' },
  { path: '/cheat-sheets', label: 'Inspector cheat sheets' },
  { path: '/documents', label: 'Reference documents and standard drawings' },
] as const

/**
 * The page the service worker answers for a navigation it has no copy of while offline. Static (no user
 * data, no scripts), so it is the same for everyone; the §2 offline banner text heads it.
 */
export function offlineFallbackHtml(): string {
  const links = OFFLINE_TOOLS.map((tool) => `<li><a href="${tool.path}">${tool.label}</a></li>`).join('')
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1e3a8a"><title>Offline - ${PRODUCT_NAME}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
.banner{background:#9a3412;color:#fff;padding:.5rem 1rem;text-align:center;font-weight:600}
main{max-width:40rem;margin:2rem auto;padding:0 1rem}a{color:#1e3a8a;font-weight:600}li{margin:.75rem 0}</style></head>
<body><div class="banner" role="status">You're offline - Limited functionality available</div>
<main><h1>This page is not available offline</h1>
<p>${PRODUCT_NAME} could not reach the server and has no saved copy of this page on this device.</p>
<p>These work offline once the app has been opened online:</p><ul>${links}</ul>
<p>Reload this page when you are back online.</p></main></body></html>`
}
