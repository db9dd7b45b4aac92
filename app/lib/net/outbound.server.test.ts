import https from 'node:https'
import type { LookupAddress } from 'node:dns'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTrapListener, type TrapListener } from '../../../tests/helpers/trap-listener'
import { GuardedHttpsAgent } from './guarded-agent.server'
import { checkUrl, checkUrlResolved, guardedLookup, hostKey, parseAllowedHosts, RefusedAddressError, type Resolve } from './outbound.server'

/** A resolver that answers from a table (no DNS), recording what it was asked. */
function stubResolver(table: Record<string, string[]>): Resolve & { asked: string[] } {
  const asked: string[] = []
  const resolve = async (hostname: string) => {
    asked.push(hostname)
    const answers = table[hostname]
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
    return answers.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
  }
  return Object.assign(resolve, { asked })
}

const HTTPS = { protocols: ['https:'] }

describe('parseAllowedHosts and hostKey', () => {
  it('keeps exact host:port entries in one form and reports the rest', () => {
    const { hosts, invalid } = parseAllowedHosts('127.0.0.1:4443, [0:0::1]:8443 Push.Internal.:9443,localhost,10.0.0.1:0,[push]:1,https://x:1, a:99999')
    expect([...hosts].sort()).toEqual(['127.0.0.1:4443', '[::1]:8443', 'push.internal:9443'])
    expect(invalid).toEqual(['localhost', '10.0.0.1:0', '[push]:1', 'https://x:1', 'a:99999'])
    expect(parseAllowedHosts(undefined).hosts.size).toBe(0)
    expect(hostKey('[::FFFF:127.0.0.1]', '443')).toBe('[::ffff:7f00:1]:443')
  })
})

describe('checkUrl (from the URL alone)', () => {
  it.each([
    ['https://fcm.googleapis.com/fcm/send/abc', true],
    ['https://8.8.8.8/push', true],
    ['https://127.0.0.1:4443/push', false],
    ['https://0x7f000001/push', false], // the URL parser reads it as 127.0.0.1
    ['https://2130706433/push', false],
    ['https://[::1]/push', false],
    ['https://[::ffff:127.0.0.1]/push', false],
    ['https://10.0.0.1/push', false],
    ['https://169.254.169.254/latest', false],
    ['http://push.example/push', false],
    ['ftp://push.example/push', false],
    ['https://user:secret@push.example/push', false],
    ['not a url', false],
  ])('%s → %s', (url, ok) => {
    expect(checkUrl(url, HTTPS).ok).toBe(ok)
  })

  it('lets exactly the allowed host:port through, and only with an allowed scheme', () => {
    const allowedHosts = parseAllowedHosts('127.0.0.1:4443,[::1]:443').hosts
    expect(checkUrl('https://127.0.0.1:4443/p', { ...HTTPS, allowedHosts })).toMatchObject({ ok: true, allowed: true })
    expect(checkUrl('https://[::1]/p', { ...HTTPS, allowedHosts })).toMatchObject({ ok: true, allowed: true })
    expect(checkUrl('https://127.0.0.1:4444/p', { ...HTTPS, allowedHosts }).ok).toBe(false)
    expect(checkUrl('http://127.0.0.1:4443/p', { ...HTTPS, allowedHosts }).ok).toBe(false)
  })
})

describe('checkUrlResolved', () => {
  const resolve = stubResolver({
    'push.example': ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'inside.example': ['127.0.0.1'],
    'mixed.example': ['93.184.215.14', '10.0.0.7'],
    'mapped.example': ['::ffff:192.168.1.1'],
    'empty.example': [],
  })

  it('passes a name only when every address it resolves to is public', async () => {
    expect((await checkUrlResolved('https://push.example/p', HTTPS, resolve)).ok).toBe(true)
    for (const host of ['inside.example', 'mixed.example', 'mapped.example']) {
      expect(await checkUrlResolved(`https://${host}/p`, HTTPS, resolve)).toMatchObject({ ok: false, refusal: 'address' })
    }
    expect(await checkUrlResolved('https://empty.example/p', HTTPS, resolve)).toMatchObject({ ok: false, refusal: 'not-found' })
    expect(await checkUrlResolved('https://nowhere.example/p', HTTPS, resolve)).toMatchObject({ ok: false, refusal: 'not-found' })
    const failing: Resolve = async () => Promise.reject(Object.assign(new Error('queryA ETIMEOUT'), { code: 'ETIMEOUT' }))
    expect(await checkUrlResolved('https://push.example/p', HTTPS, failing)).toMatchObject({ ok: false, refusal: 'dns-failure' })
    const silent: Resolve = () => new Promise(() => {})
    expect(await checkUrlResolved('https://push.example/p', HTTPS, silent, 20)).toMatchObject({ ok: false, refusal: 'dns-failure' })
  })

  it('does not resolve literals or allowed hosts', async () => {
    const asked = resolve.asked.length
    expect((await checkUrlResolved('https://127.0.0.1/p', HTTPS, resolve)).ok).toBe(false)
    expect((await checkUrlResolved('https://inside.example:8443/p', { ...HTTPS, allowedHosts: parseAllowedHosts('inside.example:8443').hosts }, resolve)).ok).toBe(true)
    expect(resolve.asked.length).toBe(asked)
  })

  it('resolves names through the system resolver by default: localhost is refused', async () => {
    expect(await checkUrlResolved('https://localhost:4443/p', HTTPS)).toMatchObject({ ok: false, refusal: 'address' })
  })
})

describe('guardedLookup', () => {
  const lookup = guardedLookup(stubResolver({ 'push.example': ['93.184.215.14', '2606:2800:21f:cb07::1'], 'inside.example': ['93.184.215.14', '::1'] }))
  const call = (hostname: string, all: boolean) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
      lookup(hostname, { all }, (err, address, family) => resolve({ err, address, family })),
    )

  it('answers like dns.lookup, in both forms, when every address is public', async () => {
    expect(await call('push.example', false)).toEqual({ err: null, address: '93.184.215.14', family: 4 })
    expect((await call('push.example', true)).address).toEqual([
      { address: '93.184.215.14', family: 4 },
      { address: '2606:2800:21f:cb07::1', family: 6 },
    ])
  })

  it('fails with RefusedAddressError when any address is not public, and passes resolver errors on', async () => {
    const refused = await call('inside.example', true)
    expect(refused.err).toBeInstanceOf(RefusedAddressError)
    expect(refused.err).toMatchObject({ code: 'ERR_ADDRESS_NOT_PUBLIC', address: '::1', range: 'loopback' })
    expect((await call('nowhere.example', false)).err?.code).toBe('ENOTFOUND')
  })
})

describe('GuardedHttpsAgent', () => {
  let trap: TrapListener
  beforeAll(async () => {
    trap = await startTrapListener()
  })
  afterAll(async () => {
    await trap.close()
  })

  const get = (url: string, agent: https.Agent) =>
    new Promise<Error>((resolve) => {
      const request = https.get(url, { agent, timeout: 3000 }, (response) => {
        response.resume()
        resolve(new Error(`answered ${response.statusCode}`))
      })
      request.on('error', resolve)
      request.on('timeout', () => request.destroy(new Error('timeout')))
    })

  it('refuses literal loopback addresses and names that resolve inside before any connection', async () => {
    // The name resolves to a public address at subscribe time, to 127.0.0.1 now (DNS rebinding).
    const resolve = stubResolver({ 'push.example': ['127.0.0.1'] })
    const agent = new GuardedHttpsAgent({ resolve })
    try {
      for (const url of [`https://127.0.0.1:${trap.port}/p`, `https://[::1]:${trap.port}/p`, `https://[::ffff:127.0.0.1]:${trap.port}/p`, `https://push.example:${trap.port}/p`]) {
        expect(await get(url, agent), url).toBeInstanceOf(RefusedAddressError)
      }
      expect(resolve.asked).toEqual(['push.example'])
      expect(trap.connections).toEqual([])
    } finally {
      agent.destroy()
    }
  })

  it('connects to an allowed host:port (the operator setting), and only to that one', async () => {
    const agent = new GuardedHttpsAgent({ allowedHosts: parseAllowedHosts(`127.0.0.1:${trap.port}`).hosts })
    try {
      const error = await get(`https://127.0.0.1:${trap.port}/p`, agent)
      expect(error).not.toBeInstanceOf(RefusedAddressError) // it connected; the trap hung up
      expect(trap.connections).toHaveLength(1)
      // Same port, another host name (the system resolver answers 127.0.0.1 for it): refused.
      expect(await get(`https://localhost:${trap.port}/p`, agent)).toBeInstanceOf(RefusedAddressError)
      expect(trap.connections).toHaveLength(1)
    } finally {
      agent.destroy()
    }
  })
})
