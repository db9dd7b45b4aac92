import { devices } from '@playwright/test'
import { INSTALL_COMPLETED_KEY, INSTALL_DECLINED_KEY, bannerDismissedKey } from '../../app/lib/install/keys'
import { expect, test, type Page } from './fixtures'
import { expectAccessible, failOnConsoleErrors } from './utils'

// The install/notification banner (product-spec §2, §4, §8, §9). These tests want the banner: they opt
// out of the fixture that dismisses it for every other spec.
test.use({ installBanner: 'shown' })

const START = new Date('2026-03-02T15:00:00Z')

/**
 * Opens a page with the page clock paused (so the 8 s banner delay and the 1 s celebration advance only
 * move when the test says so) and waits until the app has hydrated and the install store has started:
 * the side menu's install entry only renders then.
 */
async function openPaused(page: Page, path: string) {
  await page.clock.install({ time: START })
  await page.clock.pauseAt(new Date(START.getTime() + 1000))
  await page.goto(path)
  await waitForInstallStore(page)
}

async function waitForInstallStore(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu.getByText('Install App', { exact: true })).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(menu).toBeHidden()
}

/** axe and the animation settling before it need running timers: the clock runs for the check, then stops again. */
async function expectAccessibleNow(page: Page) {
  await page.clock.resume()
  await expectAccessible(page)
  const now = await page.evaluate(() => Date.now())
  await page.clock.pauseAt(new Date(now + 1000))
}

const banner = (page: Page) => page.getByRole('region', { name: /^Install / })

async function storedFlag(page: Page, key: string) {
  return page.evaluate((k) => window.localStorage.getItem(k), key)
}

interface FakePromptOptions {
  outcome: 'accepted' | 'dismissed' | 'throws'
}

/**
 * Dispatches a `beforeinstallprompt` event shaped like Chrome's (cancelable, with prompt() and a
 * userChoice promise) and counts prompt() calls in window.__promptCalls.
 */
async function offerInstall(page: Page, { outcome }: FakePromptOptions) {
  return page.evaluate((result) => {
    const w = window as unknown as { __promptCalls: number }
    w.__promptCalls = 0
    let settle: (choice: { outcome: string; platform: string }) => void = () => {}
    const userChoice = new Promise<{ outcome: string; platform: string }>((resolve) => (settle = resolve))
    const event = new Event('beforeinstallprompt', { cancelable: true })
    Object.defineProperty(event, 'userChoice', { value: userChoice })
    Object.defineProperty(event, 'prompt', {
      value: () => {
        w.__promptCalls += 1
        if (result === 'throws') return Promise.reject(new DOMException('The prompt() method must be called with a user gesture', 'NotAllowedError'))
        settle({ outcome: result, platform: 'web' })
        return Promise.resolve()
      },
    })
    window.dispatchEvent(event)
    return event.defaultPrevented
  }, outcome)
}

const promptCalls = (page: Page) => page.evaluate(() => (window as unknown as { __promptCalls: number }).__promptCalls)

test.describe('install banner on a desktop browser', () => {
  test.beforeEach(async ({ context }) => {
    // Notifications already decided: 'Install App' goes straight to installing.
    await context.grantPermissions(['notifications'])
  })

  test('appears 8 s after load, passes axe, and Not Now keeps it away on that page only', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await openPaused(page, '/')
    await page.clock.runFor(7_800)
    await expect(banner(page)).toHaveCount(0)
    await page.clock.runFor(300)
    await expect(banner(page)).toBeVisible()
    await expect(banner(page).getByRole('heading', { name: 'Install Specifications Only' })).toBeVisible()

    // Fixed to the bottom, clear of the header and its menu button.
    const box = (await banner(page).boundingBox())!
    const header = (await page.getByRole('banner').boundingBox())!
    const viewport = page.viewportSize()!
    expect(box.y).toBeGreaterThan(header.y + header.height)
    expect(box.y + box.height).toBeLessThanOrEqual(viewport.height)
    expect(await banner(page).evaluate((el) => getComputedStyle(el).position)).toBe('fixed')
    await expectAccessibleNow(page)

    await banner(page).getByRole('button', { name: 'Not Now' }).click()
    await expect(banner(page)).toHaveCount(0)
    expect(await storedFlag(page, bannerDismissedKey('home'))).not.toBeNull()
    expect(await storedFlag(page, INSTALL_DECLINED_KEY)).toBeNull()

    await page.reload()
    await waitForInstallStore(page)
    await page.clock.runFor(9_000)
    await expect(banner(page)).toHaveCount(0)

    // News has its own flag: the banner still comes there, and its close button dismisses it too.
    await page.goto('/news')
    await waitForInstallStore(page)
    await page.clock.runFor(8_100)
    await expect(banner(page)).toBeVisible()
    await banner(page).getByRole('button', { name: 'Close install banner' }).click()
    await expect(banner(page)).toHaveCount(0)
    expect(await storedFlag(page, bannerDismissedKey('news'))).not.toBeNull()
    check()
  })

  test('never shows on other pages', async ({ page }) => {
    await openPaused(page, '/documents')
    await page.clock.runFor(9_000)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(banner(page)).toHaveCount(0)
  })

  test('Install App shows the browser prompt; accepted: App Installed!, then appinstalled opens the 2-page celebration', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await openPaused(page, '/')
    // The app keeps the event and suppresses the browser's own mini-infobar.
    expect(await offerInstall(page, { outcome: 'accepted' })).toBe(true)
    await page.clock.runFor(8_000)
    await banner(page).getByRole('button', { name: 'Install App' }).click()
    await expect(page.getByTestId('toast').filter({ hasText: 'App Installed!' })).toBeVisible()
    expect(await promptCalls(page)).toBe(1)
    expect(await storedFlag(page, INSTALL_COMPLETED_KEY)).not.toBeNull()
    await expect(banner(page)).toHaveCount(0)

    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
    const celebration = page.getByTestId('install-celebration')
    await expect(celebration.getByRole('heading', { name: 'App Installed!' })).toBeVisible()
    await expect(celebration.getByText('Page 1 of 2')).toBeVisible()
    await page.clock.runFor(900)
    await expect(celebration.getByText('Page 1 of 2')).toBeVisible()
    await page.clock.runFor(100)
    await expect(celebration.getByRole('heading', { name: 'What you can do now' })).toBeVisible()
    await expect(celebration.getByRole('button', { name: 'Get Started' })).toBeFocused()
    await expectAccessibleNow(page)
    await celebration.getByRole('button', { name: 'Get Started' }).click()
    await expect(celebration).toBeHidden()

    // Completed: no banner on the next visit either.
    await page.reload()
    await waitForInstallStore(page)
    await page.clock.runFor(9_000)
    await expect(banner(page)).toHaveCount(0)
    check()
  })

  test('the celebration moves on at once with Continue and closes on Escape', async ({ page }) => {
    await openPaused(page, '/news')
    await page.evaluate(() => window.dispatchEvent(new Event('appinstalled')))
    const celebration = page.getByTestId('install-celebration')
    await expect(celebration.getByText('Page 1 of 2')).toBeVisible()
    await celebration.getByRole('button', { name: 'Continue' }).click()
    await expect(celebration.getByText('Page 2 of 2')).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(celebration).toBeHidden()
    expect(await storedFlag(page, INSTALL_COMPLETED_KEY)).not.toBeNull()
  })

  test('declining the browser prompt stores the declined flag, which keeps the banner off every page', async ({ page }) => {
    await openPaused(page, '/')
    await offerInstall(page, { outcome: 'dismissed' })
    await page.clock.runFor(8_000)
    await banner(page).getByRole('button', { name: 'Install App' }).click()
    await expect(banner(page)).toHaveCount(0)
    expect(await promptCalls(page)).toBe(1)
    expect(await storedFlag(page, INSTALL_DECLINED_KEY)).not.toBeNull()
    expect(await storedFlag(page, INSTALL_COMPLETED_KEY)).toBeNull()
    await expect(page.getByTestId('toast').filter({ hasText: 'App Installed!' })).toHaveCount(0)

    await page.goto('/news')
    await waitForInstallStore(page)
    await page.clock.runFor(9_000)
    await expect(banner(page)).toHaveCount(0)
  })

  test('a failing browser prompt falls back to the manual steps', async ({ page }) => {
    await openPaused(page, '/')
    await offerInstall(page, { outcome: 'throws' })
    await page.clock.runFor(8_000)
    await banner(page).getByRole('button', { name: 'Install App' }).click()
    const dialog = page.getByRole('dialog', { name: 'Install Instructions' })
    await expect(dialog).toBeVisible()
    expect(await promptCalls(page)).toBe(1)
    await expect(dialog.getByText('Step 1 of 2')).toBeVisible()
    await expect(dialog.getByText(/install icon at the right of the address bar/)).toBeVisible()
    expect(await storedFlag(page, INSTALL_DECLINED_KEY)).toBeNull()
  })

  test("the side menu's Install App opens the same flow, also after declining", async ({ page }) => {
    await openPaused(page, '/documents')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Install App/ })).toBeVisible()
    await expectAccessibleNow(page)
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Install App/ }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
    const dialog = page.getByRole('dialog', { name: 'Install Instructions' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Next Step' })).toBeFocused()
    await dialog.getByRole('button', { name: 'Close install instructions' }).click()
    await expect(dialog).toBeHidden()
    expect(await storedFlag(page, INSTALL_DECLINED_KEY)).not.toBeNull()
    // Focus goes back to the menu button.
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused()

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: /Install App/ }).click()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('Step 1 of 2')).toBeVisible()
  })
})

test.describe('notification permission', () => {
  test('Install App asks for notification permission first when it is undecided', async ({ page }) => {
    // The browser's permission prompt cannot be answered from a test: it is replaced by one that
    // records the call and answers 'denied' (what a user refusing does).
    await page.addInitScript(() => {
      const w = window as unknown as { __permissionRequests: number }
      w.__permissionRequests = 0
      Notification.requestPermission = () => {
        w.__permissionRequests += 1
        return Promise.resolve('denied' as NotificationPermission)
      }
    })
    await openPaused(page, '/')
    expect(await page.evaluate(() => Notification.permission)).toBe('default')
    await page.clock.runFor(8_000)
    await banner(page).getByRole('button', { name: 'Install App' }).click()
    await expect(page.getByTestId('toast').filter({ hasText: 'Notifications Blocked' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __permissionRequests: number }).__permissionRequests)).toBe(1)
    // Installing still goes on: no browser prompt here, so the manual steps.
    await expect(page.getByRole('dialog', { name: 'Install Instructions' })).toBeVisible()
  })
})

test.describe('on an iPhone (no browser install prompt)', () => {
  const { defaultBrowserType: _ignored, ...iphone } = devices['iPhone 13']
  test.use({ ...iphone })

  test("the banner leads to Share then 'Add to Home Screen'; closing the dialog counts as declined", async ({ page, context }) => {
    await context.grantPermissions(['notifications'])
    const check = failOnConsoleErrors(page)
    await openPaused(page, '/')
    await page.clock.runFor(8_000)
    await expect(banner(page)).toBeVisible()
    const box = (await banner(page).boundingBox())!
    expect(box.x).toBeGreaterThanOrEqual(0)
    expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
    await banner(page).getByRole('button', { name: 'Install App' }).click()

    const dialog = page.getByRole('dialog', { name: 'Install Instructions' })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByText('iPhone and iPad (Safari)')).toBeVisible()
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await expect(dialog.locator('[aria-current="step"]')).toContainText('Tap the Share button')
    await expectAccessibleNow(page)
    await dialog.getByRole('button', { name: 'Next Step' }).click()
    await expect(dialog.getByText('Step 2 of 3')).toBeVisible()
    await expect(dialog.locator('[aria-current="step"]')).toContainText("Choose 'Add to Home Screen'")
    await dialog.getByRole('button', { name: 'Previous' }).click()
    await expect(dialog.getByText('Step 1 of 3')).toBeVisible()
    await dialog.getByRole('button', { name: 'Next Step' }).click()
    await dialog.getByRole('button', { name: 'Next Step' }).click()
    await expect(dialog.getByText('Step 3 of 3')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Complete Install' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Next Step' })).toHaveCount(0)

    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    expect(await storedFlag(page, INSTALL_DECLINED_KEY)).not.toBeNull()
    await expect(banner(page)).toHaveCount(0)
    check()
  })

  test('in standalone mode (opened from the home screen) there is no banner and the menu says it is installed', async ({ page }) => {
    await page.addInitScript(() => Object.defineProperty(Navigator.prototype, 'standalone', { configurable: true, get: () => true }))
    await page.clock.install({ time: START })
    await page.clock.pauseAt(new Date(START.getTime() + 1000))
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByText('Already installed: you are using the app.')).toBeVisible()
    await expect(menu.getByRole('button', { name: /Install App/ })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await page.clock.runFor(9_000)
    await expect(banner(page)).toHaveCount(0)
  })
})

test.describe('on an Android phone without the install event', () => {
  const { defaultBrowserType: _ignored, ...pixel } = devices['Pixel 7']
  test.use({ ...pixel })

  test("shows the menu then 'Install app' steps, and Complete Install stores completed", async ({ page, context }) => {
    await context.grantPermissions(['notifications'])
    await openPaused(page, '/news')
    await page.clock.runFor(8_000)
    await banner(page).getByRole('button', { name: 'Install App' }).click()
    const dialog = page.getByRole('dialog', { name: 'Install Instructions' })
    await expect(dialog.getByText('Android (Chrome)')).toBeVisible()
    await expect(dialog.locator('[aria-current="step"]')).toContainText('Open the browser menu')
    await dialog.getByRole('button', { name: 'Next Step' }).click()
    await expect(dialog.locator('[aria-current="step"]')).toContainText("Choose 'Install app'")
    await dialog.getByRole('button', { name: 'Next Step' }).click()
    await dialog.getByRole('button', { name: 'Complete Install' }).click()
    await expect(dialog).toBeHidden()
    expect(await storedFlag(page, INSTALL_COMPLETED_KEY)).not.toBeNull()
    expect(await storedFlag(page, INSTALL_DECLINED_KEY)).toBeNull()
    await expect(banner(page)).toHaveCount(0)
  })
})

test.describe("the other specs' default (tests/e2e/fixtures.ts)", () => {
  test.use({ installBanner: 'dismissed' })

  test('keeps the banner away on home, news and trends through the product keys', async ({ page }) => {
    await openPaused(page, '/')
    expect(await storedFlag(page, bannerDismissedKey('home'))).not.toBeNull()
    expect(await storedFlag(page, bannerDismissedKey('news'))).not.toBeNull()
    expect(await storedFlag(page, bannerDismissedKey('trends'))).not.toBeNull()
    await page.clock.runFor(9_000)
    await expect(banner(page)).toHaveCount(0)
  })
})
