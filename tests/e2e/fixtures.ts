import { randomUUID } from 'node:crypto'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

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

export async function startGuestViaApi(request: APIRequestContext) {
  const response = await request.post('/api/auth/guest')
  expect(response.status()).toBe(200)
}

export const test = base.extend<{ clientIp: string }>({
  clientIp: async ({ page }, use) => {
    const ip = randomClientIp()
    await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip })
    await use(ip)
  },
})

export { expect }
export type { Page }
