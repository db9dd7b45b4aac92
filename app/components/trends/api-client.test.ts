import { describe, expect, it } from 'vitest'
import { fetchInsights, listUrl, requestInsight } from './api-client'

function fakeFetch(answers: Array<() => Response>) {
  const calls: Array<{ url: string; init?: RequestInit }> = []
  const impl = (async (url: string, init?: RequestInit) => {
    calls.push({ url, init })
    const next = answers.shift()
    if (!next) throw new Error('no more answers')
    return next()
  }) as unknown as typeof fetch
  return { impl, calls }
}

describe('trend insights client', () => {
  it('lists all or one category', () => {
    expect(listUrl('all')).toBe('/api/trend-insights/all')
    expect(listUrl('Traffic Control')).toBe('/api/trend-insights?category=Traffic%20Control')
  })

  it('retries a failed list twice, then succeeds', async () => {
    const { impl, calls } = fakeFetch([
      () => new Response('down', { status: 503 }),
      () => {
        throw new TypeError('network')
      },
      () => Response.json([{ id: 'a' }]),
    ])
    expect(await fetchInsights('all', 2, impl)).toEqual([{ id: 'a' }])
    expect(calls).toHaveLength(3)
  })

  it('fails after three attempts with the status and body of the last answer', async () => {
    const { impl, calls } = fakeFetch([0, 1, 2].map(() => () => new Response('{"message":"db down"}', { status: 500 })))
    await expect(fetchInsights('all', 2, impl)).rejects.toThrow('500: {"message":"db down"}')
    expect(calls).toHaveLength(3)
  })

  it("posts the generation request as JSON and reads the server's message on failure", async () => {
    const { impl, calls } = fakeFetch([() => Response.json({ message: 'Too many insights' }, { status: 429 }), () => new Response('', { status: 500 })])
    expect(await requestInsight({ category: 'all', dateRange: '2024-2025', includeRecommendations: true }, impl)).toEqual({ ok: false, message: 'Too many insights' })
    expect(JSON.parse(String(calls[0]!.init!.body))).toEqual({ category: 'all', dateRange: '2024-2025', includeRecommendations: true })
    expect(await requestInsight({ category: 'all', dateRange: '2024-2025', includeRecommendations: true }, impl)).toEqual({ ok: false, message: null })
  })
})
