import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

// The fake feed server started by playwright.config.ts (tests/helpers/fake-services.ts).
const FAKE_URL = `http://127.0.0.1:${Number(process.env.E2E_FAKE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1)}`

const EMPTY = 'No news items found for the selected category.'

/** Publishes a new item on the fake RSS feed (an OSHA-category feed in the e2e feed list). */
async function publish(request: APIRequestContext, title: string, summary = 'Published during the test.') {
  const link = `https://news.example.test/e2e/${randomUUID()}`
  const response = await request.post(`${FAKE_URL}/feeds/_items`, {
    data: { title, link, summary, date: new Date().toUTCString() },
  })
  expect(response.status()).toBe(201)
  return link
}

function cards(page: Page) {
  return page.getByRole('list', { name: 'News items' }).getByRole('article')
}

// The news list lives in the one e2e database: these run in order (the refresh test fills it for the filter tests).
test.describe.configure({ mode: 'serial' })

test.describe('news', () => {
  test('the page shows its title, categories, Refresh News, the footer and the empty state', async ({ page }) => {
    const consoleOk = failOnConsoleErrors(page)
    // No e2e feed is an engineering one, so this category is empty whatever other specs fetched
    // (an empty database renders the same state: tests/integration/news.test.ts).
    await page.goto('/news?category=engineering')
    await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible()
    const categories = page.getByRole('navigation', { name: 'News categories' })
    for (const name of ['All', 'SCDOT', 'OSHA', 'Construction', 'Engineering']) {
      await expect(categories.getByRole('link', { name, exact: true })).toBeVisible()
    }
    await expect(categories.getByRole('link', { name: 'Engineering', exact: true })).toHaveAttribute('aria-current', 'page')
    await expect(categories.getByRole('link', { name: 'All', exact: true })).not.toHaveAttribute('aria-current', 'page')
    await expect(page.getByRole('button', { name: 'Refresh News' })).toBeVisible()
    await expect(page.getByText(EMPTY)).toBeVisible()
    await expect(page.getByText(/updates automatically every 30 minutes/)).toBeVisible()
    await expectAccessible(page)
    consoleOk()
  })

  test('Refresh News fetches from the feeds and shows the new items as cards', async ({ page, request }) => {
    const consoleOk = failOnConsoleErrors(page)
    await page.goto('/news')
    const title = `Imminent danger order at test site ${randomUUID().slice(0, 8)}`
    const link = await publish(request, title)
    await page.getByRole('button', { name: 'Refresh News' }).click()

    const card = cards(page).filter({ has: page.getByRole('link', { name: new RegExp(title) }) })
    await expect(card).toHaveCount(1)
    const anchor = card.getByRole('link', { name: new RegExp(title) })
    await expect(anchor).toHaveAttribute('href', link)
    await expect(anchor).toHaveAttribute('target', '_blank')
    await expect(anchor).toHaveAttribute('rel', /noopener/)
    await expect(card.getByText('Critical', { exact: true })).toBeVisible()
    await expect(card.getByText('Fake Safety News')).toBeVisible()
    await expect(card.getByText('OSHA', { exact: true })).toBeVisible()
    await expect(card.getByText('Published during the test.')).toBeVisible()

    // The fake feeds' own items: RSS (OSHA) and Atom (construction, one naming the department).
    await expect(page.getByRole('link', { name: /OSHA announces final rule on trench protection/ })).toBeVisible()
    const rule = cards(page).filter({ hasText: 'OSHA announces final rule on trench protection' })
    await expect(rule.getByText('High', { exact: true })).toBeVisible()
    await expect(rule.getByText('The new rule takes effect next year & applies to all excavations.')).toBeVisible()
    await expect(page.getByRole('link', { name: /SCDOT opens new interchange on I-26/ })).toBeVisible()
    // One article shared by both feeds is one card.
    await expect(cards(page).filter({ hasText: /Bridge inspection programme expands/ })).toHaveCount(1)
    await expect(page.getByText(EMPTY)).toHaveCount(0)
    await expectAccessible(page)
    consoleOk()
  })

  test('the category buttons filter in the page without a request and keep the address in step', async ({ page }) => {
    const consoleOk = failOnConsoleErrors(page)
    await page.goto('/news')
    const all = await cards(page).count()
    expect(all).toBeGreaterThan(5)
    const documents: string[] = []
    page.on('request', (req) => {
      if (req.resourceType() === 'document' || req.url().includes('_data=')) documents.push(req.url())
    })
    const categories = page.getByRole('navigation', { name: 'News categories' })

    await categories.getByRole('link', { name: 'SCDOT', exact: true }).click()
    await expect(page).toHaveURL(/\/news\?category=scdot$/)
    await expect(cards(page)).toHaveCount(1)
    await expect(cards(page).first()).toContainText('SCDOT opens new interchange on I-26')
    await expect(categories.getByRole('link', { name: 'SCDOT', exact: true })).toHaveAttribute('aria-current', 'page')

    await categories.getByRole('link', { name: 'OSHA', exact: true }).click()
    await expect(page).toHaveURL(/category=osha$/)
    const osha = await cards(page).count()
    expect(osha).toBeGreaterThan(0)
    for (const category of await cards(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-category')))) {
      expect(category).toBe('osha')
    }

    await categories.getByRole('link', { name: 'Engineering', exact: true }).click()
    await expect(page.getByText(EMPTY)).toBeVisible()

    await categories.getByRole('link', { name: 'All', exact: true }).click()
    await expect(page).toHaveURL(/\/news$/)
    await expect(cards(page)).toHaveCount(all)
    expect(documents).toEqual([])

    // Loading the address of a category shows that category straight away.
    await page.goto('/news?category=construction')
    await expect(page.getByRole('navigation', { name: 'News categories' }).getByRole('link', { name: 'Construction', exact: true })).toHaveAttribute(
      'aria-current',
      'page',
    )
    await expect(cards(page).filter({ hasText: 'Resurfacing schedule published' })).toHaveCount(1)
    await expectAccessible(page)
    consoleOk()
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the category links and Refresh News work as plain links and a form post', async ({ page, request, browser }) => {
      await page.goto('/news')
      await page.getByRole('navigation', { name: 'News categories' }).getByRole('link', { name: 'SCDOT', exact: true }).click()
      await expect(page).toHaveURL(/category=scdot$/)
      await expect(cards(page)).toHaveCount(1)
      await expect(cards(page).first()).toContainText('SCDOT opens new interchange on I-26')

      await page.getByRole('navigation', { name: 'News categories' }).getByRole('link', { name: 'OSHA', exact: true }).click()
      await expect(page).toHaveURL(/category=osha$/)
      const title = `Stand-down reminder ${randomUUID().slice(0, 8)}`
      await publish(request, title)
      await expect(page.getByText(title)).toHaveCount(0)
      await page.getByRole('button', { name: 'Refresh News' }).click()
      // Back on the same category after the post, with the new item.
      await expect(page).toHaveURL(/\/news\?category=osha$/)
      await expect(cards(page).filter({ hasText: title })).toHaveCount(1)
      await expectAccessibleWithoutJs(browser, page)
    })
  })
})

/** Both fake feeds answer `status` (null heals them). Other specs fetch the feeds too: heal at once. */
async function feedsFail(request: APIRequestContext, status: number | null) {
  expect((await request.post(`${FAKE_URL}/feeds/_fail`, { data: { status } })).status()).toBe(200)
}

const UNREACHABLE = 'The news sources could not be reached, so nothing new was fetched.'

// Issue 15: Refresh News used to reload as if all went well when no feed could be reached.
test.describe('Refresh News when the feeds cannot be reached, on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('says so, and keeps the list saved earlier', async ({ page, request }) => {
    const consoleOk = failOnConsoleErrors(page)
    await page.goto('/news')
    const before = await cards(page).count()
    await feedsFail(request, 503)
    try {
      await page.getByRole('button', { name: 'Refresh News' }).tap()
      await expect(page.getByTestId('news-refresh-notice')).toContainText(UNREACHABLE)
    } finally {
      await feedsFail(request, null)
    }
    await expect(page.getByRole('alert').filter({ hasText: UNREACHABLE })).toBeVisible()
    await expect(cards(page)).toHaveCount(before)
    await expectAccessible(page)
    consoleOk()
  })

  test('says so offline without leaving the page', async ({ page, context }) => {
    await page.goto('/news')
    await expect(page.getByRole('button', { name: 'Refresh News' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    await context.setOffline(true)
    try {
      await page.getByRole('button', { name: 'Refresh News' }).tap()
      await expect(page.getByTestId('news-refresh-notice')).toContainText("You're offline, so the news cannot be refreshed now.")
      await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible()
    } finally {
      await context.setOffline(false)
    }
  })

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false })

    test('the form post answers the page with the same message', async ({ page, request, browser }) => {
      await page.goto('/news?category=osha')
      await feedsFail(request, 503)
      try {
        await page.getByRole('button', { name: 'Refresh News' }).tap()
        await expect(page.getByRole('alert')).toContainText(UNREACHABLE)
      } finally {
        await feedsFail(request, null)
      }
      await expectAccessibleWithoutJs(browser, page)
    })
  })
})
