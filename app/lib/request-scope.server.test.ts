import { describe, expect, it } from 'vitest'
import { inRequestScope, requestMemo } from './request-scope.server'

describe('requestMemo', () => {
  it('computes once per request and key, never across requests', async () => {
    let computed = 0
    const compute = async () => ++computed
    const first = await inRequestScope(() => Promise.all([requestMemo('a', compute), requestMemo('a', compute), requestMemo('b', compute)]))
    expect(first).toEqual([1, 1, 2])
    expect(await inRequestScope(() => requestMemo('a', compute))).toBe(3)
  })

  it('forgets a failure, so a later caller in the request tries again', async () => {
    let calls = 0
    const result = await inRequestScope(async () => {
      await requestMemo('x', async () => {
        calls++
        throw new Error('database busy')
      }).catch(() => undefined)
      return requestMemo('x', async () => ++calls)
    })
    expect(result).toBe(2)
  })
})
