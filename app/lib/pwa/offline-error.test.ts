import { describe, expect, it } from 'vitest'
import { isOfflineFailure } from './offline-error'

/** What Remix hands an error boundary for an answer from the server (ErrorResponseImpl's shape). */
const serverAnswer = (status: number) => ({ status, statusText: 'x', data: null, internal: false })

describe('isOfflineFailure', () => {
  it('is a fetch that got no answer, in any browser wording', () => {
    for (const message of ['Failed to fetch', 'NetworkError when attempting to fetch resource.', 'Load failed']) {
      expect(isOfflineFailure(new TypeError(message), true), message).toBe(true)
    }
  })

  it('is any failure while the browser is offline, except an answer from the server', () => {
    expect(isOfflineFailure(new Error('Unable to decode turbo-stream response'), false)).toBe(true)
    expect(isOfflineFailure(serverAnswer(404), false)).toBe(false)
    expect(isOfflineFailure(serverAnswer(500), false)).toBe(false)
  })

  it('is never a page error online', () => {
    expect(isOfflineFailure(new Error('boom'), true)).toBe(false)
    expect(isOfflineFailure(new TypeError('x is undefined'), true)).toBe(false)
    expect(isOfflineFailure(serverAnswer(404), true)).toBe(false)
    expect(isOfflineFailure(null, true)).toBe(false)
  })
})
