import type { APIRequestContext, Page } from '@playwright/test'
import { expect, newMember, signUpViaApi, startGuestViaApi, test } from './fixtures'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

/**
 * The personalized dashboard (product-spec §2 'Dashboard (signed-in)', §3 'Dashboard data', §7).
 * The API tests stand alone. The home tests expect DashboardBlock and Greeting mounted on home for a
 * signed-in member (data from loadDashboard), with the disclaimer and onboarding out of the way.
 */

const API = '/api/dashboard/personalized'

const EXPECTED_TILES = [
  ['New Search', '/', false],
  ['Cheat Sheets', '/cheat-sheets', false],
  ['Field Calculations', '/field-calculations', false],
  ['Reference Documents', '/documents', false],
  ['Standard Specs', 'https://www.scdot.org/content/dam/scdot-legacy/business/pdf/2025_SCDOT_Standard_Specifications.pdf', true],
  ['Standard Drawings', 'https://www.scdot.org/business/standard-drawings.aspx', true],
  ['Technical Specs', 'https://www.scdot.org/business/engineering.aspx', true],
  ['Construction Manual', 'https://www.scdot.org/business/engineering.aspx', true],
] as const

/** A new member who has acknowledged the notice and finished onboarding, so home shows plainly. */
async function readyMember(request: APIRequestContext, firstName = 'Pat') {
  const member = await signUpViaApi(request, newMember({ firstName }))
  expect((await request.post('/api/disclaimer', { data: { acknowledged: true } })).status()).toBe(200)
  expect((await request.post('/api/onboarding', { data: { action: 'complete' } })).status()).toBe(200)
  return member
}

const dashboard = (page: Page) => page.getByTestId('dashboard')
const quickAccess = (page: Page) => page.getByTestId('quick-access')

test.describe('GET /api/dashboard/personalized', () => {
  test('401 with a message when signed out', async ({ page }) => {
    const response = await page.request.get(API)
    expect(response.status()).toBe(401)
    expect(await response.json()).toEqual({ message: 'Not signed in.' })
  })

  test('403 with a message for a guest', async ({ page }) => {
    await startGuestViaApi(page.request)
    const response = await page.request.get(API)
    expect(response.status()).toBe(403)
    expect(await response.json()).toEqual({
      message: 'The personalized dashboard is for members. Create a free account to see it.',
    })
  })

  test('a new member gets the empty dashboard, privately cacheable for 5 minutes', async ({ page }) => {
    await signUpViaApi(page.request)
    const response = await page.request.get(API)
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('private, max-age=300')
    expect(response.headers()['vary']).toMatch(/cookie/i)
    const body = await response.json()
    expect(body).toEqual({
      quickAccess: EXPECTED_TILES.map(([title, url, isExternal]) => ({
        id: expect.any(String),
        title,
        description: expect.any(String),
        icon: expect.any(String),
        url,
        isExternal,
      })),
      recentSearches: [],
      searchPatterns: { commonTopics: [] },
      expertise: { level: 'Getting Started', strongAreas: [], learningAreas: [] },
      achievements: { nextMilestone: { name: 'First Search', progress: 0, target: 1 }, recent: [] },
    })
  })
})

test.describe('dashboard on home for a new member', () => {
  // A zone other than South Carolina's: after hydration the greeting follows the browser's clock.
  test.use({ timezoneId: 'America/Los_Angeles' })

  test('greeting, count, level, quick access, empty states and the next milestone', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await readyMember(page.request)
    // 11:30 in Los Angeles, 14:30 in South Carolina: the greetings must follow the browser's own clock.
    await page.clock.setFixedTime(new Date('2026-05-04T18:30:00Z'))
    await page.goto('/')

    const welcome = page.getByTestId('dashboard-welcome')
    await expect(welcome.getByRole('heading', { level: 2 })).toHaveText('Good morning, Pat')
    await expect(welcome).toContainText('0 searches completed')
    await expect(welcome).toContainText('Getting Started Level')

    await expect(quickAccess(page).getByRole('heading', { name: 'Quick Access' })).toBeVisible()
    const tiles = quickAccess(page).getByRole('link')
    await expect(tiles).toHaveCount(EXPECTED_TILES.length)
    for (const [index, [title, url, isExternal]] of EXPECTED_TILES.entries()) {
      const tile = tiles.nth(index)
      await expect(tile).toContainText(title)
      await expect(tile).toHaveAttribute('href', url)
      if (isExternal) {
        await expect(tile).toHaveAttribute('target', '_blank')
        await expect(tile).toHaveAttribute('rel', 'noopener noreferrer')
        await expect(tile.getByTestId('external-marker')).toHaveCount(1)
        await expect(tile).toHaveAccessibleName(new RegExp(`^${title}.*\\(opens in a new tab\\)$`))
      } else {
        await expect(tile).not.toHaveAttribute('target')
        await expect(tile.getByTestId('external-marker')).toHaveCount(0)
      }
    }

    const recent = page.getByTestId('recent-activity')
    await expect(recent.getByRole('heading', { name: 'Recent Activity' })).toBeVisible()
    await expect(recent).toContainText('No recent searches')
    await expect(recent).toContainText('Start searching to see your activity here')
    await expect(recent.getByRole('link', { name: 'View All' })).toHaveCount(0)
    // No search patterns yet: no focus areas.
    await expect(page.getByRole('heading', { name: 'Your Focus Areas' })).toHaveCount(0)
    await expect(page.getByTestId('expertise-profile')).toContainText('Search a topic 3 times')

    const achievements = page.getByTestId('achievement-progress')
    await expect(achievements.getByTestId('next-milestone')).toContainText('First Search')
    await expect(achievements.getByTestId('milestone-progress')).toHaveText('0 / 1')
    await expect(achievements).toContainText('Your first achievement comes with your first search.')

    await expect(page.getByRole('heading', { name: 'Ready to Search?' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Start Your Search' })).toHaveAttribute('href', '/#search')

    // Home's own greeting: 'Good morning' from 6 to 12, the clock, the count and the level.
    const greeting = page.getByTestId('home-greeting')
    await expect(greeting).toContainText('Good morning, Pat')
    await expect(greeting.getByTestId('greeting-clock')).toHaveText('11:30 AM')
    await expect(greeting.getByTestId('greeting-search-count')).toHaveText('0 searches completed')
    await expect(greeting.getByTestId('greeting-level')).toHaveText('Getting Started Level')

    // Quick Access is in place once its entrance (2.8 s) has run; then axe.
    await expect(quickAccess(page)).toHaveCSS('opacity', '1', { timeout: 6000 })
    await expectAccessible(page)
    check()
  })

  test('late evening: home says Working late, the dashboard Good evening; the clock ticks each minute', async ({ page }) => {
    await readyMember(page.request, 'Sam')
    await page.clock.install({ time: new Date('2026-05-05T05:30:20Z') }) // 22:30:20 in Los Angeles
    await page.goto('/')
    await expect(page.getByTestId('home-greeting')).toContainText('Working late, Sam')
    await expect(page.getByTestId('dashboard-welcome').getByRole('heading', { level: 2 })).toHaveText('Good evening, Sam')
    const clock = page.getByTestId('greeting-clock')
    await expect(clock).toHaveText('10:30 PM')
    await expect(clock).toHaveAttribute('datetime', '22:30')
    await page.clock.fastForward('01:00')
    await expect(clock).toHaveText('10:31 PM')
  })

  test('the welcome card animates for 2.5 s and Quick Access appears at 2.8 s', async ({ page }) => {
    await readyMember(page.request)
    await page.goto('/')
    const welcome = page.getByTestId('dashboard-welcome')
    await expect(welcome).toHaveCSS('animation-duration', '2.5s')
    await expect(quickAccess(page)).toHaveCSS('animation-delay', '2.8s')
    await expect(quickAccess(page)).toHaveCSS('opacity', '1', { timeout: 6000 })
    await expect(welcome).toHaveCSS('opacity', '1')
  })

  test('with reduced motion nothing waits: Quick Access shows at once', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await readyMember(page.request)
    await page.goto('/')
    await expect(quickAccess(page)).toHaveCSS('animation-name', 'none')
    await expect(quickAccess(page)).toHaveCSS('opacity', '1')
    await expect(page.getByTestId('dashboard-welcome')).toHaveCSS('animation-name', 'none')
  })

  test("a guest sees neither the dashboard nor the members' greeting", async ({ page }) => {
    await startGuestViaApi(page.request)
    await page.goto('/')
    await expect(page.getByTestId('guest-banner')).toBeVisible()
    await expect(dashboard(page)).toHaveCount(0)
    await expect(page.getByTestId('home-greeting')).toHaveCount(0)
  })
})

test.describe('dashboard on home with JavaScript off', () => {
  test.use({ javaScriptEnabled: false, reducedMotion: 'reduce' })

  test('everything is rendered by the server and passes axe', async ({ page, browser }) => {
    await readyMember(page.request, 'Alex')
    await page.goto('/')
    await expect(page.getByTestId('dashboard-welcome').getByRole('heading', { level: 2 })).toHaveText(
      /^Good (morning|afternoon|evening), Alex$/,
    )
    await expect(quickAccess(page).getByRole('link')).toHaveCount(EXPECTED_TILES.length)
    await expect(quickAccess(page)).toHaveCSS('opacity', '1')
    await expect(page.getByTestId('recent-activity')).toContainText('No recent searches')
    await expect(page.getByTestId('home-greeting').getByTestId('greeting-clock')).toHaveText(/^\d\d:\d\d [AP]M$/)
    await expectAccessibleWithoutJs(browser, page)
  })

  test('without reduced motion the CSS entrance still ends with Quick Access visible', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    await readyMember(page.request)
    await page.goto('/')
    await expect(quickAccess(page)).toHaveCSS('opacity', '1', { timeout: 6000 })
    await expect(quickAccess(page).getByRole('link', { name: /Cheat Sheets/ })).toBeVisible()
  })
})
