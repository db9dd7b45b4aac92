import { describe, expect, it } from 'vitest'
import { assertSameOrigin, readForm, safeRedirectPath } from './http.server'

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

describe('readForm', () => {
  const postBody = (body: BodyInit, headers: Record<string, string> = {}) =>
    new Request('http://localhost/x', { method: 'POST', body, headers, duplex: 'half' } as RequestInit)
  const statusAfter = async (promise: Promise<unknown>) => {
    try {
      await promise
      return 200
    } catch (error) {
      return (error as Response).status
    }
  }

  it('reads url-encoded and multipart forms', async () => {
    expect((await readForm(postBody(new URLSearchParams({ a: '1', b: 'two' })))).get('b')).toBe('two')
    const multipart = new FormData()
    multipart.set('formId', '400.04')
    expect((await readForm(postBody(multipart))).get('formId')).toBe('400.04')
  })

  it('refuses a body over the cap with 413, by its declared length or while reading a stream without one', async () => {
    const big = new URLSearchParams({ notes: 'x'.repeat(2000) })
    expect(await statusAfter(readForm(postBody(big), 1000))).toBe(413)
    let pulls = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulls++
        controller.enqueue(new TextEncoder().encode('a=' + 'x'.repeat(1024)))
      },
    })
    expect(await statusAfter(readForm(postBody(endless, { 'content-type': 'application/x-www-form-urlencoded' }), 10_000))).toBe(413)
    expect(pulls).toBeLessThan(20)
  })

  it('answers 400 for a body that is not a form', async () => {
    expect(await statusAfter(readForm(postBody('{"a":1}', { 'content-type': 'application/json' })))).toBe(400)
  })
})
