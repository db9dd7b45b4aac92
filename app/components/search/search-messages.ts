import { abstentionOf, type Abstention } from '~/lib/search/results'
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
 * When the engine abstains (lib/search/results abstentionOf), the spec's 'Search completed / Found
 * relevant specifications' would not be true: these toasts say what happened instead.
 */
export const ABSTAIN_TOASTS: Record<Abstention, { title: string; description: string }> = {
  unknown: {
    title: 'No confirmed answer',
    description: "The answer is \"I don't know\": the SCDOT documents found do not confirm one. Check the nearest sources listed.",
  },
  'out-of-scope': {
    title: 'Not answered: outside South Carolina road construction',
    description: 'This product covers South Carolina (SCDOT) road construction only.',
  },
}

/** The toast for a finished search: the spec's for an answer, an honest one for an abstention. */
export function searchToast(result: Pick<SearchResult, 'confidence' | 'answer'>) {
  const abstention = abstentionOf(result)
  return abstention ? ABSTAIN_TOASTS[abstention] : SEARCH_TOASTS.completed
}

/**
 * retry.added when the broader search found nothing new (search.server.ts NOTHING_NEW; a unit test keeps
 * the two equal). The spec's success toast says 'Found additional information...', which would not be
 * true then, so that toast shows this sentence instead.
 */
export const RETRY_NOTHING_NEW = 'The broader search found nothing beyond the first answer.'

export function retryToast(result: SearchResult) {
  const abstention = abstentionOf(result)
  if (abstention) return { title: SEARCH_TOASTS.retryCompleted.title, description: `Still not answered. ${ABSTAIN_TOASTS[abstention].description}` }
  const added = result.retry?.added
  return added === RETRY_NOTHING_NEW ? { ...SEARCH_TOASTS.retryCompleted, description: added } : SEARCH_TOASTS.retryCompleted
}

/**
 * What the home action answers when a posted search, retry or photo analysis fails (the page without
 * JavaScript; a success redirects to the result's address). `mode: 'photo'` marks a failed photo
 * analysis, so the photo form shows again with it.
 */
export type HomeSearchFailure = { ok: false; status: number; title: string; message: string; query: string; mode?: 'photo' }
