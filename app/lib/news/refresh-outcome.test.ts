import { describe, expect, it } from 'vitest'
import { FEEDS_UNREACHABLE_MESSAGE, refreshOutcome } from './refresh-outcome'

const report = (overrides: Partial<Parameters<typeof refreshOutcome>[0]> = {}) => ({
  fetched: 2,
  feeds: 2,
  skipped: [],
  newItems: [],
  lockHeld: false,
  ...overrides,
})

describe('what Refresh News says', () => {
  it('nothing extra when every feed answered (the list shows what is new)', () => {
    expect(refreshOutcome(report({ newItems: [{ id: 'a' }] }))).toEqual({ kind: 'ok', message: null })
  })

  it('that the feeds could not be reached when none answered', () => {
    expect(refreshOutcome(report({ fetched: 0, skipped: [{ name: 'A' }, { name: 'B' }] }))).toEqual({ kind: 'failed', message: FEEDS_UNREACHABLE_MESSAGE })
  })

  it('which sources failed when some did', () => {
    const outcome = refreshOutcome(report({ fetched: 1, skipped: [{ name: 'Fake Department News' }], newItems: [{ id: 'x' }] }))
    expect(outcome.kind).toBe('partial')
    expect(outcome.message).toBe('1 of 2 news sources could not be reached (Fake Department News); 1 new item from the others.')
  })

  it('that a fetch is under way when another server holds the lock', () => {
    expect(refreshOutcome(report({ fetched: 0, feeds: 0, lockHeld: true })).kind).toBe('busy')
  })

  it('nothing when there are no feeds at all', () => {
    expect(refreshOutcome(report({ fetched: 0, feeds: 0 })).kind).toBe('ok')
  })
})
