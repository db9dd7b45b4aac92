import { expect, test, newMember, onboardViaApi, signUpViaApi, startGuestViaApi, type Page } from './fixtures'
import { expectAccessible, failOnConsoleErrors } from './utils'

// The side menu's push notification card (product-spec §2, §4 Notification permission, §7, §8).

async function openMenu(page: Page) {
  await page.getByRole('button', { name: 'Open menu' }).click()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  return menu.getByTestId('notification-card')
}

// Headless Chromium has no push service: subscribing fails with this browser message, which the app only
// logs (§8: a subscription failure is only logged). Anything else on the console fails the test.
const NO_PUSH_SERVICE = [/does not support the Push API/, /push service/i]

const toast = (page: Page) => page.getByTestId('toast').filter({ visible: true })

async function signInMember(page: Page) {
  await signUpViaApi(page.request, newMember())
  await onboardViaApi(page.request)
}

test.describe('notification settings card', () => {
  // Several axe runs per test on a shared, loaded machine.
  test.slow()

  test('a member enables notifications, toggles topics, sends tests; axe passes', async ({ page, context, baseURL }) => {
    const check = failOnConsoleErrors(page, NO_PUSH_SERVICE)
    await context.grantPermissions(['notifications'], { origin: baseURL })
    await signInMember(page)
    await page.goto('/')
    // The app registers its service worker; the test push goes through it.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined))
    const card = await openMenu(page)
    await expect(card.getByRole('heading', { name: 'Push Notifications' })).toBeVisible()
    await expectAccessible(page)

    // Permission is already granted in this context, so the card shows the toggles, all off (§3 default).
    const news = card.getByRole('switch', { name: 'Construction News' })
    const trends = card.getByRole('switch', { name: 'Industry Trends' })
    const announcements = card.getByRole('switch', { name: 'Important Announcements' })
    for (const toggle of [news, trends, announcements]) await expect(toggle).toHaveAttribute('aria-checked', 'false')
    const testNews = card.getByRole('button', { name: 'Send a test construction news notification' })
    await expect(testNews).toBeDisabled()

    // Turning one on: its toast, its test button enabled, the setting stored.
    await news.click()
    await expect(news).toHaveAttribute('aria-checked', 'true')
    await expect(toast(page)).toContainText('Notifications Enabled')
    await expect(toast(page)).toContainText("You'll receive construction news notifications")
    await expect(testNews).toBeEnabled()
    expect(await page.evaluate(() => localStorage.getItem('notification-settings'))).toBe('{"news":true,"trends":false,"announcements":false}')

    await news.click()
    await expect(news).toHaveAttribute('aria-checked', 'false')
    await expect(toast(page)).toContainText('Notifications Disabled')
    await expect(toast(page)).toContainText("You won't receive construction news notifications")
    await expect(testNews).toBeDisabled()

    await trends.click()
    await expect(toast(page)).toContainText("You'll receive industry trends notifications")
    const testTrends = card.getByRole('button', { name: 'Send a test industry trends notification' })
    await testTrends.click()
    await expect(toast(page)).toContainText('Test Notification Sent')
    // The worker showed it (locally: headless Chromium has no real push service to subscribe with).
    await expect
      .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => [n.title, n.data?.url])))
      .toContainEqual(['Industry Trends', '/trends'])
    await expect(announcements).toHaveAttribute('aria-checked', 'false')
    await expectAccessible(page)
    check()
  })

  test('permission undecided: Enable Notifications turns all three on with the §8 toast', async ({ page }) => {
    const check = failOnConsoleErrors(page, NO_PUSH_SERVICE)
    await page.addInitScript(() => {
      let permission: NotificationPermission = 'default'
      Object.defineProperty(Notification, 'permission', { get: () => permission })
      Notification.requestPermission = async () => (permission = 'granted')
    })
    await signInMember(page)
    await page.goto('/')
    const card = await openMenu(page)
    const enable = card.getByRole('button', { name: 'Enable Notifications' })
    await expect(enable).toBeVisible()
    await expectAccessible(page)
    await enable.click()
    await expect(toast(page)).toContainText('Notifications Enabled')
    await expect(toast(page)).toContainText("You'll receive updates about news and trends")
    for (const name of ['Construction News', 'Industry Trends', 'Important Announcements']) {
      await expect(card.getByRole('switch', { name })).toHaveAttribute('aria-checked', 'true')
    }
    check()
  })

  test('permission refused: Notifications Blocked with guidance', async ({ page }) => {
    await page.addInitScript(() => {
      let permission: NotificationPermission = 'default'
      Object.defineProperty(Notification, 'permission', { get: () => permission })
      Notification.requestPermission = async () => (permission = 'denied')
    })
    await signInMember(page)
    await page.goto('/')
    const card = await openMenu(page)
    await card.getByRole('button', { name: 'Enable Notifications' }).click()
    await expect(toast(page)).toContainText('Notifications Blocked')
    await expect(card.getByText('Notifications Blocked')).toBeVisible()
    await expect(card.getByText('Enable notifications in your browser settings to receive updates')).toBeVisible()
    await expect(card.getByRole('switch')).toHaveCount(0)
    await expectAccessible(page)
  })

  test('a browser without notifications: Notifications Not Supported', async ({ page }) => {
    await page.addInitScript(() => {
      delete (window as { Notification?: unknown }).Notification
    })
    await signInMember(page)
    await page.goto('/')
    const card = await openMenu(page)
    await expect(card.getByText('Notifications Not Supported')).toBeVisible()
    await expect(card.getByText("Your browser doesn't support push notifications")).toBeVisible()
    await expectAccessible(page)
  })

  test('without a service worker the test is a plain browser notification', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['notifications'], { origin: baseURL })
    await page.addInitScript(() => {
      localStorage.setItem('notification-settings', '{"news":false,"trends":false,"announcements":true}')
      navigator.serviceWorker.register = () => new Promise(() => {})
      navigator.serviceWorker.getRegistration = async () => undefined
    })
    await signInMember(page)
    await page.goto('/')
    const card = await openMenu(page)
    await card.getByRole('button', { name: 'Send a test important announcements notification' }).click()
    await expect(toast(page)).toContainText('Browser Notification Sent')
  })

  test('guests are told notifications are for members, with a sign-up link', async ({ page }) => {
    await startGuestViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/')
    const card = await openMenu(page)
    await expect(card.getByText('News and update notifications are for members.')).toBeVisible()
    await expect(card.getByRole('link', { name: 'Sign up to get notifications' })).toHaveAttribute('href', '/auth')
    await expect(card.getByRole('switch')).toHaveCount(0)
    await expectAccessible(page)
  })
})
