import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTrapListener, type TrapListener } from '../../../tests/helpers/trap-listener'
import { createGuardedDispatcher, fetchWithGuardedRedirects, RedirectError } from './guarded-fetch.server'
import { RefusedAddressError, type Resolve } from './outbound.server'

/**
 * The configured origin is a local server (trusted as configured); every redirect away from it points
 * at a trap listener on loopback that must never be reached. (Private and link-local targets are
 * covered by checkUrl's tests without any connection attempt: tests reach nothing outside 127.0.0.1.)
 */
describe('fetchWithGuardedRedirects', () => {
  let trap: TrapListener
  let origin: http.Server
  let base: string
  const redirects: Record<string, string> = {}

  beforeAll(async () => {
    trap = await startTrapListener()
    origin = http.createServer((req, res) => {
      const to = redirects[req.url ?? '']
      if (to) return res.writeHead(302, { location: to }).end('moved')
      if (req.url === '/final') return res.writeHead(200, { 'content-type': 'text/plain' }).end('the answer')
      res.writeHead(404).end()
    })
    await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`
    Object.assign(redirects, {
      '/same': '/final',
      '/same-absolute': `${base}/final`,
      '/twice': '/same',
      '/loop': '/loop',
      '/to-literal': `http://127.0.0.1:${trap.port}/feed`,
      '/to-v6': `http://[::1]:${trap.port}/feed`,
      '/to-mapped': `https://[::ffff:127.0.0.1]:${trap.port}/feed`,
      '/to-protocol-relative': `//127.0.0.1:${trap.port}/feed`,
      '/to-name': `http://localhost:${trap.port}/feed`,
      '/to-file': 'file:///etc/passwd',
      '/to-credentials': 'http://user:pw@feeds.example.test/feed',
    })
  })
  afterAll(async () => {
    origin.closeAllConnections()
    await new Promise<void>((resolve) => origin.close(() => resolve()))
    await trap.close()
  })

  it('follows redirects that stay on the configured origin (also when it is loopback)', async () => {
    for (const path of ['/same', '/same-absolute', '/twice']) {
      const response = await fetchWithGuardedRedirects(`${base}${path}`)
      expect(response.status).toBe(200)
      expect(await response.text()).toBe('the answer')
    }
  })

  it('refuses a redirect away from the origin to a non-public address, without connecting', async () => {
    for (const path of ['/to-literal', '/to-v6', '/to-mapped', '/to-protocol-relative', '/to-name']) {
      await expect(fetchWithGuardedRedirects(`${base}${path}`), path).rejects.toBeInstanceOf(RefusedAddressError)
    }
    expect(trap.connections).toEqual([])
  })

  it('refuses other schemes, credentials and redirect loops', async () => {
    await expect(fetchWithGuardedRedirects(`${base}/to-file`)).rejects.toThrow(RedirectError)
    await expect(fetchWithGuardedRedirects(`${base}/to-credentials`)).rejects.toThrow(RedirectError)
    await expect(fetchWithGuardedRedirects(`${base}/loop`)).rejects.toThrow(/more than 5 redirects/)
  })

  it('judges a name where it connects: a rebinding answer is refused by the dispatcher', async () => {
    const asked: string[] = []
    const resolve: Resolve = async (hostname) => {
      asked.push(hostname)
      return [{ address: '127.0.0.1', family: 4 }]
    }
    const dispatcher = createGuardedDispatcher(resolve)
    redirects['/to-rebinding'] = `http://feeds.example.test:${trap.port}/feed`
    try {
      await expect(fetchWithGuardedRedirects(`${base}/to-rebinding`, { dispatcher })).rejects.toBeInstanceOf(RefusedAddressError)
      expect(asked).toEqual(['feeds.example.test'])
      expect(trap.connections).toEqual([])
    } finally {
      await dispatcher.close()
    }
  })
})
