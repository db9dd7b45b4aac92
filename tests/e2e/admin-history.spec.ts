import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import type { APIRequestContext, Browser, Page } from '@playwright/test'
import { expect, newMember, onboardViaApi, signUpViaApi, test, type NewMember } from './fixtures'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

/**
 * /admin/emails (+ CSV), /history and /favourites (+ POST /api/favourites).
 * The e2e server runs with ADMIN_EMAILS=admin@example.test: signing up with that address makes the
 * first administrator (the same bootstrap production uses), and later tests sign in to it.
 */
const ADMIN: NewMember = { firstName: 'Ada', lastName: 'Admin', email: 'admin@example.test', password: 'admin-pass-1' }

async function signInAsAdmin(request: APIRequestContext) {
  const signUp = await request.post('/api/auth/signup', { data: ADMIN })
  let response = signUp
  if (signUp.status() === 409) {
    response = await request.post('/api/auth/signin', { data: { email: ADMIN.email, password: ADMIN.password } })
  }
  expect(response.status(), await response.text()).toBe(200)
  const body = (await response.json()) as { user: { isAdmin: boolean } }
  expect(body.user.isAdmin, 'the e2e server must run with ADMIN_EMAILS=admin@example.test').toBe(true)
  await onboardViaApi(request)
}

interface Member extends NewMember {
  newsEmailOptIn: boolean
  createdAt: string
}

/** Members made in their own request context (so the page keeps its own session). */
async function createMembers(browser: Browser, baseURL: string, tag: string): Promise<Member[]> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { 'x-forwarded-for': '198.19.255.1' } })
  try {
    const specs = [
      { firstName: 'Olive', lastName: `Optin${tag}`, newsEmailOptIn: true },
      { firstName: 'Nate', lastName: `Noway${tag}`, newsEmailOptIn: false },
      { firstName: '=Eve', lastName: `Formula${tag}, PE`, newsEmailOptIn: true },
    ]
    const members: Member[] = []
    for (const { newsEmailOptIn, ...names } of specs) {
      const member = newMember({ ...names, email: `${names.firstName.replace('=', '').toLowerCase()}.${tag}@example.com` })
      const response = await context.request.post('/api/auth/signup', { data: { ...member, newsEmailOptIn } })
      expect(response.status(), await response.text()).toBe(200)
      const body = (await response.json()) as { user: { createdAt: string } }
      members.push({ ...member, newsEmailOptIn, createdAt: body.user.createdAt })
    }
    return members
  } finally {
    await context.close()
  }
}

const shortDate = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso))

async function expectMemberRows(page: Page, members: Member[]) {
  const rows = page.getByRole('region', { name: 'Members' }).locator('tbody tr')
  await expect(rows).toHaveCount(members.length)
  for (const [i, member] of members.entries()) {
    await expect(rows.nth(i).locator('td')).toHaveText([
      member.email,
      `${member.firstName} ${member.lastName}`,
      shortDate(member.createdAt),
      member.newsEmailOptIn ? 'Opted in' : 'No',
    ])
  }
}

function csvLine(member: Member) {
  const field = (value: string) => {
    const guarded = /^[=+\-@]/.test(value) ? `'${value}` : value
    return /[",]/.test(guarded) ? `"${guarded.replace(/"/g, '""')}"` : guarded
  }
  return [member.email, member.firstName, member.lastName, member.createdAt, String(member.newsEmailOptIn)].map(field).join(',')
}

test.describe('admin email manager', () => {
  test('signed-out visitors are sent to sign in; members get 403 on the page and the CSV', async ({ page }) => {
    await page.goto('/admin/emails')
    await expect(page).toHaveURL(/\/auth\?tab=signin$/)
    expect((await page.request.get('/admin/emails.csv')).status()).toBe(401)

    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    const response = await page.goto('/admin/emails')
    expect(response?.status()).toBe(403)
    await expect(page.getByRole('heading', { level: 1, name: 'Request refused' })).toBeVisible()
    await expect(page.getByText('Administrators only.')).toBeVisible()
    const csv = await page.request.get('/admin/emails.csv')
    expect(csv.status()).toBe(403)
    expect(await csv.json()).toEqual({ message: 'Administrators only.' })
    await expectAccessible(page)
  })

  test('an admin lists members with their opt-in state, filters them and downloads the same list', async ({ page, browser, baseURL }) => {
    const check = failOnConsoleErrors(page)
    const tag = randomUUID().slice(0, 8)
    const [olive, nate, eve] = await createMembers(browser, baseURL!, tag)
    await signInAsAdmin(page.request)

    await page.goto('/admin/emails')
    await expect(page.getByRole('heading', { level: 1, name: 'Email manager' })).toBeVisible()
    await expect(page.getByTestId('member-counts')).toHaveText(/^\d+ members, \d+ opted in$/)
    await expectAccessible(page)

    await page.getByLabel('Search by email or name').fill(tag.toUpperCase())
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`/admin/emails\\?q=${tag.toUpperCase()}$`))
    await expect(page.getByTestId('member-counts')).toHaveText('3 members, 2 opted in')
    await expectMemberRows(page, [eve!, nate!, olive!])

    await page.getByLabel('Opted in only').check()
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=${tag.toUpperCase()}&optedIn=1$`))
    await expect(page.getByTestId('member-counts')).toHaveText('2 members, 2 opted in')
    await expectMemberRows(page, [eve!, olive!])

    const link = page.getByRole('link', { name: 'Download CSV' })
    await expect(link).toHaveAttribute('href', `/admin/emails.csv?q=${tag.toUpperCase()}&optedIn=1`)
    const downloading = page.waitForEvent('download')
    await link.click()
    const download = await downloading
    expect(download.suggestedFilename()).toBe('members.csv')
    const content = fs.readFileSync((await download.path())!, 'utf8')
    expect(content).toBe(['email,first_name,last_name,signed_up,news_opt_in', csvLine(eve!), csvLine(olive!), ''].join('\r\n'))
    // The formula guard really applied: Eve's first name is exported as text.
    expect(content).toContain(`,'=Eve,"Formula${tag}, PE",`)

    const all = await page.request.get(`/admin/emails.csv?q=${tag}`)
    expect(all.headers()['content-type']).toBe('text/csv; charset=utf-8')
    expect(all.headers()['content-disposition']).toBe('attachment; filename="members.csv"')
    expect((await all.text()).split('\r\n')).toEqual([
      'email,first_name,last_name,signed_up,news_opt_in',
      csvLine(eve!),
      csvLine(nate!),
      csvLine(olive!),
      '',
    ])

    await page.getByRole('link', { name: 'Clear filters' }).click()
    await expect(page).toHaveURL(/\/admin\/emails$/)
    await expect(page.getByLabel('Search by email or name')).toHaveValue('')
    check()
  })
})

test.describe('admin email manager without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the search form filters on the server', async ({ page, browser, baseURL }) => {
    const tag = randomUUID().slice(0, 8)
    const [olive, nate] = await createMembers(browser, baseURL!, tag)
    await signInAsAdmin(page.request)
    await page.goto('/admin/emails')
    await page.getByLabel('Search by email or name').fill(`${olive!.firstName.toLowerCase()}.${tag}`)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page).toHaveURL(new RegExp(`\\?q=olive.${tag}$`))
    await expect(page.getByTestId('member-counts')).toHaveText('1 member, 1 opted in')
    await expectMemberRows(page, [olive!])
    await expectAccessibleWithoutJs(browser, page)

    await page.getByLabel('Search by email or name').fill(`Nate Noway${tag}`)
    await page.getByRole('button', { name: 'Search' }).click()
    await expect(page.getByTestId('member-counts')).toHaveText('1 member, 0 opted in')
    await expectMemberRows(page, [nate!])
  })
})

test.describe('search history', () => {
  test('signed-out visitors are sent to sign in', async ({ page }) => {
    for (const path of ['/history', '/history/some-id', '/favourites']) {
      await page.goto(path)
      await expect(page).toHaveURL(/\/auth\?tab=signin$/)
    }
  })

  test('a new member has an empty history, and an unknown search is a 404', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/history')
    await expect(page.getByRole('heading', { level: 1, name: 'Search history' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 2, name: 'No searches yet' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Start searching' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('navigation', { name: 'History pages' })).toHaveCount(0)
    await expectAccessible(page)
    check()

    const response = await page.goto(`/history/${randomUUID()}`)
    expect(response?.status()).toBe(404)
  })

  test('lists, opens and deletes a search', async ({ page }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    const query = `asphalt compaction ${randomUUID().slice(0, 6)}`
    const search = await page.request.post('/api/search', { data: { query, specBook: 'both', userRole: 'inspector' } })
    expect(search.status(), await search.text()).toBe(200)

    await page.goto('/history')
    await expect(page.getByText('1 search, newest first.')).toBeVisible()
    await expect(page.getByRole('list', { name: 'Searches' }).getByRole('listitem')).toHaveCount(1)
    await page.getByRole('link', { name: `Open ${query}` }).click()
    await expect(page).toHaveURL(/\/history\/[^/]+$/)
    await expect(page.getByRole('heading', { level: 1, name: query })).toBeVisible()
    await expect(page.getByText('Always verify requirements against the official SCDOT documents before acting on them.')).toBeVisible()
    await expectAccessible(page)

    // FavouriteButton, in place.
    await page.getByRole('button', { name: `Save to favourites: ${query}` }).click()
    await expect(page.getByRole('button', { name: `Saved in favourites: ${query}` })).toBeVisible()
    await expect(page.getByTestId('toast')).toContainText('Saved to favourites')
    const listed = (await (await page.request.get('/api/favourites')).json()) as { favourites: { kind: string; title: string }[] }
    expect(listed.favourites).toMatchObject([{ kind: 'answer', title: query }])

    await page.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page).toHaveURL(/\/history$/)
    await expect(page.getByTestId('toast')).toContainText('Search deleted')
    await expect(page.getByRole('heading', { level: 2, name: 'No searches yet' })).toBeVisible()
  })
})

test.describe('search history without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('opens a search, saves it with the Save form and deletes it', async ({ page, browser }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    const query = `concrete testing ${randomUUID().slice(0, 6)}`
    const search = await page.request.post('/api/search', { data: { query, specBook: 'both', userRole: 'inspector' } })
    expect(search.status(), await search.text()).toBe(200)

    await page.goto('/history')
    await page.getByRole('link', { name: `Open ${query}` }).click()
    await expect(page.getByRole('heading', { level: 1, name: query })).toBeVisible()
    await expectAccessibleWithoutJs(browser, page)
    const entryUrl = page.url()

    await page.getByRole('button', { name: `Save to favourites: ${query}` }).click()
    await expect(page).toHaveURL(entryUrl)
    await expect(page.getByTestId('toast')).toContainText('Saved to favourites')
    await expect(page.getByRole('button', { name: `Saved in favourites: ${query}` })).toBeVisible()

    await page.goto('/history')
    await page.getByRole('button', { name: `Delete ${query}` }).click()
    await expect(page).toHaveURL(/\/history$/)
    await expect(page.getByTestId('toast')).toContainText('Search deleted')
    await expect(page.getByRole('heading', { level: 2, name: 'No searches yet' })).toBeVisible()
  })
})

const G501 = { kind: 'document', refId: 'drawing-g501', title: 'Guardrail G501', url: '/documents#drawing-g501' }
const SPECS = {
  kind: 'document',
  refId: 'standard-specifications-2025',
  title: 'Standard Specifications 2025',
  url: 'https://www.scdot.org/business/standard-specifications.aspx',
}

/** Two favourites through the JSON twin, checking its answers on the way. */
async function addFavouritesViaApi(request: APIRequestContext) {
  const first = await request.post('/api/favourites', { data: { action: 'add', ...G501 } })
  expect(first.status()).toBe(200)
  const saved = (await first.json()) as { saved: boolean; favourite: { id: string } }
  expect(saved).toMatchObject({ saved: true, favourite: { kind: 'document', refId: 'drawing-g501', title: 'Guardrail G501' } })
  const again = await request.post('/api/favourites', { data: { action: 'add', ...G501 } })
  expect(((await again.json()) as typeof saved).favourite.id).toBe(saved.favourite.id)
  expect((await request.post('/api/favourites', { data: { action: 'add', ...SPECS } })).status()).toBe(200)

  const refused = await request.post('/api/favourites', { data: { action: 'add', ...SPECS, url: 'https://evil.example/' } })
  expect(refused.status()).toBe(400)
  expect(await refused.json()).toEqual({
    message: 'The link must be a page of this site or an https address on scdot.org, fhwa.dot.gov, osha.gov or ecfr.gov.',
  })
  const listed = (await (await request.get('/api/favourites')).json()) as { favourites: { refId: string }[] }
  expect(listed.favourites.map((f) => f.refId)).toEqual(['standard-specifications-2025', 'drawing-g501'])
}

async function expectFavouritesPage(page: Page) {
  await page.goto('/favourites')
  await expect(page.getByRole('heading', { level: 1, name: 'Favourites' })).toBeVisible()
  await expect(page.getByText('2 saved items, newest first.')).toBeVisible()
  const items = page.getByRole('list', { name: 'Favourites' }).getByRole('listitem')
  await expect(items).toHaveCount(2)
  const specs = items.nth(0).getByRole('link', { name: /Standard Specifications 2025/ })
  await expect(specs).toHaveAttribute('href', SPECS.url)
  await expect(specs).toHaveAttribute('target', '_blank')
  await expect(items.nth(1).getByRole('link', { name: 'Guardrail G501' })).toHaveAttribute('href', G501.url)
}

test.describe('favourites', () => {
  test('the JSON twin answers 401 signed out', async ({ playwright, baseURL }) => {
    const request = await playwright.request.newContext({ baseURL })
    expect((await request.post('/api/favourites', { data: { action: 'add', ...G501 } })).status()).toBe(401)
    expect((await request.get('/api/favourites')).status()).toBe(401)
    await request.dispose()
  })

  test('added through the API, listed and removed on the page', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await addFavouritesViaApi(page.request)
    await expectFavouritesPage(page)
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Remove Guardrail G501' }).click()
    await expect(page.getByTestId('toast')).toContainText('Removed from favourites')
    await expect(page.getByText('1 saved item, newest first.')).toBeVisible()
    await page.getByRole('button', { name: 'Remove Standard Specifications 2025' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'No favourites yet' })).toBeVisible()
    await expectAccessible(page)
    const listed = (await (await page.request.get('/api/favourites')).json()) as { favourites: unknown[] }
    expect(listed.favourites).toEqual([])
    check()
  })
})

test.describe('favourites without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the Remove form posts, redirects back and flashes a toast', async ({ page, browser }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await addFavouritesViaApi(page.request)
    await expectFavouritesPage(page)
    await expectAccessibleWithoutJs(browser, page)

    await page.getByRole('button', { name: 'Remove Standard Specifications 2025' }).click()
    await expect(page).toHaveURL(/\/favourites$/)
    await expect(page.getByTestId('toast')).toContainText('Removed from favourites')
    await expect(page.getByText('1 saved item, newest first.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Guardrail G501' })).toBeVisible()
  })

  test('the Save form of FavouriteButton (no-JavaScript path) saves and returns', async ({ page }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    const response = await page.request.post('/favourites', {
      form: { intent: 'add', ...G501, redirectTo: '/documents' },
      maxRedirects: 0,
    })
    expect(response.status()).toBe(302)
    expect(response.headers()['location']).toBe('/documents')
    await page.goto('/favourites')
    await expect(page.getByRole('link', { name: 'Guardrail G501' })).toHaveAttribute('href', G501.url)
  })
})
