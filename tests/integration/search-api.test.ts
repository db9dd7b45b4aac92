/**
 * POST /api/search over HTTP on every database: the guest quota holds under concurrent requests, a
 * member's count and history agree, and client mistakes are 4xx. Needs the built server (BUILD_DIR).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './databases'
import { cookieOf, jsonHeaders, startServer, startGuest, type RunningServer } from './server'

describe.each(DATABASE_KINDS)('POST /api/search on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await startServer(database.env)
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  const json = (cookie = '') => jsonHeaders(server, cookie)
  const search = (cookie: string, query: string) =>
    fetch(`${server.url}/api/search`, { method: 'POST', headers: json(cookie), body: JSON.stringify({ query, specBook: 'both', userRole: 'inspector' }) })

  it('gives a guest exactly 3 searches, even when 10 arrive at once', async () => {
    const cookie = await startGuest(server)
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => search(cookie, `guardrail post spacing ${i}`)))
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(3)
    expect(statuses.filter((s) => s === 403)).toHaveLength(7)
    const me = (await (await fetch(`${server.url}/api/auth/me`, { headers: json(cookie) })).json()) as { searchCount: number; canSearch: boolean }
    expect(me).toMatchObject({ searchCount: 3, canSearch: false })
  })

  it("counts a member's concurrent searches and records each in history", async () => {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Field', email: `ada-${kind}@example.test`, password: 'secret-123' }),
    })
    expect(signup.status).toBe(200)
    const cookie = cookieOf(signup)
    const answers = await Promise.all(Array.from({ length: 6 }, () => search(cookie, 'What is SC-T-29?')))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200])
    const bodies = (await Promise.all(answers.map((a) => a.json()))) as Array<{ searchId: string; answer: string }>
    expect(new Set(bodies.map((b) => b.searchId)).size).toBe(6)
    expect(bodies[0]!.answer).toMatch(/proctor/i)
    const me = (await (await fetch(`${server.url}/api/auth/me`, { headers: json(cookie) })).json()) as { searchCount: number }
    expect(me.searchCount).toBe(6)
    const history = await fetch(`${server.url}/history/${bodies[0]!.searchId}`, { headers: json(cookie) })
    expect(history.status).toBe(200)
    expect(await history.text()).toContain('SC-T-29')
  })

  it('answers client mistakes with 4xx and a message, and nothing is counted', async () => {
    const signedOut = await search('', 'guardrail')
    expect(signedOut.status).toBe(401)
    const guest = await fetch(`${server.url}/api/auth/guest`, { method: 'POST', headers: json() })
    const cookie = cookieOf(guest)
    const empty = await search(cookie, '   ')
    expect(empty.status).toBe(400)
    expect(((await empty.json()) as { message: string }).message).toBe('Please enter a question or upload an image')
    const long = await search(cookie, 'x'.repeat(1001))
    expect(long.status).toBe(400)
    expect(((await long.json()) as { message: string }).message).toMatch(/1000 characters/)
    const broken = await fetch(`${server.url}/api/search`, { method: 'POST', headers: json(cookie), body: '{"query":' })
    expect(broken.status).toBeGreaterThanOrEqual(400)
    expect(broken.status).toBeLessThan(500)
    const me = (await (await fetch(`${server.url}/api/auth/me`, { headers: json(cookie) })).json()) as { searchCount: number }
    expect(me.searchCount).toBe(0)
  })
})
