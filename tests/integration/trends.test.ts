/**
 * Trend insights from real data, on PGlite and (when configured) PostgreSQL: seeded news_items and
 * searches give the figures (counts, change between periods, anonymity threshold); the chat-model
 * narrative against the local fake OpenAI server, with fallback; and the HTTP API of the built server
 * (validation 400s, generation, listing, the no-JavaScript form, the rate limit).
 */
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { newsItems, users } from '../../db/schema'
import { recordSearch } from '../../app/lib/search/history.server'
import { generateInsight, TEMPLATE_ENGINE } from '../../app/lib/trends/generate.server'
import { listInsights } from '../../app/lib/trends/store.server'
import { startOpenAiTestServer, userPrompt, type OpenAiTestServer } from '../helpers/openai-server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT, startServer, type RunningServer } from './server'

process.env.APP_ROOT = ROOT
const LLM_KEYS = ['OPENAI_BASE_URL', 'OPENAI_API_KEY', 'LLM_MODEL', 'LLM_TIMEOUT_MS', 'LLM_STRUCTURED_METHOD'] as const

async function member(handle: DbHandle): Promise<string> {
  const [row] = await handle.db
    .insert(users)
    .values({ id: randomUUID(), email: `${randomUUID()}@example.com`, firstName: 'Sam', lastName: 'Tester' })
    .returning()
  return row!.id
}

async function news(handle: DbHandle, title: string, publishedAt: string, extra: { priority?: 'critical' | 'high' | 'normal'; source?: string; summary?: string } = {}) {
  await handle.db.insert(newsItems).values({
    id: randomUUID(),
    feedId: 'test-feed',
    category: 'construction',
    source: extra.source ?? 'Roads Weekly',
    priority: extra.priority ?? 'normal',
    title,
    summary: extra.summary ?? '',
    url: `https://news.example/${randomUUID()}`,
    publishedAt: new Date(publishedAt),
  })
}

/** Asphalt news: 6 in 2024-2025 (2 high), 4 in 2022-2023; asphalt searches: 4 people in 2024-2025, 3 people before. */
async function seedAsphalt(handle: DbHandle) {
  for (const [i, date] of ['2024-02-01', '2024-07-01', '2025-01-15', '2025-04-01', '2025-09-01', '2025-12-20'].entries()) {
    await news(handle, `Hot mix asphalt report ${i + 1}`, `${date}T12:00:00Z`, { priority: i < 2 ? 'high' : 'normal', source: i % 2 ? 'ENR' : 'Roads Weekly' })
  }
  for (const date of ['2022-03-01', '2023-01-10', '2023-06-01', '2023-11-30']) await news(handle, 'Asphalt binder prices', `${date}T12:00:00Z`)
  await news(handle, 'Concrete curing study', '2025-03-01T12:00:00Z')
  await news(handle, 'Hot mix asphalt outside the periods', '2026-02-01T12:00:00Z')
  const people = [await member(handle), await member(handle), await member(handle), await member(handle)]
  for (const [i, userId] of people.entries()) {
    await recordSearch(handle.db, userId, { query: 'asphalt compaction density', confidence: 'high', result: {} }, new Date(`2025-0${i + 1}-10T10:00:00Z`))
    await recordSearch(handle.db, userId, { query: 'tack coat rate for hot mix', confidence: 'high', result: {} }, new Date(`2024-0${i + 1}-10T10:00:00Z`))
  }
  for (const userId of people.slice(0, 3)) {
    await recordSearch(handle.db, userId, { query: 'asphalt mat temperature', confidence: 'medium', result: {} }, new Date('2023-05-05T10:00:00Z'))
  }
  // Two people only on bases: under the threshold, never reported by name.
  for (const userId of people.slice(0, 2)) {
    await recordSearch(handle.db, userId, { query: 'aggregate base course thickness', confidence: 'high', result: {} }, new Date('2025-05-05T10:00:00Z'))
  }
}

const REQUEST = { category: 'Asphalt Technology', dateRange: '2024-2025', includeRecommendations: true } as const

describe.each(DATABASE_KINDS)('trend insights from stored data on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
    await seedAsphalt(handle)
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('counts the period against the previous one, hides topics under 3 searchers, and cites the articles', async () => {
    const insight = await generateInsight(handle, REQUEST, new Date('2026-06-01T00:00:00Z'))
    expect(insight.keyMetrics).toEqual({
      'News articles': 6,
      'News articles (2022-2023)': 4,
      'Change vs previous period': '+50%',
      'Critical or high priority articles': 2,
      'Searches on these topics': 10,
      'Search change vs previous period': '+233%',
      'Top search topics': 'Asphalt (8)',
      'Most active news source': 'ENR (3)',
    })
    expect(insight.insight).toContain('6 stored news articles about Asphalt Technology were published in 2024-2025, up 50% from 4 in 2022-2023.')
    expect(insight.insight).not.toContain('Bases')
    expect(insight.engine).toBe(TEMPLATE_ENGINE)
    expect(insight.title).toBe('Asphalt Technology trends, 2024-2025')
    expect(insight.sources.map((s) => s.title)).toEqual([6, 5, 4, 3, 2, 1].map((i) => `Hot mix asphalt report ${i}`))
    expect(insight.sources[0]).toMatchObject({ source: 'ENR', publishedAt: '2025-12-20T12:00:00.000Z', url: expect.stringMatching(/^https:\/\/news\.example\//) })
    expect(insight.actionableRecommendations.some((r) => r.startsWith('Brief crews on the 2 critical or high-priority Asphalt Technology articles'))).toBe(true)
    expect(JSON.stringify(insight)).not.toMatch(/compaction density|tack coat rate/)
  })

  it('follows the data: one more article in the period changes the figures', async () => {
    await news(handle, 'Warm mix asphalt pilot', '2025-10-10T12:00:00Z', { source: 'ENR' })
    const insight = await generateInsight(handle, REQUEST, new Date('2026-06-01T00:00:00Z'))
    expect(insight.keyMetrics['News articles']).toBe(7)
    expect(insight.keyMetrics['Change vs previous period']).toBe('+75%')
    expect(insight.keyMetrics['Most active news source']).toBe('ENR (4)')
  })

  it('says plainly when a period has too little data, and recommends nothing', async () => {
    const insight = await generateInsight(handle, { category: 'Bridge Inspection', dateRange: '2024-2025', includeRecommendations: true })
    expect(insight.insight.startsWith('Not enough data in this period to identify a trend.')).toBe(true)
    expect(insight.actionableRecommendations).toEqual([])
    expect(insight.keyMetrics['Searches on these topics']).toBe('Fewer than 3 searchers')
  })

  it('counts a preset period back from now', async () => {
    const insight = await generateInsight(handle, { category: 'Asphalt Technology', dateRange: 'last-90-days', includeRecommendations: false }, new Date('2026-01-01T00:00:00Z'))
    // 2025-10-03 .. 2026-01-01: reports 5 (Dec 20) and the warm-mix pilot (Oct 10); previous 90 days: report 4 (Sep 1).
    expect(insight.keyMetrics['News articles']).toBe(2)
    expect(insight.keyMetrics['Change vs previous period']).toBe('+100%')
    expect(insight.actionableRecommendations).toEqual([])
  })

  it("generates 'all' as Highway Construction and lists newest first, by category", async () => {
    const highway = await generateInsight(handle, { category: 'all', dateRange: '2024-2025', includeRecommendations: true })
    expect(highway.category).toBe('Highway Construction')
    const all = await listInsights(handle.db)
    expect(all[0]!.id).toBe(highway.id)
    expect(all.length).toBeGreaterThanOrEqual(5)
    const asphalt = await listInsights(handle.db, { category: 'Asphalt Technology' })
    expect(asphalt.length).toBe(3)
    expect(asphalt.every((i) => i.category === 'Asphalt Technology')).toBe(true)
  })
})

describe('the chat-model narrative (local fake OpenAI server)', () => {
  let database: TestDatabase
  let handle: DbHandle
  let model: OpenAiTestServer
  const saved: Partial<Record<(typeof LLM_KEYS)[number], string | undefined>> = {}

  beforeAll(async () => {
    for (const key of LLM_KEYS) saved[key] = process.env[key]
    ;({ database, handle } = await openMigratedTestDatabase('pglite'))
    await seedAsphalt(handle)
    model = await startOpenAiTestServer()
    process.env.OPENAI_BASE_URL = model.baseURL
    process.env.OPENAI_API_KEY = 'test-key'
    process.env.LLM_MODEL = 'trend-model'
    process.env.LLM_TIMEOUT_MS = '2000'
    delete process.env.LLM_STRUCTURED_METHOD
  })
  afterAll(async () => {
    for (const key of LLM_KEYS) {
      if (saved[key] === undefined) delete process.env[key]
      else process.env[key] = saved[key]
    }
    await model?.close()
    await handle?.close()
    await database?.cleanup()
  })

  it('uses the model text written from the figures, and names the engine', async () => {
    model.setRespond(() => ({ insight: 'Asphalt Technology coverage grew 50% in 2024-2025 (6 articles against 4), with 2 marked high priority and ENR most active.' }))
    const before = model.requests.length
    const insight = await generateInsight(handle, REQUEST, new Date('2026-06-01T00:00:00Z'))
    expect(model.requests.length).toBe(before + 1)
    const prompt = userPrompt(model.requests.at(-1)!.body)
    expect(prompt).toContain('"articles": 6')
    expect(prompt).toContain('"previousArticles": 4')
    expect(prompt).not.toMatch(/compaction density/)
    expect(insight.insight).toBe('Asphalt Technology coverage grew 50% in 2024-2025 (6 articles against 4), with 2 marked high priority and ENR most active.')
    expect(insight.engine).toBe('Chat model: trend-model (figures checked)')
    expect(insight.keyMetrics['News articles']).toBe(6)
  })

  it('falls back to the template when the model invents a figure or fails', async () => {
    model.setRespond(() => ({ insight: 'Asphalt Technology coverage grew 80% in 2024-2025, the biggest rise in a decade of 12 years.' }))
    const invented = await generateInsight(handle, REQUEST, new Date('2026-06-01T00:00:00Z'))
    expect(invented.engine).toBe(TEMPLATE_ENGINE)
    expect(invented.insight).toContain('up 50% from 4 in 2022-2023')

    model.setRespond(() => ({ status: 500, body: '{"error":{"message":"boom"}}' }))
    const broken = await generateInsight(handle, REQUEST, new Date('2026-06-01T00:00:00Z'))
    expect(broken.engine).toBe(TEMPLATE_ENGINE)
    expect(broken.insight).toContain('6 stored news articles')
  })
})

describe.each(DATABASE_KINDS)('trend insights API on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer
  const json = { 'Content-Type': 'application/json' }

  beforeAll(async () => {
    const opened = await openMigratedTestDatabase(kind, { corpus: true })
    database = opened.database
    await seedAsphalt(opened.handle)
    await opened.handle.close()
    server = await startServer({ ...database.env, RATE_LIMIT_TRENDS_PER_IP: '8', LLM_MODEL: '', OPENAI_API_KEY: '' })
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  const post = (body: string, headers: Record<string, string> = json) => fetch(`${server.url}/api/trend-insights/generate`, { method: 'POST', headers, body })

  it('starts empty and refuses bad input with 4xx messages, never a 500', async () => {
    expect(await (await fetch(`${server.url}/api/trend-insights/all`)).json()).toEqual([])
    const unknown = await fetch(`${server.url}/api/trend-insights?category=Gardening`)
    expect(unknown.status).toBe(400)
    expect((await unknown.json()).message).toMatch(/^category: Choose one of: all, Highway Construction/)
    const badRange = await post(JSON.stringify({ category: 'Traffic Control', dateRange: '2025-2020' }))
    expect(badRange.status).toBe(400)
    expect((await badRange.json()).message).toMatch(/^dateRange: /)
    expect((await post(JSON.stringify({ category: 'Nope' }))).status).toBe(400)
    expect((await post(JSON.stringify({ category: 'Traffic Control', includeRecommendations: 'yes' }))).status).toBe(400)
    expect((await post('{not json')).status).toBe(400)
    expect((await post('category=all', { 'Content-Type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await post(JSON.stringify({}), { ...json, Origin: 'https://evil.example' })).status).toBe(403)
    expect((await fetch(`${server.url}/api/trend-insights/generate`)).status).toBe(405)
  })

  it('generates (all -> Highway Construction), then lists it in /all and ?category=', async () => {
    const made = await post(JSON.stringify({ category: 'all', dateRange: '2024-2025', includeRecommendations: true }))
    expect(made.status).toBe(201)
    const insight = await made.json()
    expect(insight).toMatchObject({ category: 'Highway Construction', dateRange: '2024-2025', engine: TEMPLATE_ENGINE })
    expect(insight.relatedSpecifications.length).toBeGreaterThan(0)
    const asphalt = await (await post(JSON.stringify(REQUEST))).json()
    expect(asphalt.keyMetrics['News articles']).toBe(6)

    const all = await (await fetch(`${server.url}/api/trend-insights/all`)).json()
    expect(all.map((i: { id: string }) => i.id)).toEqual([asphalt.id, insight.id])
    const highway = await (await fetch(`${server.url}/api/trend-insights?category=${encodeURIComponent('Highway Construction')}`)).json()
    expect(highway.map((i: { id: string }) => i.id)).toEqual([insight.id])
    const everything = await (await fetch(`${server.url}/api/trend-insights?category=all`)).json()
    expect(everything).toHaveLength(2)
  })

  it('generates from the page form without JavaScript and opens the new card', async () => {
    const response = await fetch(`${server.url}/trends`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.url },
      body: new URLSearchParams({ category: 'Construction Safety', dateRange: '2024-2025', includeRecommendations: 'true' }).toString(),
    })
    expect(response.status).toBe(302)
    const location = response.headers.get('location')!
    expect(location).toMatch(/^\/trends\?category=Construction\+Safety&open=[0-9a-f-]{36}$/)
    const page = await (await fetch(`${server.url}${location}`, { headers: { cookie: response.headers.get('set-cookie') ?? '' } })).text()
    expect(page).toContain('Industry Trend Insights')
    expect(page).toContain('Construction Safety trends, 2024-2025')
    expect(page).toContain('Not enough data in this period to identify a trend.')
    expect(page).toContain('Insight Generated')
  })

  it('limits generation per address (429 with Retry-After)', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) statuses.push((await post(JSON.stringify({ category: 'Quality Control' }))).status)
    // 3 generated before this test; the limit is 8 per hour.
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
    const limited = await post(JSON.stringify({ category: 'Quality Control' }))
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)
  })
})
