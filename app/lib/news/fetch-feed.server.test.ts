import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rssXml } from '../../../tests/helpers/fake-feeds'
import { startTrapListener, type TrapListener } from '../../../tests/helpers/trap-listener'
import type { FeedDefinition } from './feeds.server'
import { fetchFeed } from './fetch-feed.server'

/**
 * A feed's address is the operator's, where it redirects is its publisher's: a redirect that leaves
 * the configured origin must not lead the server to a loopback or private address.
 */
describe('fetchFeed redirects', () => {
  let trap: TrapListener
  let server: http.Server
  let base: string

  beforeAll(async () => {
    trap = await startTrapListener()
    server = http.createServer((req, res) => {
      const moves: Record<string, string> = {
        '/moved.xml': '/feed.xml',
        '/to-loopback.xml': `http://127.0.0.1:${trap.port}/feed.xml`,
        '/to-localhost.xml': `http://localhost:${trap.port}/feed.xml`,
      }
      const to = moves[req.url ?? '']
      if (to) return res.writeHead(301, { location: to }).end()
      if (req.url === '/feed.xml') {
        return res.writeHead(200, { 'content-type': 'application/rss+xml' }).end(rssXml([{ title: 'Moved feed item', link: 'https://news.example.test/a', summary: 's' }]))
      }
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    await trap.close()
  })

  const feed = (path: string): FeedDefinition => ({ id: 'redirecting', name: 'Redirecting', url: `${base}${path}`, category: 'construction', source: 'Test' })

  it('follows a redirect within the feed origin', async () => {
    const result = await fetchFeed(feed('/moved.xml'), { timeoutMs: 3000 })
    expect(result.status).toBe('ok')
    expect(result.status === 'ok' && result.entries.map((e) => e.title)).toEqual(['Moved feed item'])
  })

  it('refuses a redirect to another origin on a non-public address, and never connects there', async () => {
    for (const path of ['/to-loopback.xml', '/to-localhost.xml']) {
      const result = await fetchFeed(feed(path), { timeoutMs: 3000 })
      expect(result, path).toMatchObject({ status: 'network-error', reason: expect.stringMatching(/refused .*loopback/) })
    }
    expect(trap.connections).toEqual([])
  })
})
