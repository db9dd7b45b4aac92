import type { LookupAddress } from 'node:dns'
import { afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import type { Resolve } from '../net/outbound.server'
import {
  checkSubscriptionEndpoint,
  ENDPOINT_CHECK_UNAVAILABLE,
  ENDPOINT_NOT_FOUND,
  ENDPOINT_NOT_HTTPS,
  ENDPOINT_NOT_PUBLIC,
  pushAllowedHosts,
  storedEndpointRefusal,
} from './endpoint.server'

const resolve: Resolve = async (hostname) => {
  const table: Record<string, string[]> = {
    'fcm.googleapis.com': ['142.250.185.106', '2a00:1450:4001:82b::200a'],
    'rebind.example': ['10.1.2.3'],
  }
  if (hostname === 'flaky.example') throw Object.assign(new Error('EAI_AGAIN'), { code: 'EAI_AGAIN' })
  const answers = table[hostname]
  if (!answers) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' })
  return answers.map((address): LookupAddress => ({ address, family: address.includes(':') ? 6 : 4 }))
}

describe('checkSubscriptionEndpoint', () => {
  const none = new Set<string>()

  it('accepts the public https address of a push service', async () => {
    expect(await checkSubscriptionEndpoint('https://fcm.googleapis.com/fcm/send/abc:def', { allowedHosts: none, resolve })).toBeNull()
  })

  it.each([
    ['http://fcm.googleapis.com/fcm/send/x', 400, ENDPOINT_NOT_HTTPS],
    ['https://127.0.0.1:4443/push/x', 400, ENDPOINT_NOT_PUBLIC],
    ['https://[::1]/push/x', 400, ENDPOINT_NOT_PUBLIC],
    ['https://10.0.0.1/push/x', 400, ENDPOINT_NOT_PUBLIC],
    ['https://rebind.example/push/x', 400, ENDPOINT_NOT_PUBLIC],
    ['https://user:pw@fcm.googleapis.com/x', 400, ENDPOINT_NOT_PUBLIC],
    ['https://nowhere.example/push/x', 400, ENDPOINT_NOT_FOUND],
    ['https://flaky.example/push/x', 503, ENDPOINT_CHECK_UNAVAILABLE],
  ])('%s → %i', async (endpoint, status, message) => {
    expect(await checkSubscriptionEndpoint(endpoint, { allowedHosts: none, resolve })).toEqual({ status, message })
  })
})

describe('PUSH_ALLOWED_HOSTS', () => {
  const saved = process.env.PUSH_ALLOWED_HOSTS
  afterEach(() => {
    if (saved === undefined) delete process.env.PUSH_ALLOWED_HOSTS
    else process.env.PUSH_ALLOWED_HOSTS = saved
    resetConfig()
  })

  it('is off by default, and lets exactly its host:port entries through', async () => {
    delete process.env.PUSH_ALLOWED_HOSTS
    resetConfig()
    expect(pushAllowedHosts().size).toBe(0)
    expect(await checkSubscriptionEndpoint('https://127.0.0.1:4443/push/x', { resolve })).toMatchObject({ status: 400 })

    process.env.PUSH_ALLOWED_HOSTS = '127.0.0.1:4443'
    resetConfig()
    expect(await checkSubscriptionEndpoint('https://127.0.0.1:4443/push/x', { resolve })).toBeNull()
    expect(await checkSubscriptionEndpoint('https://127.0.0.1:4444/push/x', { resolve })).toMatchObject({ status: 400 })
    expect(await checkSubscriptionEndpoint('http://127.0.0.1:4443/push/x', { resolve })).toMatchObject({ status: 400 })
    expect(storedEndpointRefusal('https://127.0.0.1:4443/push/x', pushAllowedHosts())).toBeNull()
    expect(storedEndpointRefusal('https://127.0.0.1:4444/push/x', pushAllowedHosts())).toMatch(/loopback/)
  })
})
