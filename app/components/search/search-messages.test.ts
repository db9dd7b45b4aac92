import { describe, expect, it } from 'vitest'
import { NOTHING_NEW } from '~/lib/search/search.server'
import type { SearchResult } from '~/lib/search/core/types'
import { RETRY_NOTHING_NEW, retryToast, SEARCH_TOASTS } from './search-messages'

describe('retry toast', () => {
  it('uses the server sentence for a retry that found nothing new', () => {
    expect(RETRY_NOTHING_NEW).toBe(NOTHING_NEW)
    const nothing = { retry: { attempt: 1, added: NOTHING_NEW } } as SearchResult
    expect(retryToast(nothing)).toEqual({ title: 'Search Retry Complete', description: NOTHING_NEW })
  })

  it('uses the spec toast when the retry added passages', () => {
    const added = { retry: { attempt: 1, added: 'Added 2 passages: Section 401.4' } } as SearchResult
    expect(retryToast(added)).toBe(SEARCH_TOASTS.retryCompleted)
  })
})
