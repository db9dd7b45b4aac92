import { describe, expect, it } from 'vitest'
import { LOADING_ROTATION_MS, loadingMessageAt, loadingMessages } from './loading-messages'

describe('loading messages (spec §4)', () => {
  it('vary by the question keywords, topic messages first', () => {
    expect(loadingMessages('asphalt compaction')[0]).toBe('Checking hot-mix asphalt requirements (Section 401, SC-M-400)...')
    expect(loadingMessages('guard rail post spacing')[0]).toBe('Reviewing guardrail drawing G501 and barrier notes...')
    expect(loadingMessages('flagger in a work zone')[0]).toContain('S101 to S105')
    expect(loadingMessages('concrete testing').slice(0, 2)).toEqual([
      'Checking Portland cement concrete requirements (Section 701)...',
      'Looking up SC-T test methods and sampling frequencies...',
    ])
  })

  it('name the section, drawing and test numbers of the question', () => {
    expect(loadingMessages('what does 401.4.2 say')).toContain('Looking up 401.4.2 exactly...')
    expect(loadingMessages('g501 and sc-t-29')).toContain('Looking up G501, SC-T-29 exactly...')
  })

  it('fall back to the general steps', () => {
    const messages = loadingMessages('hello there')
    expect(messages[0]).toBe('Searching the 2007 and 2025 Standard Specifications...')
    expect(messages.length).toBeGreaterThanOrEqual(4)
  })

  it('rotate every 3 s from the first at once, cycling', () => {
    const messages = ['a', 'b', 'c']
    expect(loadingMessageAt(messages, 0)).toBe('a')
    expect(loadingMessageAt(messages, LOADING_ROTATION_MS - 1)).toBe('a')
    expect(loadingMessageAt(messages, LOADING_ROTATION_MS)).toBe('b')
    expect(loadingMessageAt(messages, 3 * LOADING_ROTATION_MS)).toBe('a')
    expect(loadingMessageAt([], 0)).toBe('')
  })
})
