import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

// The fake feed server started by playwright.config.ts (tests/helpers/fake-services.ts).
const FAKE_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1)}`

/** Safety news through the app's own path: the fake RSS feed, then POST /api/news/update. */
async function seedSafetyNews(request: APIRequestContext, count: number): Promise<string[]> {
  const titles: string[] = []
  for (let i = 0; i < count; i++) {
    const title = `OSHA trench safety citation ${randomUUID().slice(0, 8)}`
    const response = await request.post(`${FAKE_URL}/feeds/_items`, {
      data: { title, link: `https://news.example.test/trends/${randomUUID()}`, summary: 'Excavation hazard found on a road job.', date: new Date().toUTCString() },
    })
    expect(response.status()).toBe(201)
    titles.push(title)
  }
  expect((await request.post('/api/news/update')).ok()).toBe(true)
  return titles
}

function cards(page: Page) {
  return page.getByTestId('insight-card')
}

// One e2e database: the empty state first, then the generated insights.
test.describe.configure({ mode: 'serial' })

test.describe('trend insights', () => {
  test('before any insight: title, labelled controls and the empty state', async ({ page }) => {
    const consoleOk = failOnConsoleErrors(page)
    await page.goto('/trends')
    await expect(page.getByRole('heading', { level: 1, name: 'Industry Trend Insights' })).toBeVisible()
    const category = page.getByLabel('Category')
    await expect(category).toHaveValue('all')
    await expect(category.locator('option')).toHaveCount(9)
    await expect(page.getByLabel('Period')).toHaveValue('2024-2025')
    await expect(page.getByRole('button', { name: 'Generate Insight' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Generate First Insight' })).toBeVisible()
    await expectAccessible(page)
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: /Industry Trends/ })).toHaveAttribute('href', '/trends')
    await page.keyboard.press('Escape')
    consoleOk()
  })

  test('generates from real news, shows cards, one expanded at a time, truncated when collapsed', async ({ page, request }) => {
    const consoleOk = failOnConsoleErrors(page)
    const titles = await seedSafetyNews(request, 3)
    await page.goto('/trends')

    // First insight from the empty state: Asphalt Technology in 2024-2025 has no data.
    await page.getByLabel('Category').selectOption('Asphalt Technology')
    await page.getByRole('button', { name: 'Generate First Insight' }).click()
    await expect(page.getByText('Insight Generated', { exact: true }).first()).toBeVisible()
    await expect(page.getByText('New industry trend insight has been generated successfully.').first()).toBeVisible()
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page).first()).toContainText('Not enough data in this period to identify a trend.')

    // Second: Construction Safety over the last 30 days, from the news just fetched.
    await page.getByLabel('Category').selectOption('Construction Safety')
    await expect(cards(page)).toHaveCount(0)
    await page.getByLabel('Period').selectOption('last-30-days')
    await page.getByRole('button', { name: 'Generate Insight' }).click()
    const safety = cards(page).filter({ hasText: 'Construction Safety trends, the last 30 days' })
    await expect(safety).toHaveCount(1)
    await expect(safety.getByText('News articles', { exact: true })).toBeVisible()
    await expect(safety.getByText(/Written by: Template/)).toBeVisible()

    // Back to all categories: both cards, newest first.
    await page.getByLabel('Category').selectOption('all')
    await expect(cards(page)).toHaveCount(2)
    const [first, second] = [cards(page).nth(0), cards(page).nth(1)]
    await expect(first).toContainText('Construction Safety')

    // The new insight opens; its text (longer than 200 characters) is whole while open, cut with an ellipsis when closed.
    const text = first.getByTestId('insight-text')
    const firstToggle = first.getByRole('button', { name: /Show less|Show details/ })
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'true')
    const full = (await text.textContent()) ?? ''
    expect(full.length).toBeGreaterThan(200)
    await expect(first.getByRole('heading', { name: 'Actionable Recommendations' })).toBeVisible()
    await expect(first.getByRole('heading', { name: 'Related Specifications' })).toBeVisible()
    const sources = first.getByRole('region', { name: 'Source articles' })
    for (const title of titles) await expect(sources.getByRole('link', { name: new RegExp(title) })).toHaveAttribute('target', '_blank')

    await firstToggle.click()
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'false')
    await expect(first.getByRole('heading', { name: 'Source Articles' })).toBeHidden()
    const preview = (await text.textContent()) ?? ''
    expect(preview.endsWith('…')).toBe(true)
    expect(preview.length).toBeLessThanOrEqual(201)
    expect(full.startsWith(preview.slice(0, -1))).toBe(true)

    await firstToggle.click()
    await expect(firstToggle).toHaveAttribute('aria-expanded', 'true')
    await second.getByRole('button', { name: /Show details/ }).click()
    await expect(second.getByRole('button', { name: /Show less/ })).toHaveAttribute('aria-expanded', 'true')
    await expect(first.getByRole('button', { name: /Show details/ })).toHaveAttribute('aria-expanded', 'false')
    expect((await text.textContent())?.endsWith('…')).toBe(true)

    await expectAccessible(page)
    consoleOk()
  })

  test.describe('failures', () => {
    // page.route does not see requests that a service worker forwards: keep the worker out of this test.
    test.use({ serviceWorkers: 'block' })

    test('loading, a failed load with Retry, and a failed generation', async ({ page }) => {
      const consoleOk = failOnConsoleErrors(page, [/Failed to load resource/])
      await page.goto('/trends')
      await expect(cards(page)).toHaveCount(2)

      const isList = (url: URL) => url.pathname === '/api/trend-insights'
      let attempts = 0
      await page.route(isList, (route) => {
        attempts += 1
        return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' })
      })
      await page.getByLabel('Category').selectOption('Bridge Inspection')
      await expect(page.getByText('Failed to load trend insights')).toBeVisible()
      expect(attempts).toBe(3)
      await page.unroute(isList)
      await page.getByRole('button', { name: 'Retry' }).click()
      await expect(page.getByRole('button', { name: 'Generate First Insight' })).toBeVisible()

      await page.route('**/api/trend-insights/all', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800))
        await route.continue()
      })
      await page.getByLabel('Category').selectOption('all')
      await expect(page.getByTestId('insights-loading')).toBeVisible()
      await expect(cards(page)).toHaveCount(2)

      const message = 'Too many insights generated from this address. Please wait and try again later.'
      await page.route('**/api/trend-insights/generate', (route) =>
        route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ message }) }),
      )
      await page.getByRole('button', { name: 'Generate Insight' }).click()
      await expect(page.getByText('Generation Failed', { exact: true }).first()).toBeVisible()
      await expect(page.getByText(message).first()).toBeVisible()
      await expect(cards(page)).toHaveCount(2)
      consoleOk()
    })
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the form generates an insight and opens its card', async ({ page, browser }) => {
      await page.goto('/trends')
      await expect(cards(page)).toHaveCount(2)
      await page.getByLabel('Category').selectOption('Traffic Control')
      await page.getByRole('button', { name: 'Generate Insight' }).click()
      await expect(page).toHaveURL(/\/trends\?category=Traffic\+Control&open=/)
      const card = cards(page).filter({ hasText: 'Traffic Control trends, 2024-2025' })
      await expect(card).toHaveCount(1)
      await expect(card).toHaveAttribute('data-expanded', 'true')
      await expect(card.getByRole('heading', { name: 'Source Articles' })).toBeVisible()
      await card.getByRole('link', { name: /Show less/ }).click()
      await expect(card).toHaveAttribute('data-expanded', 'false')
      await expectAccessibleWithoutJs(browser, page)
    })
  })
})
