import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { users } from '../../db/schema'
import { createGuest } from '../../app/lib/auth/users.server'
import { SearchQuotaExceeded, runCountedSearch } from '../../app/lib/search/quota.server'
import { DATABASE_KINDS, createTestDatabase, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT, startServer, type RunningServer } from './server'

process.env.APP_ROOT = ROOT

describe.each(DATABASE_KINDS)('guest search quota on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  const answer = async () => 'answer'

  it('allows the third search and refuses the fourth', async () => {
    const guest = await createGuest(handle.db)
    for (let i = 1; i <= 3; i++) await expect(runCountedSearch(handle.db, guest.id, answer)).resolves.toBe('answer')
    await expect(runCountedSearch(handle.db, guest.id, answer)).rejects.toBeInstanceOf(SearchQuotaExceeded)
    const [row] = await handle.db.select().from(users).where(eq(users.id, guest.id))
    expect(row?.searchCount).toBe(3)
  })

  it('gives exactly three answers to ten parallel searches from one guest', async () => {
    const guest = await createGuest(handle.db)
    let ran = 0
    const results = await Promise.allSettled(
      Array.from({ length: 10 }, () =>
        runCountedSearch(handle.db, guest.id, async () => {
          ran++
          await new Promise((r) => setTimeout(r, 5))
          return 'answer'
        }),
      ),
    )
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3)
    expect(results.filter((r) => r.status === 'rejected' && r.reason instanceof SearchQuotaExceeded)).toHaveLength(7)
    expect(ran).toBe(3)
  })

  it('does not count a search that failed', async () => {
    const guest = await createGuest(handle.db)
    await expect(
      runCountedSearch(handle.db, guest.id, async () => {
        throw new Error('engine down')
      }),
    ).rejects.toThrow('engine down')
    const [row] = await handle.db.select().from(users).where(eq(users.id, guest.id))
    expect(row?.searchCount).toBe(0)
  })

  it('never limits a member', async () => {
    const [member] = await handle.db
      .insert(users)
      .values({ id: crypto.randomUUID(), email: `m-${crypto.randomUUID()}@example.com`, firstName: 'M', lastName: 'M' })
      .returning()
    const results = await Promise.all(Array.from({ length: 12 }, () => runCountedSearch(handle.db, member!.id, answer)))
    expect(results).toHaveLength(12)
  })
})

describe.each(DATABASE_KINDS)('accounts over HTTP on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer
  const json = { 'content-type': 'application/json' }

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await startServer({ ...database.env, TRUST_PROXY: '1', SESSION_SECRET: 'integration-secret' })
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify(body) })

  it('signs up with a session cookie that is httpOnly, SameSite=Lax and Secure in production', async () => {
    const response = await post('/api/auth/signup', {
      firstName: 'Ada',
      lastName: 'King',
      email: 'ADA@example.com ',
      password: 'secret1',
    }, { 'x-forwarded-for': '203.0.113.10' })
    expect(response.status).toBe(200)
    const body = await response.json()
    expect(body).toMatchObject({ searchCount: 0, canSearch: true, isGuest: false, user: { email: 'ada@example.com', firstName: 'Ada' } })
    const cookie = response.headers.get('set-cookie') ?? ''
    expect(cookie).toMatch(/^sid=/)
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(cookie).toContain('Secure')
    expect(cookie).toContain('Path=/')
  })

  it('answers 401 to /api/auth/me without a session', async () => {
    const response = await fetch(`${server.url}/api/auth/me`)
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Not signed in.' })
  })

  it('gives the same status and message for an unknown email and a wrong password', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.11' }
    const unknown = await post('/api/auth/signin', { email: 'nobody@example.com', password: 'whatever' }, ip)
    const wrong = await post('/api/auth/signin', { email: 'ada@example.com', password: 'wrong-password' }, ip)
    expect(unknown.status).toBe(401)
    expect(wrong.status).toBe(401)
    expect(await unknown.json()).toEqual(await wrong.json())
  })

  it('limits sign-in attempts per address', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.12' }
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) {
      statuses.push((await post('/api/auth/signin', { email: `probe${i}@example.com`, password: 'x' }, ip)).status)
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true)
    const limited = await post('/api/auth/signin', { email: 'probe@example.com', password: 'x' }, ip)
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
    expect((await limited.json()).message).toMatch(/Too many attempts/)
  })

  // Issue 13, item 6: wrong passwords from a stranger must not lock the owner out (decision record 009).
  const deviceCookieOf = (response: Response) =>
    response.headers.getSetCookie().find((c) => c.startsWith('known_device='))?.split(';')[0] ?? ''
  const from = (address: string, cookie = '') => ({ 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) })
  const signInForm = (fields: Record<string, string>, headers: Record<string, string>) =>
    fetch(`${server.url}/auth`, {
      method: 'POST',
      headers: { origin: server.url, ...headers },
      body: new URLSearchParams({ intent: 'signin', ...fields }),
      redirect: 'manual',
    })
  /** Signs a member up from `address` and answers their browser's known-device cookie (the session is ended). */
  async function ownerBrowser(email: string, address: string): Promise<string> {
    const signup = await post('/api/auth/signup', { firstName: 'Olive', lastName: 'Owner', email, password: 'owner-pass-1' }, from(address))
    expect(signup.status).toBe(200)
    const signin = await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from(address))
    expect(signin.status).toBe(200)
    const session = (signin.headers.get('set-cookie') ?? '').split(';')[0]!
    await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { cookie: session } })
    return deviceCookieOf(signin)
  }

  it("keeps a stranger's wrong passwords from another address from locking the owner out", async () => {
    const email = 'olive@example.com'
    await ownerBrowser(email, '198.51.100.1')
    const attacker: number[] = []
    for (let i = 0; i < 50; i++) attacker.push((await post('/api/auth/signin', { email, password: `guess-${i}` }, from('198.51.100.66'))).status)
    expect(attacker.every((s) => s === 401 || s === 429)).toBe(true)
    expect(attacker.filter((s) => s === 401).length).toBeLessThanOrEqual(10)
    expect(attacker.slice(10).every((s) => s === 429)).toBe(true)

    // The owner in a new browser at another address gets in with the right password, at once.
    const owner = await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from('198.51.100.2'))
    expect(owner.status).toBe(200)
    // The attacker is still throttled.
    expect((await post('/api/auth/signin', { email, password: 'guess-x' }, from('198.51.100.66'))).status).toBe(429)
  })

  it("lets the owner's usual browser in from the attacker's own address, on the JSON route and the form", async () => {
    const email = 'otto@example.com'
    const device = await ownerBrowser(email, '198.51.100.3')
    expect(device).toMatch(/^known_device=/)
    const shared = '198.51.100.77'
    const attacker: number[] = []
    for (let i = 0; i < 15; i++) attacker.push((await post('/api/auth/signin', { email, password: `guess-${i}` }, from(shared))).status)
    expect(attacker.at(-1)).toBe(429)
    expect((await signInForm({ email, password: 'guess-form' }, from(shared))).status).toBe(429)

    const json = await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from(shared, device))
    expect(json.status).toBe(200)
    const form = await signInForm({ email, password: 'owner-pass-1' }, from(shared, device))
    expect(form.status).toBe(302)
    expect(form.headers.getSetCookie().some((c) => c.startsWith('sid='))).toBe(true)
    // The device cookie is renewed, httpOnly, and not a session: alone it does not sign anyone in.
    const renewed = form.headers.getSetCookie().find((c) => c.startsWith('known_device=')) ?? ''
    expect(renewed).toContain('HttpOnly')
    expect(renewed).toContain('SameSite=Lax')
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie: device } })).status).toBe(401)

    // The attacker at the same address, without the cookie, is still throttled on both routes.
    expect((await post('/api/auth/signin', { email, password: 'guess-y' }, from(shared))).status).toBe(429)
    expect((await signInForm({ email, password: 'guess-z' }, from(shared))).status).toBe(429)
    // A device cookie of another account gives nothing on this one; a forged one is ignored.
    const other = await ownerBrowser('oscar@example.com', '198.51.100.4')
    expect((await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from(shared, other))).status).toBe(429)
    const forged = `known_device=${Buffer.from(JSON.stringify({ d: 'x'.repeat(22), a: [] })).toString('base64')}`
    expect((await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from(shared, forged))).status).toBe(429)
  })

  it('slows, then refuses, a distributed attacker on one account, while the owner still gets in', async () => {
    const email = 'ona@example.com'
    const device = await ownerBrowser(email, '198.51.100.5')
    const guess = (i: number) => post('/api/auth/signin', { email, password: `guess-${i}` }, from(`192.0.2.${10 + i}`))
    // Every address is fresh, so only the account-wide budget can hold anyone back. Ten failures cost
    // nothing (typos on new phones look the same).
    const free = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(i)))
    expect(free.map((r) => r.status)).toEqual(Array(10).fill(401))

    // Then fourteen at once: served one after another (slowed), and refused with a Retry-After when
    // their turn is more than a few seconds away.
    let queueFull!: () => void
    const firstRefusal = new Promise<void>((resolve) => (queueFull = resolve))
    const attempts = Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        guess(10 + i).then((r) => {
          if (r.status === 429) queueFull()
          return r
        }),
      ),
    )
    // The owner's usual browser signs in from yet another address as soon as the queue refuses someone:
    // had it been queued with strangers, it would be refused too, or wait its turn of about 4 s.
    const ownerDuringBurst = Promise.race([firstRefusal, attempts]).then(async () => {
      const started = Date.now()
      const response = await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from('192.0.2.200', device))
      return { status: response.status, ms: Date.now() - started }
    })
    const [burst, owner] = await Promise.all([attempts, ownerDuringBurst])
    const statuses = burst.map((r) => r.status)
    const refused = burst.filter((r) => r.status === 429)
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
    // Turns 0.25, 0.5, 1, 2 and 4 s apart: at most five (six on a slow machine) fit in the 4 s wait.
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(1)
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(6)
    expect(refused.length).toBeGreaterThanOrEqual(8)
    for (const r of refused) expect(Number(r.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)

    expect(owner.status).toBe(200)
    // Not queued: a queued attempt waits for a turn up to 4 s away. The margin is for a busy CI machine,
    // where one scrypt check among fourteen in parallel takes a second or more.
    expect(owner.ms).toBeLessThan(3_500)
    // In a new browser the owner waits for a turn (a few seconds at most) but is not refused.
    expect((await post('/api/auth/signin', { email, password: 'owner-pass-1' }, from('192.0.2.201'))).status).toBe(200)
  })

  it('refuses cross-origin posts to the JSON twins and to the form actions', async () => {
    const api = await post('/api/auth/guest', {}, { origin: 'https://evil.example' })
    expect(api.status).toBe(403)
    const form = await fetch(`${server.url}/auth`, {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: new URLSearchParams({ intent: 'guest' }),
      redirect: 'manual',
    })
    expect(form.status).toBe(403)
  })

  it('answers a clear 4xx, never a 500, for malformed bodies', async () => {
    const notJson = await fetch(`${server.url}/api/auth/signup`, { method: 'POST', headers: json, body: '{oops' })
    expect(notJson.status).toBe(400)
    const wrongType = await fetch(`${server.url}/api/auth/signin`, { method: 'POST', body: 'email=a' })
    expect(wrongType.status).toBe(415)
    const missing = await post('/api/auth/signup', { firstName: 'A' }, { 'x-forwarded-for': '203.0.113.13' })
    expect(missing.status).toBe(400)
    expect(await missing.json()).toEqual({ message: 'Please fill in all fields.' })
    const short = await post('/api/auth/signup', { firstName: 'A', lastName: 'B', email: 'a@b.co', password: '12345' }, { 'x-forwarded-for': '203.0.113.13' })
    expect(await short.json()).toEqual({ message: 'Must be at least 6 characters long' })
  })

  it('keeps a guest on one session and turns the guest into the member on sign-up', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.14' }
    const guest = await post('/api/auth/guest', {}, ip)
    const cookie = (guest.headers.get('set-cookie') ?? '').split(';')[0]!
    const guestBody = await guest.json()
    expect(guestBody).toMatchObject({ isGuest: true, canSearch: true, searchCount: 0, user: { firstName: 'Guest' } })
    // Pressing guest again keeps the same guest (no fresh quota).
    const again = await post('/api/auth/guest', {}, { ...ip, cookie })
    expect((await again.json()).user.id).toBe(guestBody.user.id)
    expect(again.headers.get('set-cookie')).toBeNull()
    const member = await post(
      '/api/auth/signup',
      { firstName: 'Gus', lastName: 'Guest', email: 'gus@example.com', password: 'secret1' },
      { ...ip, cookie },
    )
    const memberBody = await member.json()
    expect(memberBody.user.id).toBe(guestBody.user.id)
    expect(memberBody.isGuest).toBe(false)
    // The old session was rotated out.
    const stale = await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })
    expect(stale.status).toBe(401)
  })

  it('destroys the session on the server at sign-out', async () => {
    const signin = await post('/api/auth/signin', { email: 'gus@example.com', password: 'secret1' }, { 'x-forwarded-for': '203.0.113.15' })
    expect(signin.status).toBe(200)
    const cookie = (signin.headers.get('set-cookie') ?? '').split(';')[0]!
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).status).toBe(200)
    const out = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { cookie } })
    expect(out.status).toBe(200)
    expect(out.headers.get('set-cookie')).toMatch(/^sid=; .*Max-Age=0/)
    // Replaying the old cookie no longer works: the session row is gone.
    expect((await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).status).toBe(401)
  })
})
