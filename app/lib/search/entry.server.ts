import { getDatabase } from '@db/client'
import { AnalysisError, analyze, historyQuery } from '~/lib/analysis/analyze.server'
import { discardRequestBody, parseAnalysisUpload, UploadError } from '~/lib/analysis/upload.server'
import { currentUser } from '~/lib/auth/auth.server'
import { logger } from '~/lib/logger.server'
import { retryRequestSchema, searchRequestSchema, type SearchResult } from './core/types'
import { runRecordedSearch, SearchQuotaExceeded } from './quota.server'
import { runCachedSearch, runRetry } from './search.server'

/**
 * The one entry of search for a request: a question, a retry ('Double Check' / 'Try Again') or a photo
 * analysis. POST /api/search, POST /api/retry-search, POST /api/analyze-image and the home page's form
 * action (JavaScript off) all call it. Each goes through the same steps: the session check, the input
 * (validated once here), the guest quota, the answer, and the history record; client mistakes come back
 * as 4xx outcomes, never as a 500.
 *
 * A retry counts against the guest quota like a search: it runs the whole search again (broader), and its
 * `originalQuery` is free text, so an uncounted retry would be an unlimited search. It is recorded in
 * history too, so the history matches the count. A photo analysis counts as a search; its history entry
 * is the question, else 'Photo: <file name>'.
 *
 * A search (not a retry) goes through the answer cache: a repeated question reuses the composed answer,
 * but is still counted and recorded like any other.
 */

export const EMPTY_QUERY_MESSAGE = 'Please enter a question or upload an image'
export const SIGNED_OUT_MESSAGE = 'Sign in or continue as a guest to search.'
export const SEARCH_ERROR_MESSAGE = 'The search could not be completed. Please try again.'
export const ANALYSIS_ERROR_MESSAGE = 'The analysis could not be completed. Please try again.'

export type SearchKind = 'search' | 'retry'

export type SearchOutcome =
  | { ok: true; result: SearchResult }
  | { ok: false; status: number; message: string; /** Seconds, for a Retry-After header (503). */ retryAfter?: number }

type User = NonNullable<Awaited<ReturnType<typeof currentUser>>>

/** The answer through the guest quota and into history, with the client's and the server's errors told apart. */
async function recorded(
  user: User,
  answer: () => Promise<SearchResult>,
  historyEntry: (result: SearchResult) => string,
  errorMessage: string,
): Promise<SearchOutcome> {
  const handle = await getDatabase()
  try {
    const { answer: result, searchId } = await runRecordedSearch<SearchResult>(handle.db, user, answer, (answered) => ({
      query: historyEntry(answered),
      confidence: answered.confidence,
      result: { ...answered },
    }))
    return { ok: true, result: { ...result, searchId } }
  } catch (error) {
    if (error instanceof AnalysisError) return { ok: false, status: error.status, message: error.message, retryAfter: error.retryAfter }
    if (error instanceof SearchQuotaExceeded) return { ok: false, status: error.status, message: error.message }
    logger.error({ err: error }, errorMessage)
    return { ok: false, status: 500, message: errorMessage }
  }
}

function withEmptyQuery(input: unknown, field: 'query' | 'originalQuery'): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return { [field]: '' }
  const record = input as Record<string, unknown>
  return record[field] === undefined || record[field] === null ? { ...record, [field]: '' } : record
}

/** A question or a retry; `readInput` reads the request's body (JSON, or the page's form as an object). */
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
  const search = parsed.data
  return recorded(
    user,
    () => ('originalQuery' in search ? runRetry(handle, search) : runCachedSearch(handle, search)),
    () => ('originalQuery' in search ? search.originalQuery : search.query),
    SEARCH_ERROR_MESSAGE,
  )
}

/** A photo or document analysis: the multipart upload is checked while it streams, then analysed. */
export async function performImageAnalysis(request: Request): Promise<SearchOutcome> {
  const user = await currentUser(request)
  if (!user) {
    discardRequestBody(request)
    return { ok: false, status: 401, message: SIGNED_OUT_MESSAGE }
  }
  let upload
  try {
    upload = await parseAnalysisUpload(request)
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, message: error.message }
    logger.error({ err: error }, 'upload could not be read')
    return { ok: false, status: 400, message: 'The upload could not be read.' }
  }
  const handle = await getDatabase()
  return recorded(user, () => analyze(handle, upload), () => historyQuery(upload), ANALYSIS_ERROR_MESSAGE)
}
