import { describe, expect, it } from 'vitest'
import { DONT_KNOW, SCOPE_MESSAGE } from '~/lib/search/core/compose'
import { NOTHING_NEW } from '~/lib/search/search.server'
import type { SearchResult } from '~/lib/search/core/types'
import { ABSTAIN_TOASTS, RETRY_NOTHING_NEW, retryToast, SEARCH_TOASTS, searchToast } from './search-messages'

describe('search toast', () => {
  it("is the spec's for an answer", () => {
    expect(searchToast({ confidence: 'high', answer: 'Posts are spaced 6.25 ft (Drawing G501).' })).toBe(SEARCH_TOASTS.completed)
  })

  it('says the engine did not answer when it abstains', () => {
    const unknown = searchToast({ confidence: 'low', answer: DONT_KNOW })
    expect(unknown).toBe(ABSTAIN_TOASTS.unknown)
    expect(unknown.title).not.toMatch(/completed/i)
    expect(unknown.description).not.toMatch(/found relevant/i)
    expect(searchToast({ confidence: 'low', answer: `${SCOPE_MESSAGE} It does not hold Georgia's requirements.` })).toBe(ABSTAIN_TOASTS['out-of-scope'])
  })
})

describe('retry toast', () => {
  it('uses the server sentence for a retry that found nothing new', () => {
    expect(RETRY_NOTHING_NEW).toBe(NOTHING_NEW)
    const nothing = { confidence: 'high', answer: 'x', retry: { attempt: 1, added: NOTHING_NEW } } as SearchResult
    expect(retryToast(nothing)).toEqual({ title: 'Search Retry Complete', description: NOTHING_NEW })
  })

  it('uses the spec toast when the retry added passages', () => {
    const added = { confidence: 'high', answer: 'x', retry: { attempt: 1, added: 'Added 2 passages: Section 401.4' } } as SearchResult
    expect(retryToast(added)).toBe(SEARCH_TOASTS.retryCompleted)
  })

  it('says a retry of an abstention is still not answered', () => {
    const still = {
      confidence: 'unknown',
      answer: `A broader search (attempt 1) found nothing beyond the first answer, which still stands:\n\n${DONT_KNOW}`,
      retry: { attempt: 1, added: NOTHING_NEW },
    } as SearchResult
    expect(retryToast(still).description).toMatch(/^Still not answered\. The answer is "I don't know"/)
  })
})
