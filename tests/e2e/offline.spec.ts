import type { BrowserContext, Page } from '@playwright/test'
import { expect, newMember, onboardViaApi, signUpViaApi, test } from './fixtures'
import { questionBox, resultsHeading, sendButton } from './search-helpers'
import { expectAccessible, failOnConsoleErrors } from './utils'

/**
 * The installed app offline (product-spec §1, §2 connectivity banners, issue 7): the service worker
 * controls the page after the first visit; offline, the calculators, cheat sheets, drawings and an
 * on-device answer keep working, and one user's saved pages never reach the next user on the device.
 */

const OFFLINE_BANNER = "You're offline - Limited functionality available"
const RESTORED_BANNER = 'Connection restored - Specifications Only is back online'
// Offline, the page's own background calls (session refresh and the like) fail: that is expected.
const OFFLINE_NOISE = [/Failed to load resource/, /ERR_INTERNET_DISCONNECTED/, /Failed to fetch/]

/** Waits until the service worker controls the page and has saved the offline tools and the index. */
async function waitForOfflineReady(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker?.controller != null, undefined, { timeout: 20_000 })
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const names = await caches.keys()
          const pages = names.filter((name) => name.startsWith('sw-pages-v1-'))
          if (pages.length !== 1 || !names.includes('sw-index-v1')) return 'not yet'
          const saved = (await (await caches.open(pages[0]!)).keys()).map((request) => new URL(request.url).pathname)
          const index = await (await caches.open('sw-index-v1')).match('/offline-index.json')
          return ['/', '/field-calculations', '/cheat-sheets', '/documents'].every((path) => saved.includes(path)) && index ? 'ready' : 'not yet'
        }),
      { timeout: 20_000 },
    )
    .toBe('ready')
}

/** Every body in every cache of ours, as text (to look for a user's details). */
async function cachedText(page: Page): Promise<string> {
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

async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true)
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false)
  // The worker is offline too (it passes /healthz straight to the network): pages below come from its caches.
  expect(await page.evaluate(() => fetch('/healthz', { cache: 'no-store' }).then(() => 'answered', () => 'failed'))).toBe('failed')
}

test.describe('offline with the service worker', () => {
  // Each test installs a worker, visits several pages online and again offline, and runs axe.
  test.describe.configure({ timeout: 90_000 })
  test('tools, a drawing and an on-device answer work offline after one visit; banners show', async ({ page, context }) => {
    const check = failOnConsoleErrors(page, OFFLINE_NOISE)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Start voice input' })).toBeVisible()
    await waitForOfflineReady(page)
    await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/manifest.webmanifest')

    await goOffline(context, page)
    await expect(page.getByTestId('offline-banner')).toHaveText(OFFLINE_BANNER)

    // Calculators: the page comes from the worker's copy and computes on the device.
    await page.goto('/field-calculations')
    await expect(page.getByTestId('offline-banner')).toHaveText(OFFLINE_BANNER)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Calculations')
    const card = page.locator('#compaction-percentage')
    await card.getByLabel('Field Density (pcf)', { exact: true }).fill('118.4')
    await card.getByLabel('Maximum Density (pcf)', { exact: true }).fill('122')
    await expect(card.getByTestId('compaction-status')).toHaveText('Meets standard (>=95%)')
    await expect(card.getByText('97.0%')).toBeVisible()

    // A drawing detail view, never visited online.
    await page.goto('/documents#drawing-g501')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('W-Beam Guardrail Installation')
    await expect(page.getByRole('region', { name: 'Critical Measurements' })).toContainText('6.25 ft')

    await page.goto('/cheat-sheets')
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    // A question answered on the device, saying so.
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Start voice input' })).toBeVisible()
    let searchCalls = 0
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/search') searchCalls += 1
    })
    await questionBox(page).fill('bridge deck concrete 4500 psi')
    await sendButton(page).click()
    await expect(resultsHeading(page)).toBeVisible()
    const notice = page.getByTestId('offline-answer-notice')
    await expect(notice).toContainText('Offline answer')
    await expect(notice).toContainText('Verify it when you are back online')
    // The same search core as the server, on the corpus saved on this device.
    await expect(page.getByText('Answered by: Offline answer from the SCDOT corpus saved on this device (no server, no AI model)')).toBeVisible()
    await expect(page.locator('#search')).toContainText('4,500 psi')
    await expect(page.locator('#search')).toContainText('Drawing B501')
    expect(searchCalls).toBe(0)
    await expectAccessible(page)

    // Nothing matching: 'I don't know', not a failure toast.
    await page.getByTestId('search-results').getByRole('link', { name: 'New Search' }).click()
    await questionBox(page).fill('airspeed velocity of an unladen swallow')
    await sendButton(page).click()
    // Off-topic on the device too: the South Carolina road-construction-only answer, not a guess.
    await expect(page.locator('#search')).toContainText(/I don't know|covers South Carolina \(SCDOT\) road construction only/)
    await expect(page.getByText('Search failed')).toHaveCount(0)

    await context.setOffline(false)
    await expect(page.getByTestId('restored-banner')).toHaveText(RESTORED_BANNER)
    await expect(page.getByTestId('restored-banner')).toBeHidden({ timeout: 6_000 })
    check()
  })

  test("one user's saved pages are never shown to the next user of the device", async ({ page, context }) => {
    const check = failOnConsoleErrors(page, OFFLINE_NOISE)
    const alice = newMember({ firstName: 'Alicea', lastName: `Partition${Date.now()}` })
    await signUpViaApi(page.request, alice)
    await onboardViaApi(page.request)
    await page.goto('/')
    await waitForOfflineReady(page)
    // The check below can fail: Alicea's details are in the saved pages now.
    expect(await cachedText(page)).toContain(alice.email)

    // She signs out with the menu's form (a navigation the worker sees): her pages are forgotten at once.
    const landed = page.waitForEvent('framenavigated', (frame) => frame === page.mainFrame())
    await page.evaluate(() => {
      const form = Object.assign(document.createElement('form'), { method: 'post', action: '/logout' })
      document.body.append(form)
      form.submit()
    })
    await landed
    await page.waitForLoadState('load')
    await expect.poll(async () => (await cachedText(page)).includes(alice.email)).toBe(false)

    // Offline straight away: no copy of her pages is served.
    await goOffline(context, page)
    await page.goto('/')
    await expect(page.locator('body')).toBeVisible()
    await expect(page.locator('body')).not.toContainText(alice.lastName)
    await context.setOffline(false)

    // Bob signs in on the same device and uses the app online, then offline.
    const bob = newMember({ firstName: 'Bobby', lastName: `Partition${Date.now()}b` })
    await signUpViaApi(page.request, bob)
    await onboardViaApi(page.request)
    await page.goto('/')
    await waitForOfflineReady(page)
    await goOffline(context, page)
    for (const path of ['/', '/documents', '/field-calculations']) {
      await page.goto(path)
      await expect(page.locator('body')).not.toContainText(alice.lastName)
    }
    const saved = await cachedText(page)
    expect(saved).toContain(bob.email)
    expect(saved).not.toContain(alice.email)
    expect(saved).not.toContain(alice.lastName)
    await context.setOffline(false)
    check()
  })
})
