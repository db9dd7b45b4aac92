/**
 * Search and retry, through the answer chain (chain.server.ts). No quota and no history here: the routes
 * count the search (runCountedSearch) and record it (recordSearch).
 *
 * Retry ('Double Check' / 'Try Again'): the first search is run again (extractive, no model call) to know
 * which passages the first answer showed (its sources are matched by title and section, plus the passages
 * the extractive answer quotes),
 * then a broad search (more candidates, looser matching) that leaves those passages out answers from what
 * is new. When the broad search finds nothing new that answers the question, the result says so and
 * repeats the first answer under that statement: it is never presented as a new answer.
 */
import type { DbHandle } from '@db/client'
import { answerCacheEnabled, answerCacheFor, frozen } from './answer-cache.server'
import { labelOf, sourceOf, sourcesOf } from './core/citations'
import { chatModelConfig } from '~/lib/providers.server'
import { getAnswerChain, type ChainOutput } from './chain.server'
import type { Passage, RetryRequest, SearchRequest, SearchResult } from './core/types'
import { withoutRetryPreface } from './results'

/** Passages a retry's broad search ranks. */
export const RETRY_LIMIT = 24

export async function runSearch(handle: DbHandle, request: SearchRequest): Promise<SearchResult> {
  const { result } = await getAnswerChain().invoke({ handle, query: request.query, specBook: request.specBook })
  return result
}

/**
 * runSearch through the answer cache (answer-cache.server.ts), for the routes: a repeated question gets the
 * answer already composed for the same corpus. The key is the question as validated (trimmed, case kept:
 * the result repeats it) and the spec book. Only the extractive default is cached: with a chat model
 * configured every search asks the model (its answers vary, and a fallback after a timeout must not stick).
 */
export async function runCachedSearch(handle: DbHandle, request: SearchRequest): Promise<SearchResult> {
  if (!answerCacheEnabled() || chatModelConfig() !== null) return runSearch(handle, request)
  return answerCacheFor<SearchResult>(handle).get(`${request.specBook}\u0000${request.query}`, async () => ({
    value: frozen(structuredClone(await runSearch(handle, request))),
    cacheable: true,
  }))
}

const norm = (value: string | undefined) => (value ?? '').trim().toLowerCase()

/**
 * The passages of the first search that the first answer showed: those its sources name (by title and
 * section; without sources from the client, the sources the first search lists), and always the passages
 * the first answer quoted.
 */
export function shownPassages(first: ChainOutput, originalSources: RetryRequest['originalSources']): Passage[] {
  const sources = originalSources.length > 0 ? originalSources : first.result.sources
  return first.prepared.passages.filter((passage) => {
    if (first.used.includes(passage)) return true
    const source = sourceOf(passage, 'reference')
    return sources.some(
      (original) =>
        (original.title !== undefined || original.section !== undefined) &&
        (original.title === undefined || norm(original.title) === norm(source.title)) &&
        (original.section === undefined || norm(original.section) === norm(source.section)),
    )
  })
}

/** 'Added 3 passages: Section 401.4 (2007), Drawing P401 (more of it) ...': a label already among the first sources says so. */
function addedSummary(added: readonly Passage[], originalSources: RetryRequest['originalSources']): string {
  const shownSections = new Set(originalSources.map((source) => norm(source.section)))
  const labels = [...new Set(added.map(labelOf))].map((label) => (shownSections.has(norm(label)) ? `${label} (more of it)` : label))
  return `Added ${added.length} passage${added.length === 1 ? '' : 's'}: ${labels.join(', ')}`
}

export const NOTHING_NEW = 'The broader search found nothing beyond the first answer.'

export async function runRetry(handle: DbHandle, request: RetryRequest): Promise<SearchResult> {
  const attempt = request.retryAttempt + 1
  const chain = getAnswerChain()
  const first = await chain.invoke({ handle, query: request.originalQuery, specBook: request.specBook, answerWith: 'extractive' })
  const shown = shownPassages(first, request.originalSources)
  const broad = await chain.invoke({
    handle,
    query: request.originalQuery,
    specBook: request.specBook,
    options: { broad: true, limit: RETRY_LIMIT, excludeChunkIds: shown.map((passage) => passage.chunkId) },
  })

  const added = broad.answered ? broad.used : []
  if (added.length > 0 && broad.result.answer.trim() !== request.originalAnswer.trim()) {
    return {
      ...broad.result,
      answer: `A broader search (attempt ${attempt}) found more on this question, beyond the first answer's sources:\n\n${broad.result.answer}`,
      // The first answer's sources stay listed, as references, after what the broad search added.
      sources: sourcesOf(added, [...broad.prepared.passages.filter((p) => !added.includes(p)), ...shown], 10),
      retry: { attempt, added: addedSummary(added, request.originalSources) },
    }
  }
  return {
    ...first.result,
    // The first answer as the user saw it (a model-written one included), else as the first search gives it.
    // A later retry gets the previous retry's answer: its preface is not repeated.
    answer: `A broader search (attempt ${attempt}) found nothing beyond the first answer, which still stands:\n\n${withoutRetryPreface(request.originalAnswer) || first.result.answer}`,
    retry: { attempt, added: NOTHING_NEW },
  }
}
