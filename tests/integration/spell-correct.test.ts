import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { startServer, type RunningServer } from './server'

/** POST /api/spell-correct through the built server (BUILD_DIR or build/), which ingests corpus/ at start. */
describe.each(DATABASE_KINDS)('POST /api/spell-correct on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await startServer({ ...database.env, SESSION_SECRET: 'integration-secret' })
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  const post = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}/api/spell-correct`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })

  it('corrects misspelled field words against the corpus vocabulary', async () => {
    const response = await post({ query: 'asfalt compacton' })
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      correctedQuery: 'asphalt compaction',
      corrections: [
        { from: 'asfalt', to: 'asphalt' },
        { from: 'compacton', to: 'compaction' },
      ],
    })
    const guardrail = await (await post({ query: 'Gaurdrail post height' })).json()
    expect(guardrail).toEqual({ correctedQuery: 'Guardrail post height', corrections: [{ from: 'Gaurdrail', to: 'Guardrail' }] })
  })

  it('leaves correct, off-topic and identifier-only questions unchanged', async () => {
    for (const query of ['guardrail post spacing', 'Who won the 2024 World Series', 'SC-T-29 and G501 per 401.4.2', 'GDOT']) {
      expect(await (await post({ query })).json()).toEqual({ correctedQuery: query, corrections: [] })
    }
  })

  it('returns a query under 3 characters as it is', async () => {
    for (const query of ['a', 'zq', ' x ']) {
      expect(await (await post({ query })).json()).toEqual({ correctedQuery: query, corrections: [] })
    }
  })

  it('refuses a missing, empty, non-string or over-long query with 400 and a message', async () => {
    for (const body of [{}, { query: '' }, { query: 42 }, { query: 'x'.repeat(1001) }]) {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toEqual({ message: expect.any(String) })
    }
    const tooLong = await post({ query: 'x'.repeat(1001) })
    expect((await tooLong.json()).message).toBe('Questions are limited to 1000 characters')
    const long = await post({ query: 'asfalt '.repeat(142).slice(0, 1000) })
    expect(long.status).toBe(200)
  })

  it('refuses a body that is not JSON', async () => {
    expect((await post('not json')).status).toBe(400)
    const form = await fetch(`${server.url}/api/spell-correct`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=asfalt',
    })
    expect(form.status).toBe(415)
  })

  it('refuses a cross-origin POST and accepts a same-origin one', async () => {
    const cross = await post({ query: 'asfalt' }, { origin: 'https://evil.example' })
    expect(cross.status).toBe(403)
    const site = await post({ query: 'asfalt' }, { 'sec-fetch-site': 'cross-site' })
    expect(site.status).toBe(403)
    const same = await post({ query: 'asfalt' }, { origin: server.url })
    expect(same.status).toBe(200)
    expect((await same.json()).correctedQuery).toBe('asphalt')
  })

  it('keeps markup and SQL inert', async () => {
    for (const query of ["'; drop table chunks; --", '<script>alert(1)</script>']) {
      const response = await post({ query })
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ correctedQuery: query, corrections: [] })
    }
    expect((await post({ query: 'asfalt' })).status).toBe(200)
  })

  it('answers GET with 405', async () => {
    const response = await fetch(`${server.url}/api/spell-correct`)
    expect(response.status).toBe(405)
  })
})
