import { expectAccessible, expectAccessibleWithoutJs } from './utils'
import { acknowledgeNoticeInPage, expect, newMember, onboardViaApi, signUpViaApi, test, type Page } from './fixtures'

const toast = (page: Page, title: string) => page.getByTestId('toast').filter({ hasText: title })

async function fillSignUp(page: Page, values: Partial<Record<'firstName' | 'lastName' | 'email' | 'password', string>>) {
  const form = page.locator('form#signup')
  if (values.firstName !== undefined) await form.getByLabel('First name').fill(values.firstName)
  if (values.lastName !== undefined) await form.getByLabel('Last name').fill(values.lastName)
  if (values.email !== undefined) await form.getByLabel('Email', { exact: true }).fill(values.email)
  if (values.password !== undefined) await form.getByLabel('Password', { exact: true }).fill(values.password)
}

test.describe('accounts with JavaScript', () => {
  test('the home page of a visitor without a session is the sign-up screen', async ({ page, clientIp: _ }) => {
    await page.goto('/')
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('button', { name: 'Continue as Guest (3 searches)' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Privacy & Terms' })).toHaveAttribute('href', '/disclosures')
    await expect(page.getByRole('link', { name: 'Back to Search' })).toHaveAttribute('href', '/')
    await expect(page.getByText('Unlimited specification searches')).toBeVisible()
    await expect(page.locator('form#signup').getByLabel('Email', { exact: true })).toHaveAttribute('type', 'email')
    await expectAccessible(page)
  })

  test('sign-up validation messages and toasts', async ({ page, clientIp: _ }) => {
    await page.goto('/auth')
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(toast(page, 'Missing Information')).toContainText('Please fill in all fields.')
    await expect(page.locator('form#signup').getByText('Please fill in all fields.').first()).toBeVisible()

    const member = newMember()
    await fillSignUp(page, { ...member, password: '12345' })
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(toast(page, 'Sign Up Failed')).toContainText('Must be at least 6 characters long')

    await fillSignUp(page, { password: member.password })
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(toast(page, 'Account Created Successfully!')).toContainText(
      'Welcome to Specifications Only. You can now search specifications.',
    )
    await acknowledgeNoticeInPage(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByTestId('menu-user-name')).toHaveText(`${member.firstName} ${member.lastName}`)
    await expect(menu.getByText('Member', { exact: true })).toBeVisible()
    await expect(menu.getByTestId('menu-search-status')).toHaveText('0 searches completed')
    await expect(menu.getByRole('link', { name: /Sign In \/ Sign Up/ })).toHaveCount(0)
  })

  test('an email already registered cannot sign up again', async ({ page, clientIp: _ }) => {
    const member = await signUpViaApi(page.request)
    await page.context().clearCookies()
    await page.goto('/auth')
    await page.waitForLoadState('networkidle')
    await fillSignUp(page, member)
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(toast(page, 'Sign Up Failed')).toContainText('If you already have an account, sign in instead.')
  })

  test('sign-in validation, failure, success and sign-out toasts', async ({ page, clientIp: _ }) => {
    const member = await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.context().clearCookies()
    await page.goto('/auth')
    await page.waitForLoadState('networkidle')
    await page.getByRole('tab', { name: 'Sign In' }).click()
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(toast(page, 'Missing Information')).toContainText('Please enter your email and password.')

    const form = page.locator('form#signin')
    await form.getByLabel('Email', { exact: true }).fill(member.email)
    await form.getByLabel('Password', { exact: true }).fill('not-the-password')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(toast(page, 'Sign In Failed')).toContainText('Invalid email or password.')

    await form.getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(toast(page, 'Welcome Back!')).toContainText('Successfully signed in to Specifications Only.')

    await page.getByRole('button', { name: 'Open menu' }).click()
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(toast(page, 'Signed Out')).toContainText('Successfully signed out.')
    await expect(page.getByRole('tab', { name: 'Sign Up' })).toBeVisible()
    expect((await page.request.get('/api/auth/me')).status()).toBe(401)
  })

  test('guest mode: toast, banner, menu status and quota in the session call', async ({ page, clientIp: _ }) => {
    await page.goto('/')
    await page.waitForLoadState('networkidle')
    await page.getByRole('button', { name: 'Continue as Guest (3 searches)' }).click()
    await expect(toast(page, 'Guest Mode Activated')).toContainText('You have 3 free searches. Create an account for unlimited access.')
    await acknowledgeNoticeInPage(page)
    await expect(page.getByTestId('guest-banner')).toContainText('Guest Mode - Limited Access')
    await expect(page.getByTestId('guest-banner')).toContainText('3 of 3 free searches remaining')
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByText('Limited Access')).toBeVisible()
    await expect(menu.getByTestId('menu-search-status')).toHaveText('Guest access - 3 searches remaining')
    const me = await (await page.request.get('/api/auth/me')).json()
    expect(me).toMatchObject({ isGuest: true, canSearch: true, searchCount: 0 })
    await expectAccessible(page)
  })

  test('the session cookie is httpOnly and SameSite=Lax', async ({ page, clientIp: _ }) => {
    await signUpViaApi(page.request)
    const sid = (await page.context().cookies()).find((c) => c.name === 'sid')
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' })
    await page.goto('/')
    expect(await page.evaluate(() => document.cookie)).not.toContain('sid=')
  })
})

test.describe('accounts with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('sign-up: missing fields, short password, then success with the flashed toast', async ({ page, browser, clientIp: _ }) => {
    await page.goto('/auth')
    await page.locator('form#signup').getByLabel('First name').fill('Ann')
    // The browser's own required checks are off (noValidate), so the server answers.
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(page.getByRole('alert')).toContainText('Missing Information')
    await expect(page.getByRole('alert')).toContainText('Please fill in all fields.')
    await expectAccessibleWithoutJs(browser, page)

    const member = newMember()
    await fillSignUp(page, { ...member, password: 'abc' })
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(page.getByRole('alert')).toContainText('Sign Up Failed')
    await expect(page.getByRole('alert')).toContainText('Must be at least 6 characters long')

    await fillSignUp(page, member)
    await page.getByRole('button', { name: 'Create Free Account' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(page.getByTestId('toast')).toContainText('Account Created Successfully!')
    // The AI notice is a real form without JavaScript too.
    await acknowledgeNoticeInPage(page, { skipWelcome: false })
    await expect(page.getByRole('heading', { name: 'South Carolina road construction specifications' })).toBeVisible()
  })

  test('sign-in: missing, wrong and right credentials; sign-out', async ({ page, clientIp: _ }) => {
    const member = await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.context().clearCookies()
    await page.goto('/auth?tab=signin')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText('Please enter your email and password.')
    const form = page.locator('form#signin')
    await form.getByLabel('Email', { exact: true }).fill(member.email)
    await form.getByLabel('Password', { exact: true }).fill('wrong-one')
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByRole('alert')).toContainText('Sign In Failed')
    await expect(page.getByRole('alert')).toContainText('Invalid email or password.')
    await page.locator('form#signin').getByLabel('Password', { exact: true }).fill(member.password)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page.getByTestId('toast')).toContainText('Welcome Back!')

    await page.goto('/?menu=open')
    await page.getByRole('button', { name: 'Sign Out' }).click()
    await expect(page.getByTestId('toast')).toContainText('Signed Out')
  })

  test('guest mode without JavaScript', async ({ page, clientIp: _ }) => {
    await page.goto('/')
    await page.getByRole('button', { name: 'Continue as Guest (3 searches)' }).click()
    await expect(page.getByTestId('toast')).toContainText('Guest Mode Activated')
    await acknowledgeNoticeInPage(page, { skipWelcome: false })
    await expect(page.getByTestId('guest-banner')).toBeVisible()
  })
})
