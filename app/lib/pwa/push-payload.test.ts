import { describe, expect, it } from 'vitest'
import { readPushPayload } from './push-payload'

describe('readPushPayload', () => {
  it('reads the agreed shape', () => {
    const shown = readPushPayload(JSON.stringify({ title: 'New item', body: 'Read it', url: '/news', tag: 'n1', icon: '/logo-mark.svg', badge: '/favicon.svg', type: 'news' }))
    expect(shown).toEqual({ title: 'New item', body: 'Read it', url: '/news', tag: 'n1', icon: '/logo-mark.svg', badge: '/favicon.svg', type: 'news' })
  })

  it('never opens another site, and defaults the target by type', () => {
    expect(readPushPayload(JSON.stringify({ type: 'trends', url: 'https://evil.example/' })).url).toBe('/trends')
    expect(readPushPayload(JSON.stringify({ type: 'news', url: '//evil.example/' })).url).toBe('/news')
    expect(readPushPayload(JSON.stringify({ type: 'weird' }))).toMatchObject({ type: 'announcements', url: '/' })
  })

  it('survives a non-JSON or empty message', () => {
    expect(readPushPayload('plain text')).toMatchObject({ body: 'plain text', title: 'SCDOT Field Assistant' })
    expect(readPushPayload(null).title).toBe('SCDOT Field Assistant')
  })
})
