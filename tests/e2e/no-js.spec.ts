import { expect, test } from './fixtures'
import { expectAccessibleWithoutJs } from './utils'

test.use({ javaScriptEnabled: false })

test.describe('with JavaScript disabled', () => {
  test('every shell page renders and passes axe', async ({ page, browser }) => {
    for (const path of ['/', '/disclosures', '/brand-demo']) {
      const response = await page.goto(path)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('banner').getByText('SC ONLY')).toBeVisible()
      await expect(page.getByRole('contentinfo').getByText('FOR SOUTH CAROLINA INSPECTORS ONLY')).toBeVisible()
      await expectAccessibleWithoutJs(browser, page)
    }
  })

  test('the menu opens as a page state, navigates, and closes', async ({ page, browser }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page).toHaveURL(/\?menu=open$/)
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu).toBeVisible()
    await expectAccessibleWithoutJs(browser, page)
    await menu.getByRole('link', { name: /Disclosures/ }).click()
    await expect(page).toHaveURL(/\/disclosures$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Disclosures' })).toBeVisible()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Close menu' }).click()
    await expect(page).toHaveURL(/\/disclosures$/)
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden()
  })

  test('the theme form stores the choice and the server renders it', async ({ page }) => {
    await page.goto('/disclosures?menu=open')
    await page.getByRole('button', { name: 'Dark' }).click()
    await expect(page).toHaveURL(/\/disclosures\?menu=open$/)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.goto('/')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('a toast from an action arrives after the redirect (flash cookie)', async ({ page }) => {
    await page.goto('/brand-demo')
    await page.getByRole('button', { name: 'Send a destructive toast' }).click()
    await expect(page).toHaveURL(/\/brand-demo$/)
    await expect(page.getByTestId('toast')).toContainText('Something needs attention')
    // Shown once: the flash cookie is cleared by the page that showed it.
    await page.reload()
    await expect(page.getByTestId('toast')).toHaveCount(0)
  })

  test('404 for an unknown path', async ({ page }) => {
    const response = await page.goto('/nowhere')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
  })
})
