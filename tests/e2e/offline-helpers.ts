import type { BrowserContext, Page } from '@playwright/test'
import { expect } from './fixtures'

export const OFFLINE_BANNER = "You're offline - Limited functionality available"
export const RESTORED_BANNER = 'Connection restored - Specifications Only is back online'
// Offline, the page's own background calls (session refresh and the like) fail: that is expected.
export const OFFLINE_NOISE = [/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /Failed to fetch/]
/** The pages the service worker saves for the signed-in user as soon as it is active. */
export const WARMED_PAGES = ['/', '/field-calculations', '/cheat-sheets', '/documents']

/** Waits until the service worker controls the page and has saved the offline tools and the index. */
export async function waitForOfflineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20_000 })
  await expect
    .poll(
      () =>
        page.evaluate(async (warmed) => {
          const names = await caches.keys()
          const pages = names.filter((name) => name.startsWith('sw-pages-v1-'))
          if (pages.length !== 1 || !names.includes('sw-index-v1')) return 'not yet'
          const saved = (await (await caches.open(pages[0]!)).keys()).map((request) => new URL(request.url).pathname)
          const index = await (await caches.open('sw-index-v1')).match('/offline-index.json')
          return warmed.every((path) => saved.includes(path)) && index ? 'ready' : 'not yet'
        }, WARMED_PAGES),
      { timeout: 20_000 },
    )
    .toBe('ready')
}

/** Every body in every cache of ours, as text (to look for a user's details). */
export async function cachedText(page: Page): Promise<string> {
  return page.evaluate(async () => {
    let all = ''
    for (const name of await caches.keys()) {
      const cache = await caches.open(name)
      for (const request of await cache.keys()) {
        const response = await cache.match(request)
        if (response && /text|json/.test(response.headers.get('content-type') ?? '')) all += `\n${name} ${request.url}\n${await response.text()}`
      }
    }
    return all
  })
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false)
  // The worker is offline too (it passes /healthz straight to the network): pages below come from its caches.
  expect(await page.evaluate(() => fetch('/healthz', { cache: 'no-store' }).then(() => 'answered', () => 'failed'))).toBe('failed')
}
