import { expect, test } from './fixtures'
import { expectAccessible, failOnConsoleErrors } from './utils'

const PAGES = ['/', '/disclosures', '/brand-demo']

test.describe('app shell with JavaScript', () => {
  test('renders header, badge, footer and passes axe on every page', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    for (const path of PAGES) {
      await page.goto(path)
      const header = page.getByRole('banner')
      await expect(header.getByText('Specifications Only', { exact: true })).toBeVisible()
      await expect(header.getByText('SC ONLY')).toBeVisible()
      const footer = page.getByRole('contentinfo')
      await expect(footer.getByText('FOR SOUTH CAROLINA INSPECTORS ONLY')).toBeVisible()
      await expect(footer.getByText('Independent third-party tool')).toBeVisible()
      await expect(footer.getByText(/Not affiliated with/)).toBeVisible()
      await expectAccessible(page)
    }
    check()
  })

  test('the menu opens from the right, lists its links, traps focus and closes on Escape', async ({ page }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const trigger = page.getByRole('button', { name: 'Open menu' })
    await trigger.click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    const box = await menu.boundingBox()
    const viewport = page.viewportSize()!
    expect(Math.round(box!.x + box!.width)).toBe(viewport.width)
    await expect(menu.getByText('South Carolina specifications only - Not applicable for other states')).toBeVisible()
    await expect(menu.getByRole('link', { name: /Home/ })).toHaveAttribute('href', '/')
    await expect(menu.getByRole('link', { name: /Disclosures/ })).toHaveAttribute('href', '/disclosures')
    await expect(menu.getByRole('link', { name: /Form Filler/ })).toHaveAttribute('href', '/ar-inspection')
    await expect(menu.getByText('Coming Soon')).toHaveCount(0)
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeFocused()
    await expectAccessible(page)
    // Tab never leaves the open menu.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press('Tab')
      expect(await menu.evaluate((el) => el.contains(document.activeElement))).toBe(true)
    }
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(trigger).toBeFocused()
    // A link navigates and closes the menu.
    await trigger.click()
    await menu.getByRole('link', { name: /Disclosures/ }).click()
    await expect(page).toHaveURL(/\/disclosures$/)
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  })

  test('the theme persists across a reload, rendered by the server before any script', async ({ page, context }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    const events: unknown[] = []
    await page.exposeFunction('recordThemeEvent', (detail: unknown) => events.push(detail))
    await page.evaluate(() =>
      window.addEventListener('theme-change', (e) => (window as unknown as { recordThemeEvent: (d: unknown) => void }).recordThemeEvent((e as CustomEvent).detail)),
    )
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Dark' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expect.poll(() => events.length).toBe(1)
    expect(events[0]).toMatchObject({ theme: 'dark', resolved: 'dark', timestamp: expect.any(Number) })
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark')
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).toBe('dark')

    // The HTML itself carries the theme, so the first paint is dark with no flash.
    const html = await (await page.request.get('/')).text()
    expect(html).toContain('data-theme="dark"')
    // Check the background in the very first frame, before scripts run.
    await page.route('**/*.js', (route) => route.abort())
    await page.reload()
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
    expect(background).toBe('rgb(11, 17, 32)')
    await page.unroute('**/*.js')
  })

  test('system mode follows the operating system', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' })
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'System' }).click()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
    const bg = () => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
    expect(await bg()).toBe('rgb(248, 250, 252)')
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(bg).toBe('rgb(11, 17, 32)')
    await page.reload()
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'system')
    expect(await bg()).toBe('rgb(11, 17, 32)')
  })

  test('the body gets its device class from the viewport width', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/')
    await expect(page.locator('body')).toHaveClass(/\bdesktop\b/)
    await page.setViewportSize({ width: 700, height: 800 })
    await expect(page.locator('body')).toHaveClass(/\btablet\b/)
    await page.setViewportSize({ width: 375, height: 800 })
    await expect(page.locator('body')).toHaveClass(/\bmobile\b/)
    await expect(page.locator('body')).not.toHaveClass(/\bdesktop\b/)
  })

  test('an unknown path shows the 404 screen with status 404', async ({ page }) => {
    const response = await page.goto('/this/does/not/exist')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
    await expect(page.getByText(/at .+\.js:\d+/)).toHaveCount(0)
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Back to Home' }).click()
    await expect(page).toHaveURL(/\/$/)
  })

  test('disclosures hold every section', async ({ page }) => {
    await page.goto('/disclosures')
    await expect(page.getByRole('heading', { level: 1, name: 'Disclosures' })).toBeVisible()
    for (const heading of ['AI disclosures', 'Data and privacy', 'Usage guidelines', 'Contact and updates']) {
      await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible()
    }
    for (const heading of [
      'Content notice',
      'Accuracy',
      'No professional advice',
      'Limitation of liability',
      'Sources',
      'Queries may be logged',
      'Third-party AI provider',
      'Appropriate use',
      'Inappropriate use',
      'Contact',
      'Updates',
    ]) {
      await expect(page.getByRole('heading', { level: 3, name: heading, exact: true })).toBeVisible()
    }
    await expect(page.getByText(/I don't know/)).toBeVisible()
  })

  test('the brand page shows the colours and falls back to the light logo', async ({ page }) => {
    await page.route('**/logo-dark.svg', (route) => route.fulfill({ status: 404, body: '' }))
    await page.goto('/brand-demo')
    for (const name of ['Deep blue', 'Indigo blue', 'Neutral gray', 'Dark background']) {
      await expect(page.getByText(name, { exact: true })).toBeVisible()
    }
    await expect(page.getByRole('img', { name: /logo on dark/ })).toHaveAttribute('src', '/logo-light.svg')
  })

  test('offline and connection-restored banners follow the browser', async ({ page, context }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    await expect(page.getByText("You're offline - Limited functionality available")).toBeVisible()
    await context.setOffline(false)
    const restored = page.getByText('Connection restored - Specifications Only is back online')
    await expect(restored).toBeVisible()
    await expect(page.getByText("You're offline - Limited functionality available")).toBeHidden()
    // It goes away by itself after 3 s.
    await expect(restored).toBeHidden({ timeout: 5000 })
  })

  test('a toast set by an action arrives after the redirect and can be swiped away', async ({ page }) => {
    await page.goto('/brand-demo')
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Send a test toast' }).click()
    const toast = page.getByTestId('toast').filter({ hasText: 'Toast delivered' })
    await expect(toast).toBeVisible()
    await expect(page.getByTestId('toast')).toHaveCount(1)
    const box = (await toast.boundingBox())!
    await page.mouse.move(box.x + 20, box.y + box.height / 2)
    await page.mouse.down()
    await page.mouse.move(box.x + 60, box.y + box.height / 2, { steps: 5 })
    await page.mouse.move(box.x + 120, box.y + box.height / 2, { steps: 5 })
    await page.mouse.up()
    await expect(toast).toBeHidden()
  })

  test('the three-dot loader renders with an accessible label', async ({ page }) => {
    await page.goto('/brand-demo')
    await expect(page.getByRole('status').filter({ hasText: 'Loader example' })).toBeAttached()
  })
})
