import { getDatabase } from '@db/client'
import { AnalysisError, analyze, historyQuery } from '~/lib/analysis/analyze.server'
import { discardRequestBody, parseAnalysisUpload, UploadError } from '~/lib/analysis/upload.server'
import { currentUser } from '~/lib/auth/auth.server'
import { logger } from '~/lib/logger.server'
import { z } from 'zod'
import { retryRequestSchema, searchRequestSchema, type SearchResult } from './core/types'
import { getSearch, recordSearch } from './history.server'
import { runRecordedSearch, SearchQuotaExceeded } from './quota.server'
import { keepPhotoParts, questionOf, retriesOf, retryFieldsOf } from './results'
import { runCachedSearch, runRetry } from './search.server'
import { storedResultOf } from './stored-result'

/**
 * The one entry of search for a request: a question, a retry ('Double Check' / 'Try Again') or a photo
 * analysis. POST /api/search, POST /api/retry-search, POST /api/analyze-image and the home page's form
 * action (JavaScript off) all call it. Each goes through the same steps: the session check, the input
 * (validated once here), the guest quota, the answer, and the history record; client mistakes come back
 * as 4xx outcomes, never as a 500.
 *
 * A retry of a search in the user's own history (`searchId`: what the screens send) is not counted: it
 * checks that stored question again, read from the stored search, never from the request, so it cannot
 * become a new question (docs/decisions/016). It is recorded in history as a new entry (the stored
 * result names the search it checked, `retryOf`), which gives it an address. A retry without a
 * `searchId` (the §7 API with a free-text `originalQuery`) is counted and recorded like a search: an
 * uncounted one would be an unlimited search. A photo analysis counts as a search; its history entry is
 * the question, else 'Photo: <file name>'.
 *
 * A search (not a retry) goes through the answer cache: a repeated question reuses the composed answer,
 * but is still counted and recorded like any other.
 */

export const EMPTY_QUERY_MESSAGE = 'Please enter a question or upload an image'
export const SIGNED_OUT_MESSAGE = 'Sign in or continue as a guest to search.'
export const SEARCH_ERROR_MESSAGE = 'The search could not be completed. Please try again.'
export const ANALYSIS_ERROR_MESSAGE = 'The analysis could not be completed. Please try again.'
export const SEARCH_NOT_FOUND_MESSAGE = 'That search is not in your history.'
export const NOTHING_TO_RETRY_MESSAGE = 'This result has no question to check again.'

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

/** A retry of a stored search: which search, and the fixed §6 fields. */
const storedRetrySchema = z.object({
  searchId: z.string().trim().min(1).max(100),
  specBook: retryRequestSchema.shape.specBook,
  userRole: retryRequestSchema.shape.userRole,
})

function storedRetryInput(input: unknown) {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return null
  const searchId = (input as Record<string, unknown>).searchId
  return searchId === undefined || searchId === null || searchId === '' ? null : input
}

/**
 * 'Double Check' / 'Try Again' of one of the user's stored searches: its stored question, answer and
 * sources are checked again (never the request's), the photo parts kept; not counted, recorded in history.
 */
async function retryStored(user: User, input: unknown): Promise<SearchOutcome> {
  const parsed = storedRetrySchema.safeParse(input)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { ok: false, status: 400, message: issue ? `${issue.path.join('.')}: ${issue.message}` : 'Invalid retry.' }
  }
  const handle = await getDatabase()
  const row = await getSearch(handle.db, user.id, parsed.data.searchId)
  if (!row) return { ok: false, status: 404, message: SEARCH_NOT_FOUND_MESSAGE }
  const original = storedResultOf(row.id, row.result)
  if (!original || questionOf(original) === '') return { ok: false, status: 400, message: NOTHING_TO_RETRY_MESSAGE }
  try {
    const retried = keepPhotoParts(
      original,
      await runRetry(handle, {
        ...retryFieldsOf(original, retriesOf(original)),
        specBook: parsed.data.specBook,
        userRole: parsed.data.userRole,
      }),
    )
    const record = await recordSearch(handle.db, user.id, { query: row.query, confidence: retried.confidence, result: { ...retried, retryOf: row.id } })
    return { ok: true, result: { ...retried, searchId: record.id } }
  } catch (error) {
    logger.error({ err: error }, SEARCH_ERROR_MESSAGE)
    return { ok: false, status: 500, message: SEARCH_ERROR_MESSAGE }
  }
}

/** A question or a retry; `readInput` reads the request's body (JSON, or the page's form as an object). */
export async function performSearch(request: Request, kind: SearchKind, readInput: () => Promise<unknown>): Promise<SearchOutcome> {
  const user = await currentUser(request)
  if (!user) return { ok: false, status: 401, message: SIGNED_OUT_MESSAGE }

  const input = await readInput()
  if (kind === 'retry') {
    const stored = storedRetryInput(input)
    if (stored) return retryStored(user, stored)
  }
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

export type StoredResultOutcome =
  | { kind: 'result'; result: SearchResult }
  /** In the user's history, stored by an older engine: /history/<id> shows it. */
  | { kind: 'legacy'; id: string }
  | { kind: 'missing' }

/**
 * A result's address ('/?result=<id>'): the user's own stored search, rendered as it was answered.
 * Reading it counts nothing and records nothing; another user's id is 'missing', like an unknown one.
 */
export async function storedResultFor(userId: string, id: string): Promise<StoredResultOutcome> {
  if (id.length === 0 || id.length > 100) return { kind: 'missing' }
  const { db } = await getDatabase()
  const row = await getSearch(db, userId, id)
  if (!row) return { kind: 'missing' }
  const result = storedResultOf(row.id, row.result)
  return result ? { kind: 'result', result } : { kind: 'legacy', id: row.id }
}
