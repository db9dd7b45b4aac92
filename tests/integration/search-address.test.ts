/**
 * A result's address and the free Double Check (docs/decisions/016) over HTTP on every database: home
 * renders '/?result=<id>' from the user's own history without counting; a retry of a stored search reads
 * its question from the stored row, is recorded with an address of its own and is not counted (a guest
 * at the quota can still check again); the page without JavaScript answers a search with a 303 to the
 * result's address. Needs the built server (BUILD_DIR).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, DATABASE_KINDS, type TestDatabase } from './databases'
import { jsonHeaders, searchCountOf, signUpMember, startGuest, startServer, type RunningServer } from './server'

interface Result {
  searchId: string
  query: string
  answer: string
  retry?: { attempt: number; added: string }
}

describe.each(DATABASE_KINDS)('result addresses and free Double Check on %s', (kind) => {
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

  const post = (cookie: string, path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: jsonHeaders(server, cookie), body: JSON.stringify(body) })
  const search = async (cookie: string, query: string) => {
    const response = await post(cookie, '/api/search', { query, specBook: 'both', userRole: 'inspector' })
    expect(response.status).toBe(200)
    return (await response.json()) as Result
  }
  const searchCount = (cookie: string) => searchCountOf(server, cookie)
  const page = (cookie: string, path: string) => fetch(`${server.url}${path}`, { headers: { cookie, Accept: 'text/html' }, redirect: 'manual' })
  const form = (cookie: string, fields: Record<string, string>) =>
    fetch(`${server.url}/?index`, { method: 'POST', headers: { Origin: server.url, cookie }, body: new URLSearchParams(fields), redirect: 'manual' })

  it("checks a stored search again from the stored question, without counting it, with an address of its own", async () => {
    const guest = await startGuest(server)
    const first = await search(guest, 'guardrail post spacing')
    expect(await searchCount(guest)).toBe(1)
    // The request's question is ignored: the stored one is checked again (no new question for free).
    const retried = await post(guest, '/api/retry-search', { searchId: first.searchId, originalQuery: 'asphalt compaction temperature', originalAnswer: 'x', originalSources: [], retryAttempt: 0 })
    expect(retried.status).toBe(200)
    const checked = (await retried.json()) as Result
    expect(checked.query).toBe('guardrail post spacing')
    expect(checked.retry?.attempt).toBe(1)
    expect(checked.searchId).not.toBe(first.searchId)
    expect(await searchCount(guest)).toBe(1)

    // Both addresses render the stored result; reading them counts nothing.
    for (const id of [first.searchId, checked.searchId, first.searchId]) {
      const home = await page(guest, `/?result=${id}`)
      expect(home.status).toBe(200)
      const html = await home.text()
      expect(html).toContain('Search Results')
      expect(html).toContain('guardrail post spacing')
    }
    expect(await searchCount(guest)).toBe(1)
  })

  it('lets a guest who used the 3 searches still check a result again, but not ask a new question as a retry', async () => {
    const guest = await startGuest(server)
    const results = []
    for (const query of ['guardrail post spacing', 'concrete testing', 'drainage requirements']) results.push(await search(guest, query))
    expect((await post(guest, '/api/search', { query: 'asphalt compaction', specBook: 'both', userRole: 'inspector' })).status).toBe(403)
    const again = await post(guest, '/api/retry-search', { searchId: results[2]!.searchId })
    expect(again.status).toBe(200)
    // A free-text retry (no stored search) is a new question: counted, so refused at the quota.
    const freeText = await post(guest, '/api/retry-search', { originalQuery: 'asphalt compaction', originalAnswer: '', originalSources: [], retryAttempt: 0, specBook: 'both', userRole: 'inspector' })
    expect(freeText.status).toBe(403)
    expect(await searchCount(guest)).toBe(3)
  })

  it("shows nothing of another user's result, and answers a bad id with a 4xx", async () => {
    const owner = await signUpMember(server)
    // A question no page of the product holds: it may only show up as this search's.
    const question = `guardrail post spacing ${kind} marker-7q3`
    const mine = await search(owner, question)
    const other = await signUpMember(server)
    const foreign = await page(other, `/?result=${mine.searchId}`)
    expect(foreign.status).toBe(404)
    const html = await foreign.text()
    expect(html).toContain('That search result is not in your history.')
    expect(html).not.toContain('marker-7q3')
    expect((await page(other, '/?result=00000000-0000-4000-8000-000000000000')).status).toBe(404)
    expect((await page(other, `/?result=${'x'.repeat(500)}`)).status).toBe(404)

    const stolen = await post(other, '/api/retry-search', { searchId: mine.searchId })
    expect(stolen.status).toBe(404)
    expect(((await stolen.json()) as { message: string }).message).toBe('That search is not in your history.')
    expect((await post(other, '/api/retry-search', { searchId: 'x'.repeat(500) })).status).toBe(400)
    expect(await searchCount(other)).toBe(0)
    // A member's retry is not counted either.
    expect((await post(owner, '/api/retry-search', { searchId: mine.searchId })).status).toBe(200)
    expect(await searchCount(owner)).toBe(1)
  })

  it('answers a search and a Double Check without JavaScript with a 303 to the result, and Back (a GET) counts nothing', async () => {
    const guest = await startGuest(server)
    const posted = await form(guest, { query: 'guardrail post spacing' })
    expect(posted.status).toBe(303)
    const address = posted.headers.get('location')!
    expect(address).toMatch(/^\/\?result=[\w-]+$/)
    // The toast goes with the redirect (flash cookie).
    expect(posted.headers.getSetCookie().some((cookie) => cookie.includes('toast'))).toBe(true)
    expect(await searchCount(guest)).toBe(1)
    const shown = await page(guest, address)
    expect(shown.status).toBe(200)
    expect(await shown.text()).toContain('guardrail post spacing')

    const searchId = new URLSearchParams(address.split('?')[1]).get('result')!
    const retried = await form(guest, { intent: 'retry', searchId, originalQuery: 'something else', originalAnswer: '', originalSources: '[]', retryAttempt: '0' })
    expect(retried.status).toBe(303)
    const retryAddress = retried.headers.get('location')!
    expect(retryAddress).toMatch(/^\/\?result=[\w-]+$/)
    expect(retryAddress).not.toBe(address)
    expect(await (await page(guest, retryAddress)).text()).toContain('guardrail post spacing')
    expect(await searchCount(guest)).toBe(1)
  })
})
