import type { APIRequestContext, Page } from '@playwright/test'
import { expect, newMember, signUpViaApi, startGuestViaApi, test } from './fixtures'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

/**
 * Onboarding and the AI Assistance Notice (product-spec §2, §4, §5, §9), with DisclaimerGate and
 * OnboardingHost mounted for signed-in users on home and RestartTourButton in the menu's user block.
 */

const STEP_TITLES = [
  'Welcome to Specifications Only',
  'Inspector Cheat Sheets',
  'Ask in your own words',
  'Suggestions while you type',
  'Photo Analysis',
  'Form Filler',
  'Reference Documents',
  'Built for the field',
]

async function userId(request: APIRequestContext): Promise<string> {
  const response = await request.get('/api/auth/me')
  expect(response.status()).toBe(200)
  return ((await response.json()) as { user: { id: string } }).user.id
}

async function serverUser(request: APIRequestContext) {
  return ((await (await request.get('/api/auth/me')).json()) as { user: { disclaimerAcknowledged: boolean } }).user
}

async function onboardingStatus(request: APIRequestContext) {
  const response = await request.get('/api/onboarding')
  expect(response.status()).toBe(200)
  return (await response.json()) as { completed: boolean; isNew: boolean }
}

async function acknowledgeViaApi(request: APIRequestContext) {
  const response = await request.post('/api/disclaimer', { data: { acknowledged: true } })
  expect(response.status()).toBe(200)
  expect(await response.json()).toEqual({ acknowledged: true })
}

const storageValue = (page: Page, key: string) => page.evaluate((k) => window.localStorage.getItem(k), key)

const disclaimer = (page: Page) => page.getByRole('dialog', { name: 'AI Assistance Notice' })
const welcome = (page: Page) => page.getByTestId('welcome-dialog')
const tour = (page: Page) => page.getByRole('dialog', { name: /^Product tour/ })

/** Loads home and waits until the onboarding check (if any) has answered. */
async function openHome(page: Page) {
  await page.goto('/')
  await page.waitForLoadState('networkidle')
}

test.describe('AI Assistance Notice', () => {
  test('blocks a new member first, acknowledges in place, and stays acknowledged after a reload', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await signUpViaApi(page.request, newMember({ firstName: 'Riley' }))
    const id = await userId(page.request)
    await openHome(page)

    const dialog = disclaimer(page)
    await expect(dialog).toBeVisible()
    await expect(welcome(page)).toHaveCount(0)
    await expect(dialog).toContainText('will explicitly say "I don\'t know"')
    await expect(dialog.getByRole('listitem')).toHaveText([
      'AI may make mistakes: an answer can be incomplete, out of date or wrong.',
      'Always verify requirements with the official SCDOT documents.',
      'Valid only for South Carolina; it does not apply to work in other states.',
      'Consult a qualified engineer for critical decisions.',
      'It cannot replace official approval, inspection or testing.',
    ])
    const button = dialog.getByRole('button', { name: 'I Acknowledge - Continue' })
    await expect(button).toBeDisabled()
    await expectAccessible(page)

    // Blocking: neither Escape (pressed twice) nor a click outside closes it, and the page behind is inert.
    await page.keyboard.press('Escape')
    await page.keyboard.press('Escape')
    await page.mouse.click(5, 5)
    await expect(dialog).toBeVisible()
    expect(await page.evaluate(() => document.querySelector('dialog')?.matches(':modal'))).toBe(true)
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab')
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true)
    }
    await page.getByRole('button', { name: 'Open menu' }).click({ force: true })
    await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0)
    await expect(dialog).toBeVisible()

    const checkbox = dialog.getByRole('checkbox')
    await checkbox.check()
    await expect(button).toBeEnabled()
    await checkbox.uncheck()
    await expect(button).toBeDisabled()
    await checkbox.check()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/disclaimer') && r.request().method() === 'POST')
    await button.click()
    expect((await saved).status()).toBe(200)
    await expect(dialog).toBeHidden()
    expect(page.url()).toMatch(/\/$/)
    expect(await storageValue(page, `disclaimer-acknowledged:${id}`)).not.toBeNull()
    expect((await serverUser(page.request)).disclaimerAcknowledged).toBe(true)

    // Then the welcome, by first name.
    await expect(welcome(page).getByRole('heading', { name: 'Welcome, Riley!' })).toBeVisible()

    await page.reload()
    await expect(welcome(page)).toBeVisible()
    await expect(disclaimer(page)).toHaveCount(0)
    // The server alone also remembers it: a device without the local flag is not asked again.
    await page.evaluate((k) => window.localStorage.removeItem(k), `disclaimer-acknowledged:${id}`)
    await page.reload()
    await expect(welcome(page)).toBeVisible()
    await expect(disclaimer(page)).toHaveCount(0)
    expect(await storageValue(page, `disclaimer-acknowledged:${id}`)).not.toBeNull()
    check()
  })

  test('a guest acknowledges too, and is welcomed without a name (dark theme passes axe)', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }])
    await startGuestViaApi(page.request)
    await openHome(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect(disclaimer(page)).toBeVisible()
    await expectAccessible(page)
    await disclaimer(page).getByRole('checkbox').check()
    await disclaimer(page).getByRole('button', { name: 'I Acknowledge - Continue' }).click()
    await expect(disclaimer(page)).toBeHidden()
    await expect(welcome(page).getByRole('heading', { name: 'Welcome to Specifications Only!' })).toBeVisible()
    await expectAccessible(page)
    await welcome(page).getByRole('button', { name: 'Take the Tour' }).click()
    await expect(tour(page)).toBeVisible()
    await expectAccessible(page)
  })

  test.describe('with JavaScript off', () => {
    test.use({ javaScriptEnabled: false })

    test('is a real form: the checkbox is required, posting it acknowledges and comes back', async ({ page, browser }) => {
      await signUpViaApi(page.request)
      await page.goto('/')
      const dialog = disclaimer(page)
      await expect(dialog).toBeVisible()
      await expect(dialog.locator('form')).toHaveAttribute('action', '/api/disclaimer')
      await expect(dialog.locator('form')).toHaveAttribute('method', 'post')
      await expect(dialog.getByRole('checkbox')).toHaveAttribute('required', '')
      await expectAccessibleWithoutJs(browser, page)
      // The page behind cannot be used.
      await expect(page.getByRole('button', { name: 'Open menu' }).click({ timeout: 1500 })).rejects.toThrow()

      // The browser refuses to send the form without the tick.
      await dialog.getByRole('button', { name: 'I Acknowledge - Continue' }).click()
      expect(await dialog.getByRole('checkbox').evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true)
      expect((await serverUser(page.request)).disclaimerAcknowledged).toBe(false)

      await dialog.getByRole('checkbox').check()
      await dialog.getByRole('button', { name: 'I Acknowledge - Continue' }).click()
      await expect(page).toHaveURL(/\/$/)
      await expect(disclaimer(page)).toHaveCount(0)
      expect((await serverUser(page.request)).disclaimerAcknowledged).toBe(true)
      await page.reload()
      await expect(disclaimer(page)).toHaveCount(0)
    })
  })
})

test.describe('welcome and tour', () => {
  test('Take the Tour walks the 8 steps one at a time, Get Started finishes, and it does not come back', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await signUpViaApi(page.request, newMember({ firstName: 'Jordan' }))
    await acknowledgeViaApi(page.request)
    const id = await userId(page.request)
    await openHome(page)

    const greeting = welcome(page)
    await expect(greeting.getByRole('heading', { name: 'Welcome, Jordan!' })).toBeVisible()
    await expect(greeting).toContainText('You can reopen the tour any time from the profile menu')
    await expect(greeting.getByRole('button', { name: 'Take the Tour' })).toBeFocused()
    await expectAccessible(page)

    await greeting.getByRole('button', { name: 'Take the Tour' }).click()
    await expect(greeting).toBeHidden()
    const dialog = tour(page)
    await expect(dialog).toBeVisible()
    await expect(dialog.getByTestId('tour-step')).toHaveText('Step 1 of 8')
    await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1')
    await expect(dialog.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await expect(dialog.getByRole('button', { name: 'Skip Tour' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Close tour' })).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(STEP_TITLES[0]!)
    await expect(dialog).toContainText('South Carolina transportation professionals only')
    await expectAccessible(page)

    for (let step = 2; step <= 8; step++) {
      await dialog.getByRole('button', { name: 'Next' }).click()
      await expect(dialog.getByTestId('tour-step')).toHaveText(`Step ${step} of 8`)
      await expect(dialog.getByRole('progressbar')).toHaveAttribute('aria-valuenow', String(step))
      await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(STEP_TITLES[step - 1]!)
      await expect(dialog.getByRole('button', { name: 'Previous' })).toBeEnabled()
      if (step === 2) {
        await dialog.getByRole('button', { name: 'Previous' }).click()
        await expect(dialog.getByTestId('tour-step')).toHaveText('Step 1 of 8')
        await expect(dialog.getByRole('button', { name: 'Next' })).toBeFocused()
        await dialog.getByRole('button', { name: 'Next' }).click()
        await expect(dialog.getByTestId('tour-step')).toHaveText('Step 2 of 8')
      }
      if (step === 6) {
        await expect(dialog).toContainText('Saved forms are listed under My inspection forms')
        await expect(dialog).not.toContainText(/coming soon/i)
      }
    }
    await expect(dialog.getByRole('button', { name: 'Next' })).toHaveCount(0)
    const finished = page.waitForResponse((r) => r.url().endsWith('/api/onboarding') && r.request().method() === 'POST')
    await dialog.getByRole('button', { name: 'Get Started' }).click()
    expect(await (await finished).json()).toEqual({ completed: true })
    await expect(dialog).toBeHidden()
    expect(await storageValue(page, `onboarding-completed:${id}`)).not.toBeNull()
    expect((await onboardingStatus(page.request)).completed).toBe(true)

    await openHome(page)
    await expect(welcome(page)).toHaveCount(0)
    // The server flag alone keeps it away too.
    await page.evaluate((k) => window.localStorage.removeItem(k), `onboarding-completed:${id}`)
    await openHome(page)
    await expect(welcome(page)).toHaveCount(0)
    await expect(tour(page)).toHaveCount(0)
    check()
  })

  test('Skip for Now closes both and marks completed; a reset shows the welcome again', async ({ page }) => {
    await signUpViaApi(page.request)
    await acknowledgeViaApi(page.request)
    const id = await userId(page.request)
    await openHome(page)
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/onboarding') && r.request().method() === 'POST')
    await welcome(page).getByRole('button', { name: 'Skip for Now' }).click()
    expect(await (await saved).json()).toEqual({ completed: true })
    await expect(welcome(page)).toBeHidden()
    await page.waitForTimeout(500) // longer than the welcome's 300 ms closing delay
    await expect(tour(page)).toHaveCount(0)
    expect(await storageValue(page, `onboarding-completed:${id}`)).not.toBeNull()
    await openHome(page)
    await expect(welcome(page)).toHaveCount(0)

    const reset = await page.request.post('/api/onboarding', { data: { action: 'reset' } })
    expect(await reset.json()).toEqual({ completed: false })
    await page.evaluate((k) => window.localStorage.removeItem(k), `onboarding-completed:${id}`)
    await openHome(page)
    await expect(welcome(page)).toBeVisible()
  })

  test('Escape and the close button close the tour and mark it completed; the close button has a tooltip', async ({ page }) => {
    await signUpViaApi(page.request)
    await acknowledgeViaApi(page.request)
    await openHome(page)
    await welcome(page).getByRole('button', { name: 'Take the Tour' }).click()
    await expect(tour(page)).toBeVisible()
    await expect(tour(page).getByRole('button', { name: 'Next' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(tour(page)).toBeHidden()
    await expect.poll(async () => (await onboardingStatus(page.request)).completed).toBe(true)

    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await menu.getByRole('button', { name: 'Restart Tour' }).click()
    await expect(tour(page).getByTestId('tour-step')).toHaveText('Step 1 of 8')
    await expect.poll(async () => (await onboardingStatus(page.request)).completed).toBe(false)
    await tour(page).getByRole('button', { name: 'Next' }).click()
    await expect(tour(page).getByTestId('tour-step')).toHaveText('Step 2 of 8')

    const close = tour(page).getByRole('button', { name: 'Close tour' })
    await close.hover()
    await expect(page.getByRole('tooltip')).toHaveText('Close tour')
    await close.click()
    await expect(tour(page)).toBeHidden()
    await expect.poll(async () => (await onboardingStatus(page.request)).completed).toBe(true)
  })

  test('an account older than 5 minutes is not welcomed', async ({ page }) => {
    await signUpViaApi(page.request)
    await acknowledgeViaApi(page.request)
    await page.clock.install({ time: Date.now() + 5 * 60 * 1000 + 1000 })
    await openHome(page)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(welcome(page)).toHaveCount(0)
  })
})

test.describe('onboarding and disclaimer endpoints', () => {
  test('answer 401 signed out, 400 for a bad body, 403 cross-origin', async ({ page, request }) => {
    expect((await request.get('/api/onboarding')).status()).toBe(401)
    expect((await request.post('/api/onboarding', { data: { action: 'complete' } })).status()).toBe(401)
    expect((await request.post('/api/disclaimer', { data: { acknowledged: true } })).status()).toBe(401)

    await signUpViaApi(page.request)
    const api = page.request
    expect((await api.post('/api/onboarding', { data: { action: 'finish' } })).status()).toBe(400)
    expect((await api.post('/api/onboarding', { data: {} })).status()).toBe(400)
    expect((await api.post('/api/disclaimer', { data: { acknowledged: false } })).status()).toBe(400)
    expect((await api.post('/api/disclaimer', { form: { redirectTo: '/' } })).status()).toBe(400)
    expect(
      (await api.post('/api/disclaimer', { data: { acknowledged: true }, headers: { Origin: 'https://elsewhere.example' } })).status(),
    ).toBe(403)
    expect((await serverUser(api)).disclaimerAcknowledged).toBe(false)

    const status = await onboardingStatus(api)
    expect(status).toEqual({ completed: false, isNew: true })
    expect(await (await api.post('/api/onboarding', { data: { action: 'complete' } })).json()).toEqual({ completed: true })
    expect((await onboardingStatus(api)).completed).toBe(true)
  })

  test('the forms go back to the local page they came from, never elsewhere', async ({ page }) => {
    await signUpViaApi(page.request)
    const api = page.request
    const ack = await api.post('/api/disclaimer', { form: { acknowledge: 'yes', redirectTo: '/disclosures' }, maxRedirects: 0 })
    expect(ack.status()).toBe(303)
    expect(ack.headers().location).toBe('/disclosures')
    expect((await serverUser(api)).disclaimerAcknowledged).toBe(true)
    const done = await api.post('/api/onboarding', { form: { action: 'complete', redirectTo: '//evil.example/' }, maxRedirects: 0 })
    expect(done.status()).toBe(303)
    expect(done.headers().location).toBe('/')
  })
})
