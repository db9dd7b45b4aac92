import { describe, expect, it } from 'vitest'
import { buildPayload, decodePayload, DEFAULT_ICON, SubscribeSchema, TestNotificationSchema, TopicSettingsSchema } from './payload'

const keys = { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' }

describe('push payload', () => {
  it('always leads to the click target of its type, never a given URL', () => {
    const payload = buildPayload({ type: 'trends', title: 'T', body: 'B' })
    expect(payload).toEqual({ title: 'T', body: 'B', url: '/trends', tag: 'trends-notification', icon: DEFAULT_ICON, badge: expect.any(String), type: 'trends' })
    const parsed = TestNotificationSchema.parse({ title: 'x', type: 'news', url: 'https://evil.example/', icon: '//evil.example/i.png', badge: '/b.png' })
    expect(parsed.url).toBe('/news')
    expect(parsed.icon).toBe(DEFAULT_ICON)
    expect(parsed.badge).toBe('/b.png')
    expect(TestNotificationSchema.parse({ title: 'x', type: 'announcements' }).url).toBe('/')
  })

  it('test requests: body, else message, else a default; type must be known; sizes capped', () => {
    expect(TestNotificationSchema.parse({ title: 'x', message: 'm', body: 'b' }).body).toBe('b')
    expect(TestNotificationSchema.parse({ title: 'x', message: 'm' }).body).toBe('m')
    expect(TestNotificationSchema.parse({}).body).toBe('This is a test notification.')
    expect(TestNotificationSchema.safeParse({ title: 'x', type: 'weather' }).success).toBe(false)
    expect(TestNotificationSchema.safeParse({ title: 'x'.repeat(121) }).success).toBe(false)
    expect(TestNotificationSchema.safeParse({ title: 'x', body: 'y'.repeat(501) }).success).toBe(false)
  })

  it('the worker reads a malformed message with safe defaults and only same-origin paths', () => {
    expect(decodePayload('{"title":"A","body":"B","type":"news","url":"https://evil.example"}')).toMatchObject({ title: 'A', url: '/news', type: 'news' })
    expect(decodePayload('{"title":"A","url":"/trends?x=1"}')).toMatchObject({ type: 'announcements', url: '/trends?x=1' })
    expect(decodePayload('plain text')).toMatchObject({ body: 'plain text', url: '/' })
    expect(decodePayload(null).title.length).toBeGreaterThan(0)
  })
})

describe('subscription schemas', () => {
  const subscription = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys }

  it('accept a browser subscription with optional topics', () => {
    expect(SubscribeSchema.parse(subscription)).toMatchObject({ endpoint: subscription.endpoint })
    expect(SubscribeSchema.parse({ ...subscription, topics: { news: false } }).topics).toEqual({ news: false })
  })

  it('refuse non-https or oversized endpoints and malformed keys', () => {
    expect(SubscribeSchema.safeParse({ ...subscription, endpoint: 'http://push.example/x' }).success).toBe(false)
    expect(SubscribeSchema.safeParse({ ...subscription, endpoint: 'not a url' }).success).toBe(false)
    expect(SubscribeSchema.safeParse({ ...subscription, endpoint: `https://push.example/${'a'.repeat(1100)}` }).success).toBe(false)
    expect(SubscribeSchema.safeParse({ ...subscription, keys: { ...keys, auth: 'has spaces' } }).success).toBe(false)
    expect(SubscribeSchema.safeParse({ endpoint: subscription.endpoint }).success).toBe(false)
    expect(SubscribeSchema.safeParse({ ...subscription, expirationTime: -1 }).success).toBe(false)
  })

  it('topic settings are booleans only', () => {
    expect(TopicSettingsSchema.parse({ news: true })).toEqual({ news: true })
    expect(TopicSettingsSchema.safeParse({ news: 'yes' }).success).toBe(false)
  })
})
