import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { PageQuery, assertSameOrigin, intParam, readForm, readJson, readQuery, safeRedirectPath } from './http.server'

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

  it('answers 400 for NUL in any name or value, url-encoded or multipart', async () => {
    expect(await statusAfter(readForm(postBody('firstName=A%00B&lastName=C', { 'content-type': 'application/x-www-form-urlencoded' })))).toBe(400)
    expect(await statusAfter(readForm(postBody('%00=1', { 'content-type': 'application/x-www-form-urlencoded' })))).toBe(400)
    const multipart = new FormData()
    multipart.set('field.station', '23+50\u0000')
    expect(await statusAfter(readForm(postBody(multipart)))).toBe(400)
  })
})

describe('readJson', () => {
  const json = (body: string) => new Request('http://localhost/x', { method: 'POST', body, headers: { 'content-type': 'application/json' } })
  const outcome = async (body: string) => {
    try {
      return { status: 200, value: await readJson(json(body)) }
    } catch (error) {
      const response = error as Response
      return { status: response.status, value: await response.json() }
    }
  }

  it('parses clean JSON', async () => {
    expect(await outcome('{"query":"asphalt ✓ 👷","n":[1,2]}')).toEqual({ status: 200, value: { query: 'asphalt ✓ 👷', n: [1, 2] } })
  })

  it('refuses NUL and lone surrogates anywhere in the value with a clear 400', async () => {
    for (const body of ['{"firstName":"A\\u0000B"}', '{"query":"asphalt \\ud800"}', '{"a":[{"b":"\\udfff"}]}', '{"\\u0000":1}']) {
      const { status, value } = await outcome(body)
      expect(status, body).toBe(400)
      expect((value as { message: string }).message).toMatch(/NUL character or broken Unicode/)
    }
  })
})

describe('readQuery and intParam', () => {
  const request = (query: string) => new Request(`http://localhost/history${query}`)
  const statusOfQuery = (query: string) => {
    try {
      readQuery(request(query), PageQuery)
      return 200
    } catch (error) {
      return (error as Response).status
    }
  }

  it('gives the fallback when absent or blank, and the number when it is a whole number in range', () => {
    expect(readQuery(request(''), PageQuery)).toEqual({ page: 1 })
    expect(readQuery(request('?page='), PageQuery)).toEqual({ page: 1 })
    expect(readQuery(request('?page=%20'), PageQuery)).toEqual({ page: 1 })
    expect(readQuery(request('?page=7'), PageQuery)).toEqual({ page: 7 })
    expect(readQuery(request('?page=+3'.replace('+', '%20')), PageQuery)).toEqual({ page: 3 })
  })

  it('refuses overflow, fractions, exponents and words with a 400 naming the parameter', async () => {
    for (const value of ['1e20', '9223372036854775808', '1e308', '0', '-1', '2.5', 'abc', '0x10', 'NaN', 'Infinity', '1000001']) {
      expect(statusOfQuery(`?page=${value}`), value).toBe(400)
    }
    try {
      readQuery(request('?page=1e20'), PageQuery)
    } catch (error) {
      expect(((await (error as Response).json()) as { message: string }).message).toBe('Query parameter page must be a whole number from 1 to 1000000.')
    }
  })

  it('bounds each parameter of a schema', () => {
    const schema = z.object({ limit: intParam(1, 100, 20), offset: intParam(0, 1000, 0) })
    expect(readQuery(new Request('http://x/?limit=5&offset=10'), schema)).toEqual({ limit: 5, offset: 10 })
    expect(readQuery(new Request('http://x/'), schema)).toEqual({ limit: 20, offset: 0 })
    expect(() => readQuery(new Request('http://x/?offset=1e20'), schema)).toThrow()
  })
})
