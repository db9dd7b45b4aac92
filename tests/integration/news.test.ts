import { eq } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DbHandle } from '../../db/client'
import { jobLocks, newsFeedState, newsItems, users } from '../../db/schema'
import { logger } from '../../app/lib/logger.server'
import type { FeedDefinition } from '../../app/lib/news/feeds.server'
import { acquireJobLock, releaseJobLock } from '../../app/lib/news/lock.server'
import { newsItemId } from '../../app/lib/news/normalise'
import { parseAllowedHosts } from '../../app/lib/net/outbound.server'
import { NEWS_LOCK_NAME, refreshNews } from '../../app/lib/news/refresh.server'
import { listNews } from '../../app/lib/news/store.server'
import { saveSubscription } from '../../app/lib/push/subscriptions.server'
import { startFakePushService } from '../helpers/fake-push-service'
import { defaultRssItems, fakeFeedList, SHARED_LINK, startFakeFeedServer } from '../helpers/fake-feeds'
import { createTestDatabase, DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT, startServer, type RunningServer } from './server'

process.env.APP_ROOT = ROOT

const NOW = new Date('2026-11-21T15:00:00Z')

describe.each(DATABASE_KINDS)('news refresh on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle
  let feeds: Awaited<ReturnType<typeof startFakeFeedServer>>

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
    feeds = await startFakeFeedServer()
    feeds.state.slowMs = 3_000
  })
  afterAll(async () => {
    await feeds?.close()
    await handle?.close()
    await database?.cleanup()
  })

  const list = (which: Parameters<typeof fakeFeedList>[1]) => fakeFeedList(feeds.url, which) as unknown as FeedDefinition[]

  it('stores RSS and Atom items once each, skips bad feeds with their reasons, and logs them', async () => {
    const warn = vi.spyOn(logger, 'warn')
    const report = await refreshNews(handle, {
      feeds: list(['rss', 'atom', 'malformed', 'slow', 'error', 'huge']),
      timeoutMs: 1_000,
      maxBytes: 2 * 1024 * 1024,
      now: NOW,
    })
    expect(report.lockHeld).toBe(false)
    expect(report.fetched).toBe(2)
    expect(Object.fromEntries(report.skipped.map((s) => [s.feedId, s.reason.split(':')[0]]))).toEqual({
      'fake-malformed': 'malformed',
      'fake-slow': 'timeout',
      'fake-error': 'http-error',
      'fake-huge': 'too-large',
    })
    // 4 RSS + 3 Atom entries, one article shared by both feeds: 6 rows.
    expect(report.newItems).toHaveLength(6)
    const rows = await handle.db.select().from(newsItems)
    expect(rows).toHaveLength(6)
    const shared = rows.filter((row) => row.url === SHARED_LINK)
    expect(shared).toHaveLength(1)
    // The RSS feed comes first in the list, so it files the shared article.
    expect(shared[0]!.feedId).toBe('fake-rss')
    expect(shared[0]!.id).toBe(newsItemId(SHARED_LINK))

    const byTitle = new Map(rows.map((row) => [row.title, row]))
    const rule = byTitle.get('OSHA announces final rule on trench protection')!
    expect(rule.url).toBe('https://news.example.test/articles/trench-rule')
    expect(rule.summary).toBe('The new rule takes effect next year & applies to all excavations.')
    expect(rule.category).toBe('osha')
    expect(rule.priority).toBe('high')
    expect(byTitle.get('Worker fatality prompts fall protection review')!.priority).toBe('critical')
    // Undated item: dated when fetched.
    expect(byTitle.get('Safety stand-down week announced')!.publishedAt.toISOString()).toBe(NOW.toISOString())
    // Atom: the department's name moves an item to scdot (high); a relative link is made absolute.
    const interchange = byTitle.get('SCDOT opens new interchange on I-26')!
    expect([interchange.category, interchange.priority]).toEqual(['scdot', 'high'])
    expect(byTitle.get('Resurfacing schedule published')!.url).toBe(`${feeds.url}/news/resurfacing`)

    const states = new Map((await handle.db.select().from(newsFeedState)).map((s) => [s.feedId, s]))
    expect(states.get('fake-rss')).toMatchObject({ lastStatus: 'ok', etag: '"rss-v1"', itemCount: 4, lastError: null })
    expect(states.get('fake-malformed')).toMatchObject({ lastStatus: 'malformed' })
    expect(states.get('fake-slow')).toMatchObject({ lastStatus: 'timeout' })
    expect(states.get('fake-error')?.lastError).toContain('HTTP 500')
    expect(states.get('fake-huge')).toMatchObject({ lastStatus: 'too-large', lastSuccessAt: null })

    const warned = warn.mock.calls.map((call) => (call[0] as { feedId?: string }).feedId).filter(Boolean)
    expect(new Set(warned)).toEqual(new Set(['fake-malformed', 'fake-slow', 'fake-error', 'fake-huge']))
    warn.mockRestore()
  })

  it('sends a conditional GET next time and stores nothing new on 304', async () => {
    feeds.state.requests.length = 0
    const report = await refreshNews(handle, { feeds: list(['rss']), now: NOW })
    expect(report).toMatchObject({ fetched: 1, skipped: [], newItems: [] })
    const request = feeds.state.requests.find((r) => r.path === '/feeds/rss.xml')!
    expect(request).toMatchObject({ ifNoneMatch: '"rss-v1"', ifModifiedSince: 'Fri, 20 Nov 2026 12:00:00 GMT', status: 304 })
    const [state] = await handle.db.select().from(newsFeedState).where(eq(newsFeedState.feedId, 'fake-rss'))
    expect(state).toMatchObject({ lastStatus: 'not-modified', etag: '"rss-v1"' })
  })

  it('adds only new items when the feed changes, keeps old ones, and lists newest first', async () => {
    feeds.state.rssItems = [
      { title: 'Emergency bridge closure on US 17', link: 'https://news.example.test/articles/us17', summary: '', date: 'Sat, 21 Nov 2026 13:00:00 GMT' },
      ...defaultRssItems(),
    ]
    feeds.state.version++
    const report = await refreshNews(handle, { feeds: list(['rss']), now: NOW })
    expect(report.newItems.map((i) => i.title)).toEqual(['Emergency bridge closure on US 17'])
    expect(report.newItems[0]!.priority).toBe('critical')
    const all = await listNews(handle)
    expect(all).toHaveLength(7)
    // Same day: the critical closure (13:00) comes before the later, normal, undated item (fetch time 15:00).
    expect(all.slice(0, 2).map((i) => i.title)).toEqual(['Emergency bridge closure on US 17', 'Safety stand-down week announced'])
  })

  it('pushes only the new items of a refresh to news subscribers, once, and marks them notified', async () => {
    const push = await startFakePushService()
    try {
      const [member] = await handle.db
        .insert(users)
        .values({ id: crypto.randomUUID(), email: `news-${kind}@example.test`, firstName: 'Pat', lastName: 'News' })
        .returning()
      const browser = push.subscribe()
      await saveSubscription(handle.db, member!.id, browser)
      feeds.state.rssItems = [
        { title: 'Guardrail recall issued', link: 'https://news.example.test/articles/recall', summary: 'Check lot numbers.', date: 'Sat, 21 Nov 2026 14:00:00 GMT' },
        ...feeds.state.rssItems,
      ]
      feeds.state.version++
      const report = await refreshNews(handle, { feeds: list(['rss', 'atom']), now: NOW, push: { connection: { ca: push.ca, allowedHosts: parseAllowedHosts(push.host).hosts } } })
      expect(report.newItems.map((i) => i.title)).toEqual(['Guardrail recall issued'])
      const messages = push.messagesFor(browser.endpoint)
      expect(messages).toHaveLength(1)
      expect(messages[0]!.payload).toMatchObject({ title: 'Critical: Guardrail recall issued', type: 'news' })
      const [row] = await handle.db.select().from(newsItems).where(eq(newsItems.url, 'https://news.example.test/articles/recall'))
      expect(row!.notifiedAt?.toISOString()).toBe(NOW.toISOString())
      // Nothing new, nothing pushed.
      await refreshNews(handle, { feeds: list(['rss', 'atom']), now: NOW, push: { connection: { ca: push.ca, allowedHosts: parseAllowedHosts(push.host).hosts } } })
      expect(push.messagesFor(browser.endpoint)).toHaveLength(1)
    } finally {
      await push.close()
    }
  })

  it('keeps stored items when a feed later fails, recording the failure', async () => {
    feeds.state.rssFailStatus = 503
    const report = await refreshNews(handle, { feeds: list(['rss', 'atom']), now: NOW })
    expect(report.skipped).toEqual([{ feedId: 'fake-rss', reason: expect.stringContaining('HTTP 503') }])
    expect(await handle.db.select().from(newsItems)).toHaveLength(8)
    const [state] = await handle.db.select().from(newsFeedState).where(eq(newsFeedState.feedId, 'fake-rss'))
    expect(state).toMatchObject({ lastStatus: 'http-error', etag: '"rss-v3"' })
    feeds.state.rssFailStatus = null
  })

  it('filters by category', async () => {
    const scdot = await listNews(handle, { category: 'scdot' })
    expect(scdot.map((i) => i.title)).toEqual(['SCDOT opens new interchange on I-26'])
    expect((await listNews(handle, { category: 'engineering' }))).toEqual([])
  })

  it('lets one of two concurrent lock takers win, and a refresh wait its turn', async () => {
    const results = await Promise.all([
      acquireJobLock(handle, 'test-lock', 'server-a', 60_000),
      acquireJobLock(handle, 'test-lock', 'server-b', 60_000),
    ])
    expect(results.filter(Boolean)).toHaveLength(1)
    const winner = results[0] ? 'server-a' : 'server-b'
    const loser = winner === 'server-a' ? 'server-b' : 'server-a'
    expect(await acquireJobLock(handle, 'test-lock', loser, 60_000)).toBe(false)
    await releaseJobLock(handle, 'test-lock', loser) // not the holder: no effect
    expect(await acquireJobLock(handle, 'test-lock', loser, 60_000)).toBe(false)
    await releaseJobLock(handle, 'test-lock', winner)
    expect(await acquireJobLock(handle, 'test-lock', loser, 60_000)).toBe(true)
    await releaseJobLock(handle, 'test-lock', loser)

    // An expired lease is taken over.
    await handle.db.insert(jobLocks).values({ name: 'stale-lock', holder: 'crashed', expiresAt: new Date(Date.now() - 1000) })
    expect(await acquireJobLock(handle, 'stale-lock', 'server-a', 60_000)).toBe(true)

    // While another server holds the news lease, a refresh fetches nothing.
    expect(await acquireJobLock(handle, NEWS_LOCK_NAME, 'other-server', 60_000)).toBe(true)
    feeds.state.requests.length = 0
    expect(await refreshNews(handle, { feeds: list(['rss']), now: NOW })).toEqual({ fetched: 0, skipped: [], newItems: [], lockHeld: true })
    expect(feeds.state.requests).toHaveLength(0)
    await releaseJobLock(handle, NEWS_LOCK_NAME, 'other-server')
    expect((await refreshNews(handle, { feeds: list(['rss']), now: NOW })).lockHeld).toBe(false)
  })
})

describe.each(DATABASE_KINDS)('news routes on a running server (%s)', (kind) => {
  let database: TestDatabase
  let feeds: Awaited<ReturnType<typeof startFakeFeedServer>>
  let server: RunningServer
  const REFRESH_LIMIT = 6
  /** Refreshes this test client has made (every one counts against its address's limit). */
  let refreshes = 0

  const postUpdate = (headers: Record<string, string> = {}) => {
    refreshes++
    return fetch(`${server.url}/api/news/update`, { method: 'POST', headers })
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    feeds = await startFakeFeedServer()
    // Both feeds fail at first, so the scheduler's first fetch stores nothing.
    feeds.state.rssFailStatus = 503
    feeds.state.atomFailStatus = 503
    server = await startServer({
      ...database.env,
      NEWS_FEEDS_JSON: JSON.stringify(fakeFeedList(feeds.url, ['rss', 'atom'])),
      // The scheduler's first fetch runs soon after start; the next would be an hour later.
      NEWS_FETCH: 'on',
      NEWS_FIRST_FETCH_DELAY_MS: '300',
      NEWS_FETCH_INTERVAL_MS: '3600000',
      RATE_LIMIT_NEWS_REFRESH_PER_IP: String(REFRESH_LIMIT),
    })
  })
  afterAll(async () => {
    await server?.stop()
    await feeds?.close()
    await database?.cleanup()
  })

  it('fetches on its own shortly after start; with nothing stored the page shows the empty state', async () => {
    const fetchedBoth = () => ['/feeds/rss.xml', '/feeds/atom.xml'].every((path) => feeds.state.requests.some((r) => r.path === path))
    for (let i = 0; i < 100 && !fetchedBoth(); i++) await new Promise((r) => setTimeout(r, 100))
    // Nobody asked: the scheduler did.
    expect(feeds.state.requests.map((r) => [r.path, r.status]).sort()).toEqual([
      ['/feeds/atom.xml', 503],
      ['/feeds/rss.xml', 503],
    ])
    expect(refreshes).toBe(0)
    expect(await (await fetch(`${server.url}/api/news`)).json()).toEqual([])
    const html = await (await fetch(`${server.url}/news`)).text()
    expect(html).toContain('Industry News')
    expect(html).toContain('No news items found for the selected category.')
    expect(html).not.toContain('Unable to Load News')
  })

  it('POST /api/news/update fetches now, and GET /api/news lists the items', async () => {
    feeds.state.rssFailStatus = null
    feeds.state.atomFailStatus = null
    let report: { fetched: number; newItems: number; skipped: unknown[]; lockHeld: boolean } | undefined
    // The scheduler's fetch may still hold the lease for a moment.
    for (let i = 0; i < 3 && (!report || report.lockHeld); i++) {
      if (report) await new Promise((r) => setTimeout(r, 300))
      const response = await postUpdate()
      expect(response.status).toBe(200)
      report = (await response.json()) as typeof report
    }
    expect(report).toMatchObject({ fetched: 2, newItems: 6, skipped: [], lockHeld: false })
    expect(((await (await fetch(`${server.url}/api/news`)).json()) as unknown[]).length).toBe(6)
    const response = await fetch(`${server.url}/api/news?category=scdot`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, max-age=900')
    const scdot = await response.json()
    expect(scdot).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        category: 'scdot',
        source: 'Fake Department',
        priority: 'high',
        title: 'SCDOT opens new interchange on I-26',
        summary: 'Traffic shifts to the new ramps this weekend.',
        publishedAt: '2026-11-20T16:00:00.000Z',
        url: 'https://dept.example.test/news/interchange-opens',
      },
    ])
  })

  it('answers 400 for an unknown category and 405 for GET on the update route', async () => {
    const bad = await fetch(`${server.url}/api/news?category=sports`)
    expect(bad.status).toBe(400)
    expect(((await bad.json()) as { message: string }).message).toMatch(/category is one of all, scdot, osha, construction, engineering/)
    expect((await fetch(`${server.url}/api/news?limit=0`)).status).toBe(400)
    expect((await fetch(`${server.url}/api/news/update`)).status).toBe(405)
  })

  it('POST /api/news/update adds only what is new, refuses other origins and is rate-limited per address', async () => {
    const crossSite = await fetch(`${server.url}/api/news/update`, { method: 'POST', headers: { origin: 'https://evil.example' } })
    expect(crossSite.status).toBe(403)

    feeds.state.rssItems = [{ title: 'Heat illness rule proposed', link: 'https://news.example.test/articles/heat', summary: 'Comments due soon.' }, ...feeds.state.rssItems]
    feeds.state.version++
    const response = await postUpdate({ origin: server.url })
    expect(response.status).toBe(200)
    const report = (await response.json()) as { ok: boolean; fetched: number; newItems: number; skipped: unknown[]; lockHeld: boolean; items: { title: string }[] }
    expect(report).toMatchObject({ ok: true, fetched: 2, newItems: 1, skipped: [], lockHeld: false })
    expect(report.items.map((i) => i.title)).toEqual(['Heat illness rule proposed'])
    expect(((await (await fetch(`${server.url}/api/news?category=osha`)).json()) as unknown[]).length).toBe(5)

    // The page's form post (no JavaScript) refreshes and goes back to the chosen category.
    refreshes++
    const form = await fetch(`${server.url}/news`, {
      method: 'POST',
      body: new URLSearchParams({ category: 'osha' }),
      headers: { origin: server.url },
      redirect: 'manual',
    })
    expect(form.status).toBe(302)
    expect(form.headers.get('location')).toBe('/news?category=osha')

    // Up to the limit refreshes pass; the next is refused with a Retry-After.
    while (refreshes < REFRESH_LIMIT) expect((await postUpdate()).status).toBe(200)
    const limited = await postUpdate()
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    // The page shows the limit as a message instead of failing.
    const page = await fetch(`${server.url}/news`, { method: 'POST', body: new URLSearchParams({ category: 'all' }), redirect: 'manual' })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('News was refreshed a moment ago')
  })

  it('renders /news with the stored items, and the chosen category first', async () => {
    const html = await (await fetch(`${server.url}/news?category=scdot`)).text()
    expect(html).toContain('Industry News')
    expect(html).toContain('SCDOT opens new interchange on I-26')
    // Every item ships with the page (the buttons filter in the browser); only the chosen category's cards are drawn.
    const drawn = [...html.matchAll(/<article[^>]*data-category="([a-z]+)"/g)].map((m) => m[1])
    expect(drawn).toEqual(['scdot'])
    const all = await (await fetch(`${server.url}/news`)).text()
    expect(all).toContain('Heat illness rule proposed')
    expect(all).toContain('News updates automatically every 30 minutes')
  })

  it.runIf(kind === 'postgres')('shows the load-failure card when the news cannot be read, and the API answers 500', async () => {
    const admin = postgres(database.env.DATABASE_URL!, { max: 1, onnotice: () => {} })
    try {
      await admin.unsafe('alter table news_items rename to news_items_away')
      const response = await fetch(`${server.url}/news`)
      expect(response.status).toBe(200)
      const html = await response.text()
      expect(html).toContain('Unable to Load News')
      expect(html).toContain('There was an error loading the latest news. Please try refreshing the page or check back later.')
      expect(html).not.toContain('No news items found for the selected category.')
      expect((await fetch(`${server.url}/api/news`)).status).toBe(500)
    } finally {
      await admin.unsafe('alter table news_items_away rename to news_items')
      await admin.end({ timeout: 5 })
    }
    expect(await (await fetch(`${server.url}/news`)).text()).not.toContain('Unable to Load News')
  })
})
