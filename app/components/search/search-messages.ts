import type { SearchResult } from '~/lib/search/core/types'

/** The search toasts of product-spec §5 and §8. */
export const SEARCH_TOASTS = {
  inputRequired: { title: 'Input required', description: 'Please enter a question or upload an image', variant: 'destructive' },
  completed: { title: 'Search completed', description: 'Found relevant specifications' },
  failed: { title: 'Search failed', description: 'Please try again', variant: 'destructive' },
  retryCompleted: { title: 'Search Retry Complete', description: 'Found additional information you might find helpful.' },
  retryFailed: { title: 'Retry Failed', description: 'Failed to retry search. Please try again.', variant: 'destructive' },
} as const

/**
 * retry.added when the broader search found nothing new (search.server.ts NOTHING_NEW; a unit test keeps
 * the two equal). The spec's success toast says 'Found additional information...', which would not be
 * true then, so that toast shows this sentence instead.
 */
export const RETRY_NOTHING_NEW = 'The broader search found nothing beyond the first answer.'

export function retryToast(result: SearchResult) {
  const added = result.retry?.added
  return added === RETRY_NOTHING_NEW ? { ...SEARCH_TOASTS.retryCompleted, description: added } : SEARCH_TOASTS.retryCompleted
}

/**
 * What the home action answers to a posted search, retry or photo analysis (the page without
 * JavaScript). `mode: 'photo'` marks a failed photo analysis, so the photo form shows again with it.
 */
export type HomeSearchData =
  | { ok: true; result: SearchResult; retries: number }
  | { ok: false; status: number; title: string; message: string; query: string; mode?: 'photo' }
