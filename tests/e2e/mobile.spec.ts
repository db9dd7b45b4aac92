import { expect, test } from './fixtures'
import { expectAccessible } from './utils'

// A phone on a job site: the shell must fit, and the menu must be usable with a thumb.
test('on a phone the shell fits the screen and the menu covers most of it', async ({ page }) => {
  await page.goto('/')
  await expect(page.locator('body')).toHaveClass(/\bmobile\b/)
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await page.getByRole('button', { name: 'Open menu' }).tap()
  const menu = page.getByRole('dialog', { name: 'Menu' })
  await expect(menu).toBeVisible()
  const box = (await menu.boundingBox())!
  expect(box.width).toBeGreaterThan(page.viewportSize()!.width * 0.8)
  await expectAccessible(page)
})
