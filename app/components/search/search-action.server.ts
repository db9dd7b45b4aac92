import { getDatabase } from '@db/client'
import { currentUser } from '~/lib/auth/auth.server'
import { logger } from '~/lib/logger.server'
import { runRecordedSearch, SearchQuotaExceeded } from '~/lib/search-quota.server'
import { runCachedSearch, runRetry } from '~/lib/search/search.server'
import { retryRequestSchema, searchRequestSchema, type SearchResult } from '~/lib/search/types'

/**
 * One search or retry for a request, shared by POST /api/search, POST /api/retry-search and the home
 * page's form action (JavaScript off): session check, validation, the guest quota, the search, and
 * the history record. Client mistakes come back as 4xx outcomes, never as a 500.
 *
 * A retry counts against the guest quota like a search: it runs the whole search again (broader),
 * and its `originalQuery` is free text, so an uncounted retry would be an unlimited search. It is
 * recorded in history too, so the history matches the count.
 *
 * A search (not a retry) goes through the answer cache: a repeated question reuses the composed answer,
 * but is still counted and recorded like any other.
 */

export const EMPTY_QUERY_MESSAGE = 'Please enter a question or upload an image'
export const SIGNED_OUT_MESSAGE = 'Sign in or continue as a guest to search.'
export const SEARCH_ERROR_MESSAGE = 'The search could not be completed. Please try again.'

export type SearchKind = 'search' | 'retry'

export type SearchOutcome =
  | { ok: true; result: SearchResult }
  | { ok: false; status: number; message: string; /** Seconds, for a Retry-After header (503). */ retryAfter?: number }

function withEmptyQuery(input: unknown, field: 'query' | 'originalQuery'): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { [field]: '' }
  const record = input as Record<string, unknown>
  return record[field] === undefined || record[field] === null ? { ...record, [field]: '' } : record
}

export async function performSearch(request: Request, kind: SearchKind, readInput: () => Promise<unknown>): Promise<SearchOutcome> {
  const user = await currentUser(request)
  if (!user) return { ok: false, status: 401, message: SIGNED_OUT_MESSAGE }

  const input = await readInput()
  const parsed =
    kind === 'search'
      ? searchRequestSchema.safeParse(withEmptyQuery(input, 'query'))
      : retryRequestSchema.safeParse(withEmptyQuery(input, 'originalQuery'))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    // The question's own messages read well alone; other fields are named.
    const field = issue?.path[0]
    const named = issue && field !== undefined && !((field === 'query' || field === 'originalQuery') && (issue.code === 'too_small' || issue.code === 'too_big'))
    const message = !issue ? 'Invalid search.' : named ? `${issue.path.join('.')}: ${issue.message}` : issue.message
    return { ok: false, status: 400, message }
  }

  const handle = await getDatabase()
  try {
    const request = parsed.data
    const { answer, searchId } = await runRecordedSearch(
      handle.db,
      user,
      () => ('originalQuery' in request ? runRetry(handle, request) : runCachedSearch(handle, request)),
      (answered) => ({
        query: 'originalQuery' in request ? request.originalQuery : request.query,
        confidence: answered.confidence,
        result: { ...answered },
      }),
    )
    return { ok: true, result: { ...answer, searchId } }
  } catch (error) {
    if (error instanceof SearchQuotaExceeded) return { ok: false, status: error.status, message: error.message }
    logger.error({ err: error, kind }, 'search failed')
    return { ok: false, status: 500, message: SEARCH_ERROR_MESSAGE }
  }
}
