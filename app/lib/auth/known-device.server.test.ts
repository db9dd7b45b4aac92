import { describe, expect, it } from 'vitest'
import { MAX_ACCOUNTS_PER_DEVICE, knownDeviceCookie, readKnownDevice, rememberDevice } from './known-device.server'

const withCookie = (setCookie: string) => new Request('http://localhost/auth', { headers: { cookie: setCookie.split(';')[0]! } })

describe('known-device cookie', () => {
  it('is httpOnly, SameSite=Lax, long-lived and signed', async () => {
    const header = await rememberDevice(new Request('http://localhost/auth'), 'user-1')
    expect(header).toMatch(/^known_device=/)
    expect(header).toContain('HttpOnly')
    expect(header).toContain('SameSite=Lax')
    expect(Number(/Max-Age=(\d+)/.exec(header)?.[1])).toBeGreaterThanOrEqual(300 * 24 * 60 * 60)
    expect(knownDeviceCookie.isSigned).toBe(true)
  })

  it('keeps the device id and puts the latest account first', async () => {
    const first = await readKnownDevice(withCookie(await rememberDevice(new Request('http://localhost/'), 'user-1')))
    expect(first).toMatchObject({ a: ['user-1'] })
    const second = await readKnownDevice(withCookie(await rememberDevice(withCookie(await knownDeviceCookie.serialize(first)), 'user-2')))
    expect(second).toEqual({ d: first!.d, a: ['user-2', 'user-1'] })
  })

  it(`remembers at most ${MAX_ACCOUNTS_PER_DEVICE} accounts`, async () => {
    let header = await rememberDevice(new Request('http://localhost/'), 'user-0')
    for (let i = 1; i < 8; i++) header = await rememberDevice(withCookie(header), `user-${i}`)
    expect((await readKnownDevice(withCookie(header)))?.a).toEqual(['user-7', 'user-6', 'user-5', 'user-4', 'user-3'])
  })

  it('ignores a missing, forged, edited or malformed cookie', async () => {
    expect(await readKnownDevice(new Request('http://localhost/'))).toBeNull()
    const unsigned = Buffer.from(JSON.stringify({ d: 'a'.repeat(22), a: ['user-1'] })).toString('base64')
    expect(await readKnownDevice(withCookie(`known_device=${unsigned}`))).toBeNull()
    const genuine = (await rememberDevice(new Request('http://localhost/'), 'user-1')).split(';')[0]!
    const signature = genuine.split('.').at(-1)
    const edited = Buffer.from(JSON.stringify({ d: 'a'.repeat(22), a: ['user-2'] })).toString('base64')
    expect(await readKnownDevice(withCookie(`known_device=${edited}.${signature}`))).toBeNull()
    expect(await readKnownDevice(withCookie(await knownDeviceCookie.serialize({ d: 'short', a: 'user-1' })))).toBeNull()
  })
})
