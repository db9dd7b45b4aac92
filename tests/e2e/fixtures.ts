import { randomUUID } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { allBannerDismissedKeys } from '../../app/lib/install/keys'

/**
 * Tests run with TRUST_PROXY=1, and each test gets its own client address (from the documentation
 * range 198.18.0.0/15: no traffic goes there, it is only a header), so the per-IP rate limits of one
 * test never trip another's.
 */
function randomClientIp(): string {
  const n = Math.floor(Math.random() * 2 ** 17)
  return `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`
}

export interface NewMember {
  firstName: string
  lastName: string
  email: string
  password: string
}

export function newMember(overrides: Partial<NewMember> = {}): NewMember {
  const id = randomUUID().slice(0, 8)
  return { firstName: 'Pat', lastName: `Inspector${id}`, email: `pat.${id}@example.com`, password: 'field-pass-1', ...overrides }
}

/** Creates a member through the JSON API; the page's context keeps the session cookie. */
export async function signUpViaApi(request: APIRequestContext, member: NewMember = newMember()) {
  const response = await request.post('/api/auth/signup', { data: member })
  expect(response.status(), await response.text()).toBe(200)
  return member
}

/** Acknowledges the AI notice and completes onboarding for the page's user, so no dialog blocks a test. */
export async function onboardViaApi(request: APIRequestContext) {
  expect((await request.post('/api/disclaimer', { data: { acknowledged: true } })).status()).toBe(200)
  expect((await request.post('/api/onboarding', { data: { action: 'complete' } })).status()).toBe(200)
}

/**
 * Goes through the AI notice in the page as a user does (tick, acknowledge) and, for a new user,
 * skips the welcome (pass skipWelcome: false with JavaScript off: there is no welcome then).
 */
export async function acknowledgeNoticeInPage(page: Page, { skipWelcome = true } = {}) {
  const notice = page.getByTestId('disclaimer-dialog')
  await expect(notice).toBeVisible()
  await notice.getByRole('checkbox').check()
  await notice.getByRole('button', { name: 'I Acknowledge - Continue' }).click()
  await expect(notice).toBeHidden()
  // The welcome needs JavaScript: tests without it pass skipWelcome: false.
  if (skipWelcome) {
    const skip = page.getByRole('button', { name: 'Skip for Now' })
    await skip.click()
    await expect(skip).toBeHidden()
  }
}

export async function startGuestViaApi(request: APIRequestContext) {
  const response = await request.post('/api/auth/guest')
  expect(response.status()).toBe(200)
}

/**
 * The install/notification banner appears 8 s after load on home, news and trends; so that it never
 * lands on a control another test is about to use, every test starts with it dismissed on those pages
 * (through the product's own storage keys) unless it opts out with `test.use({ installBanner: 'shown' })`.
 */
export type InstallBannerOption = 'dismissed' | 'shown'

export const test = base.extend<{ clientIp: string; installBanner: InstallBannerOption; installBannerGuard: void }>({
  installBanner: ['dismissed', { option: true }],
  installBannerGuard: [
    async ({ context, installBanner }, use) => {
      if (installBanner === 'dismissed') {
        await context.addInitScript((keys: string[]) => {
          try {
            for (const key of keys) window.localStorage.setItem(key, 'e2e')
          } catch {
            // no storage on this page (about:blank, data: URLs)
          }
        }, allBannerDismissedKeys())
      }
      await use()
    },
    { auto: true },
  ],
  clientIp: async ({ page }, use) => {
    const ip = randomClientIp()
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip })
    await use(ip)
  },
})

export { expect }
export type { Page }
