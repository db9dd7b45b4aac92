import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type DbHandle } from '../../db/client'
import { appSettings, pushSubscriptions, users } from '../../db/schema'
import { parseAllowedHosts } from '../../app/lib/net/outbound.server'
import type { PushConnection } from '../../app/lib/push/endpoint.server'
import { pushNewsItems, sendToSubscriptions } from '../../app/lib/push/send.server'
import { buildPayload } from '../../app/lib/push/payload'
import { MAX_SUBSCRIPTIONS_PER_USER, saveSubscription, updateTopics } from '../../app/lib/push/subscriptions.server'
import { ensureVapidKeys, VAPID_SETTING_KEY } from '../../app/lib/push/vapid.server'
import { fakeFeedList, startFakeFeedServer } from '../helpers/fake-feeds'
import { startFakePushService, type FakePushService } from '../helpers/fake-push-service'
import { startTrapListener, type TrapListener } from '../helpers/trap-listener'
import { createTestDatabase, DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { jsonHeaders, ROOT, signUpMember, startGuest, startServer, type RunningServer } from './server'

process.env.APP_ROOT = ROOT

const item = (n: number, priority = 'normal') => ({
  id: `news-${n}`,
  title: `Bridge deck pour schedule ${n}`,
  summary: `Summary of item ${n}`,
  url: `https://news.example.test/${n}`,
  category: 'Construction',
  priority,
})

/** How the app reaches a local push service: its CA, and its exact host:port let through the address rule. */
const via = (push: FakePushService, ...more: string[]): PushConnection => ({ ca: push.ca, allowedHosts: parseAllowedHosts([push.host, ...more].join(',')).hosts })

describe.each(DATABASE_KINDS)('push delivery on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle
  let push: FakePushService
  const pat = randomUUID()
  const sam = randomUUID()
  const guest = randomUUID()

  beforeAll(async () => {
    push = await startFakePushService()
    ;({ database, handle } = await openMigratedTestDatabase(kind))
    await handle.db.insert(users).values([
      { id: pat, email: `pat-${pat}@example.test`, firstName: 'Pat', lastName: 'One' },
      { id: sam, email: `sam-${sam}@example.test`, firstName: 'Sam', lastName: 'Two' },
      { id: guest, firstName: 'Guest', lastName: 'User', isGuest: true },
    ])
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
    await push?.close()
  })

  it('makes the VAPID keys once and reads the same ones after a restart', async () => {
    const first = await ensureVapidKeys(handle)
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/)
    expect(await ensureVapidKeys(handle)).toEqual(first)
    // Another start (PGlite: the directory reopened; PostgreSQL: a second connection) reads the same keys.
    if (kind === 'pglite') {
      await handle.close()
      handle = await openDatabase(database.open)
      expect(await ensureVapidKeys(handle)).toEqual(first)
    } else {
      const others = await Promise.all([openDatabase(database.open), openDatabase(database.open)])
      try {
        const keys = await Promise.all(others.map((other) => ensureVapidKeys(other)))
        expect(keys.map((k) => k.publicKey)).toEqual([first.publicKey, first.publicKey])
      } finally {
        await Promise.all(others.map((other) => other.close()))
      }
    }
    const rows = await handle.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING_KEY))
    expect(rows).toHaveLength(1)
    expect(rows[0]!.value).toEqual({ publicKey: first.publicKey, privateKey: first.privateKey })
  })

  it('replaces a subscription by endpoint, even from another user, and caps each user', async () => {
    const browser = push.subscribe()
    const first = await saveSubscription(handle.db, pat, { ...browser, topics: { trends: false } })
    expect(first).toMatchObject({ userId: pat, news: true, trends: false, announcements: true })
    const again = await saveSubscription(handle.db, pat, browser)
    expect(again.trends).toBe(false) // flags kept when the same user subscribes again
    const taken = await saveSubscription(handle.db, sam, browser)
    expect(taken).toMatchObject({ userId: sam, trends: true })
    const rows = await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, browser.endpoint))
    expect(rows.map((r) => r.userId)).toEqual([sam])

    for (let i = 0; i < MAX_SUBSCRIPTIONS_PER_USER + 2; i++) await saveSubscription(handle.db, sam, push.subscribe())
    const sams = await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, sam))
    expect(sams).toHaveLength(MAX_SUBSCRIPTIONS_PER_USER)
    expect(sams.some((r) => r.endpoint === browser.endpoint)).toBe(false) // the oldest went first
    await handle.db.delete(pushSubscriptions)
  })

  it('pushes news only to members with news on, encrypted so the browser decrypts the item', async () => {
    const patBrowser = push.subscribe()
    const samBrowser = push.subscribe()
    const guestBrowser = push.subscribe()
    await saveSubscription(handle.db, pat, patBrowser)
    await saveSubscription(handle.db, sam, samBrowser)
    await updateTopics(handle.db, sam, { news: false })
    await saveSubscription(handle.db, guest, guestBrowser) // cannot happen through the routes; the join refuses it too
    const before = push.messages.length

    const report = await pushNewsItems(handle, [item(1, 'critical'), item(2)], { connection: via(push) })
    expect(report).toEqual({ sent: 2, removed: 0, failed: 0 })
    expect(push.messages.length - before).toBe(2)
    expect(push.messagesFor(samBrowser.endpoint)).toEqual([])
    expect(push.messagesFor(guestBrowser.endpoint)).toEqual([])
    const [critical, normal] = push.messagesFor(patBrowser.endpoint)
    expect(critical!.payload).toEqual({
      title: 'Critical: Bridge deck pour schedule 1',
      body: 'Summary of item 1',
      url: '/news',
      tag: 'news-news-1',
      icon: expect.stringMatching(/^\//),
      badge: expect.stringMatching(/^\//),
      type: 'news',
    })
    expect(normal!.payload.title).toBe('Bridge deck pour schedule 2')
    expect(critical!.urgency).toBe('high')
    expect(critical!.ttl).toBe(12 * 60 * 60)
    expect(critical!.vapidKey).toBe((await ensureVapidKeys(handle)).publicKey)
    const [row] = await handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, patBrowser.endpoint))
    expect(row!.lastSuccessAt).toBeInstanceOf(Date)
  })

  it('sends one digest when a refresh brings many items, at normal urgency without critical ones', async () => {
    const before = push.messages.length
    const report = await pushNewsItems(handle, [1, 2, 3, 4, 5].map((n) => item(n)), { connection: via(push) })
    expect(report.sent).toBe(1)
    const [digest] = push.messages.slice(before)
    expect(digest!.payload).toMatchObject({ title: '5 news updates', type: 'news', url: '/news', tag: 'news-digest' })
    expect(digest!.payload.body).toContain('Bridge deck pour schedule 1')
    expect(digest!.urgency).toBe('normal')
  })

  it('deletes subscriptions the push service answers 410 or 404 for, and keeps ones that failed otherwise', async () => {
    await handle.db.delete(pushSubscriptions)
    const gone = push.subscribe()
    const unknown = push.subscribe()
    const flaky = push.subscribe()
    const fine = push.subscribe()
    for (const browser of [gone, unknown, flaky, fine]) await saveSubscription(handle.db, pat, browser)
    push.failNext(gone.endpoint, 410)
    push.forget(unknown.endpoint)
    push.failNext(flaky.endpoint, 500)

    const report = await pushNewsItems(handle, [item(9)], { connection: via(push) })
    expect(report).toEqual({ sent: 1, removed: 2, failed: 1 })
    const left = (await handle.db.select().from(pushSubscriptions)).map((r) => r.endpoint).sort()
    expect(left).toEqual([flaky.endpoint, fine.endpoint].sort())
    // The flaky one is reached next time.
    expect(await sendToSubscriptions(handle, await handle.db.select().from(pushSubscriptions), [buildPayload({ type: 'trends', title: 'T', body: 'B' })], { connection: via(push) })).toEqual({
      sent: 2,
      removed: 0,
      failed: 0,
    })
  })

  it('never throws when the push service cannot be reached', async () => {
    await handle.db.delete(pushSubscriptions)
    await saveSubscription(handle.db, pat, { endpoint: 'https://127.0.0.1:9/push/nowhere', expirationTime: null, keys: push.subscribe().keys })
    expect(await pushNewsItems(handle, [item(1)], { connection: via(push, '127.0.0.1:9'), timeoutMs: 2000 })).toEqual({ sent: 0, removed: 0, failed: 1 })
    expect(await pushNewsItems(handle, [])).toEqual({ sent: 0, removed: 0, failed: 0 })
  })

  it('never contacts stored endpoints at non-public addresses: literals are removed, names refused when connecting', async () => {
    const trap = await startTrapListener()
    try {
      await handle.db.delete(pushSubscriptions)
      const fine = push.subscribe()
      await saveSubscription(handle.db, pat, fine)
      const literal = [`https://127.0.0.1:${trap.port}/push/a`, `https://[::1]:${trap.port}/push/b`, `https://[::ffff:7f00:1]:${trap.port}/push/c`, `http://${push.host}/push/d`]
      for (const endpoint of [...literal, `https://localhost:${trap.port}/push/e`]) {
        await saveSubscription(handle.db, pat, { endpoint, expirationTime: null, keys: push.subscribe().keys })
      }
      // The allowed host:port is exact: the same address at the trap's port is not let through.
      expect(await pushNewsItems(handle, [item(3)], { connection: via(push), timeoutMs: 2000 })).toEqual({ sent: 1, removed: literal.length, failed: 1 })
      const left = (await handle.db.select().from(pushSubscriptions)).map((r) => r.endpoint).sort()
      expect(left).toEqual([fine.endpoint, `https://localhost:${trap.port}/push/e`].sort())
      const subs = await handle.db.select().from(pushSubscriptions)
      expect(await sendToSubscriptions(handle, subs, [buildPayload({ type: 'announcements', title: 'T', body: 'B' })], { connection: via(push), timeoutMs: 2000 })).toEqual({
        sent: 1,
        removed: 0,
        failed: 1,
      })
      expect(trap.connections).toEqual([])
    } finally {
      await trap.close()
    }
  })

  it.runIf(kind === 'postgres')('two servers starting at once agree on one key pair', async () => {
    await handle.db.delete(appSettings).where(eq(appSettings.key, VAPID_SETTING_KEY))
    const servers = await Promise.all([openDatabase(database.open), openDatabase(database.open), openDatabase(database.open)])
    try {
      const keys = await Promise.all(servers.map((server) => ensureVapidKeys(server)))
      expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1)
      expect(await handle.db.select().from(appSettings).where(eq(appSettings.key, VAPID_SETTING_KEY))).toHaveLength(1)
    } finally {
      await Promise.all(servers.map((server) => server.close()))
    }
  })
})

/**
 * startServer gives up waiting after 150 s; a first start on an empty PGlite directory (migrations and
 * corpus ingest) on a loaded machine can take longer, so wait here until it answers.
 */
async function startHealthy(env: Record<string, string>): Promise<RunningServer> {
  const server = await startServer(env)
  const deadline = Date.now() + 240_000
  while (Date.now() < deadline) {
    const ok = await fetch(`${server.url}/healthz`).then((r) => r.ok).catch(() => false)
    if (ok) return server
    await new Promise((r) => setTimeout(r, 500))
  }
  throw new Error(`server did not start:\n${server.output()}`)
}

describe.each(DATABASE_KINDS)('push routes on %s (real server)', (kind) => {
  let database: TestDatabase
  let server: RunningServer
  let push: FakePushService
  let feeds: Awaited<ReturnType<typeof startFakeFeedServer>>
  let trap: TrapListener
  let env: Record<string, string>

  beforeAll(async () => {
    push = await startFakePushService()
    feeds = await startFakeFeedServer()
    trap = await startTrapListener()
    database = await createTestDatabase(kind, { corpus: true })
    env = {
      ...database.env,
      PUSH_CA_FILE: push.caFile,
      // The local push service is on loopback: only this exact host:port is let through.
      PUSH_ALLOWED_HOSTS: push.host,
      RATE_LIMIT_PUSH_TEST: '8',
      // Sessions outlive the restarts below.
      SESSION_SECRET: 'push-test-secret-0123456789abcdef',
      NEWS_FEEDS_JSON: JSON.stringify(fakeFeedList(feeds.url, ['rss'])),
    }
    server = await startHealthy(env)
  }, 420_000)
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
    await push?.close()
    await feeds?.close()
    await trap?.close()
  })

  const post = (path: string, body: unknown, cookie = '', method = 'POST') =>
    fetch(`${server.url}${path}`, { method, headers: jsonHeaders(server, cookie), body: JSON.stringify(body) })

  it('refuses signed-out visitors (401), guests (403, member benefit), other origins and bad subscriptions', async () => {
    const browser = push.subscribe()
    expect((await post('/api/notifications/subscribe', browser)).status).toBe(401)
    const guestCookie = await startGuest(server)
    const asGuest = await post('/api/notifications/subscribe', browser, guestCookie)
    expect(asGuest.status).toBe(403)
    expect((await asGuest.json()).message).toMatch(/member benefit/)
    expect((await post('/api/notifications/test', { title: 'x', type: 'news' }, guestCookie)).status).toBe(403)

    const member = await signUpMember(server)
    const crossSite = await fetch(`${server.url}/api/notifications/subscribe`, {
      method: 'POST',
      headers: { ...jsonHeaders(server, member), Origin: 'https://evil.example' },
      body: JSON.stringify(browser),
    })
    expect(crossSite.status).toBe(403)
    for (const bad of [
      { ...browser, endpoint: browser.endpoint.replace('https:', 'http:') },
      { ...browser, endpoint: `https://push.example/${'x'.repeat(2000)}` },
      { ...browser, keys: { p256dh: 'not base64 !', auth: browser.keys.auth } },
      { endpoint: browser.endpoint },
    ]) {
      const answer = await post('/api/notifications/subscribe', bad, member)
      expect(answer.status).toBe(400)
      expect((await answer.json()).message).toBeTruthy()
    }
    const notJson = await fetch(`${server.url}/api/notifications/subscribe`, { method: 'POST', headers: { ...jsonHeaders(server, member), 'Content-Type': 'text/plain' }, body: 'x' })
    expect(notJson.status).toBe(415)
  })

  it('subscribes a member and a test push arrives decrypted, with the click target of its type', async () => {
    const key = (await (await fetch(`${server.url}/api/notifications/vapid-public-key`)).json()) as { publicKey: string }
    const member = await signUpMember(server)
    const browser = push.subscribe()
    const subscribed = await post('/api/notifications/subscribe', { ...browser, topics: { news: true, trends: true, announcements: true } }, member)
    expect(subscribed.status).toBe(201)

    const answer = await post(
      '/api/notifications/test',
      { title: 'Trend check', message: 'ignored when body is set', body: 'Asphalt prices are rising', type: 'trends', tag: 't1', icon: 'https://evil.example/i.png', badge: '/favicon.svg', url: 'https://evil.example/' },
      member,
    )
    expect(answer.status).toBe(200)
    expect(await answer.json()).toMatchObject({ sent: 1, removed: 0, failed: 0 })
    const [message] = push.messagesFor(browser.endpoint)
    expect(message!.payload).toEqual({ title: 'Trend check', body: 'Asphalt prices are rising', url: '/trends', tag: 't1', icon: expect.stringMatching(/^\/[^/]/), badge: '/favicon.svg', type: 'trends' })
    expect(message!.vapidKey).toBe(key.publicKey)
    expect(message!.jwt.aud).toBe(push.url)

    // The news toggle off: a news test reaches nobody; announcements still lead to /.
    expect((await post('/api/notifications/settings', { endpoint: browser.endpoint, news: false }, member)).status).toBe(200)
    expect(await (await post('/api/notifications/test', { title: 'N', body: 'n', type: 'news' }, member)).json()).toMatchObject({ sent: 0 })
    expect(await (await post('/api/notifications/test', { title: 'A', message: 'from message', type: 'announcements' }, member)).json()).toMatchObject({ sent: 1 })
    expect(push.messagesFor(browser.endpoint).at(-1)!.payload).toMatchObject({ body: 'from message', url: '/', type: 'announcements' })
    expect((await post('/api/notifications/test', { title: 'x', type: 'weather' }, member)).status).toBe(400)
    expect((await post('/api/notifications/settings', { endpoint: browser.endpoint }, member)).status).toBe(400)
  })

  it('hands a browser to the member who subscribes it last, and unsubscribes', async () => {
    const first = await signUpMember(server)
    const second = await signUpMember(server)
    const browser = push.subscribe()
    expect((await post('/api/notifications/subscribe', browser, first)).status).toBe(201)
    expect((await post('/api/notifications/subscribe', browser, second)).status).toBe(201)
    expect(await (await post('/api/notifications/test', { title: 'a', body: 'b', type: 'news' }, first)).json()).toMatchObject({ sent: 0 })
    expect(await (await post('/api/notifications/test', { title: 'a', body: 'b', type: 'news' }, second)).json()).toMatchObject({ sent: 1 })
    // The first member cannot remove what is now the second's.
    expect(await (await post('/api/notifications/unsubscribe', { endpoint: browser.endpoint }, first)).json()).toEqual({ removed: false })
    expect(await (await post('/api/notifications/subscribe', { endpoint: browser.endpoint }, second, 'DELETE')).json()).toEqual({ removed: true })
    expect(await (await post('/api/notifications/test', { title: 'a', body: 'b', type: 'news' }, second)).json()).toMatchObject({ sent: 0 })
  })

  it('removes a subscription the push service says is gone, and rate-limits test pushes', async () => {
    const member = await signUpMember(server)
    const browser = push.subscribe()
    await post('/api/notifications/subscribe', browser, member)
    push.failNext(browser.endpoint, 410)
    expect(await (await post('/api/notifications/test', { title: 'a', body: 'b', type: 'news' }, member)).json()).toMatchObject({ sent: 0, removed: 1 })
    expect(await (await post('/api/notifications/test', { title: 'a', body: 'b', type: 'news' }, member)).json()).toMatchObject({ sent: 0, removed: 0 })
    let status = 200
    for (let i = 0; i < 8 && status === 200; i++) status = (await post('/api/notifications/test', { title: 'a', body: 'b', type: 'news' }, member)).status
    expect(status).toBe(429)
  })

  it('refuses endpoints that are not public https addresses of a push service, and never contacts them', async () => {
    const member = await signUpMember(server)
    const keys = push.subscribe().keys
    // Topics all off: even where a subscription were stored, no later push would select it.
    const topics = { news: false, trends: false, announcements: false }
    for (const endpoint of [
      `https://127.0.0.1:${trap.port}/push/loopback`,
      `https://[::1]:${trap.port}/push/loopback-v6`,
      `https://[::ffff:127.0.0.1]:${trap.port}/push/mapped`,
      `https://0x7f000001:${trap.port}/push/hex`,
      `https://localhost:${trap.port}/push/by-name`,
      'https://10.0.0.1/push/private',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/push/cgnat',
      'https://[fd00::1]/push/unique-local',
      `http://127.0.0.1:${trap.port}/push/plain`,
      // The allowed host is exact: the push service's host with another port is not let through.
      `https://127.0.0.1:${Number(new URL(push.url).port) === 65535 ? 65534 : Number(new URL(push.url).port) + 1}/push/other-port`,
    ]) {
      const answer = await post('/api/notifications/subscribe', { endpoint, expirationTime: null, keys, topics }, member)
      expect(answer.status, endpoint).toBe(400)
      expect((await answer.json()).message, endpoint).toMatch(/https|public/)
    }
    expect(trap.connections).toEqual([])
  })

  it('never contacts a stored subscription whose endpoint is not public: test notification and news push', async () => {
    const email = `stored-${kind}-${randomUUID()}@example.test`
    const member = await signUpMember(server, { email })
    const good = push.subscribe()
    expect((await post('/api/notifications/subscribe', good, member)).status).toBe(201)
    // Rows a member could have stored before the rule existed (or written straight into the database).
    await server.stop()
    const handle = await openDatabase(database.open)
    try {
      const [user] = await handle.db.select({ id: users.id }).from(users).where(eq(users.email, email))
      await handle.db.insert(pushSubscriptions).values(
        [`https://127.0.0.1:${trap.port}/push/a`, `https://[::1]:${trap.port}/push/b`, `https://localhost:${trap.port}/push/c`].map((endpoint) => ({
          id: randomUUID(),
          userId: user!.id,
          endpoint,
          ...push.subscribe().keys,
        })),
      )
    } finally {
      await handle.close()
    }
    server = await startHealthy(env)

    const tested = await post('/api/notifications/test', { title: 'Check', body: 'b', type: 'news' }, member)
    expect(tested.status).toBe(200)
    // The two literal addresses are removed unseen; localhost is a name, refused when connecting.
    expect(await tested.json()).toMatchObject({ sent: 1, removed: 2, failed: 1 })
    expect(push.messagesFor(good.endpoint)).toHaveLength(1)

    const update = await fetch(`${server.url}/api/news/update`, { method: 'POST', headers: { Origin: server.url } })
    expect(update.status).toBe(200)
    expect((await update.json()).newItems).toBeGreaterThan(0)
    expect(push.messagesFor(good.endpoint).length).toBeGreaterThan(1)
    expect(trap.connections).toEqual([])
  })

  it('keeps the same VAPID key across a restart', async () => {
    const before = (await (await fetch(`${server.url}/api/notifications/vapid-public-key`)).json()) as { publicKey: string }
    await server.stop()
    server = await startHealthy(env)
    const after = (await (await fetch(`${server.url}/api/notifications/vapid-public-key`)).json()) as { publicKey: string }
    expect(after.publicKey).toBe(before.publicKey)
  }, 420_000)
})
