import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { users } from '../../db/schema'
import { createGuest } from '../../app/lib/auth/users.server'
import { SearchQuotaExceeded, runCountedSearch } from '../../app/lib/search-quota.server'
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
    database = await createTestDatabase(kind)
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

  it('limits sign-in attempts per address and per account', async () => {
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

    // Per account: different addresses, one account.
    const account: number[] = []
    for (let i = 0; i < 11; i++) {
      account.push((await post('/api/auth/signin', { email: 'ada@example.com', password: 'bad' }, { 'x-forwarded-for': `203.0.113.${100 + i}` })).status)
    }
    expect(account.at(-1)).toBe(429)
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
