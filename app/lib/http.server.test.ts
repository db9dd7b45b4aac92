import { describe, expect, it } from 'vitest'
import { assertSameOrigin, safeRedirectPath } from './http.server'

function post(headers: Record<string, string>) {
  return new Request('http://localhost:3000/theme', { method: 'POST', headers })
}

async function statusOf(fn: () => void): Promise<number | 'passed'> {
  try {
    fn()
    return 'passed'
  } catch (thrown) {
    return thrown instanceof Response ? thrown.status : -1
  }
}

describe('same-origin check', () => {
  it('passes GET and same-origin POSTs', async () => {
    expect(await statusOf(() => assertSameOrigin(new Request('http://localhost:3000/')))).toBe('passed')
    expect(await statusOf(() => assertSameOrigin(post({ origin: 'http://localhost:3000' })))).toBe('passed')
    expect(await statusOf(() => assertSameOrigin(post({ 'sec-fetch-site': 'same-origin' })))).toBe('passed')
    expect(await statusOf(() => assertSameOrigin(post({})))).toBe('passed')
  })

  it('refuses other origins with 403', async () => {
    expect(await statusOf(() => assertSameOrigin(post({ origin: 'http://evil.example' })))).toBe(403)
    expect(await statusOf(() => assertSameOrigin(post({ origin: 'null' })))).toBe(403)
    expect(await statusOf(() => assertSameOrigin(post({ 'sec-fetch-site': 'cross-site' })))).toBe(403)
  })
})

describe('safe redirect path', () => {
  it('keeps local paths and refuses the rest', () => {
    expect(safeRedirectPath('/documents?x=1')).toBe('/documents?x=1')
    expect(safeRedirectPath('//evil.example')).toBe('/')
    expect(safeRedirectPath('https://evil.example')).toBe('/')
    expect(safeRedirectPath('/\\evil')).toBe('/')
    expect(safeRedirectPath(undefined, '/x')).toBe('/x')
  })
})
