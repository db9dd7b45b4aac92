import { getDatabase } from '@db/client'
import { AnalysisError, analyze, historyQuery } from '~/lib/analysis/analyze.server'
import { discardRequestBody, parseAnalysisUpload, UploadError } from '~/lib/analysis/upload.server'
import { currentUser } from '~/lib/auth/auth.server'
import { logger } from '~/lib/logger.server'
import { runRecordedSearch, SearchQuotaExceeded } from '~/lib/search-quota.server'
import type { SearchResult } from '~/lib/search/types'
import { SIGNED_OUT_MESSAGE, type SearchOutcome } from './search-action.server'

/**
 * One photo or document analysis for a request, shared by POST /api/analyze-image and the home page's
 * photo form (JavaScript off): session check, the multipart upload (checked while it streams), the guest
 * quota and the history record (an analysis counts as a search; its history entry is the question, else
 * 'Photo: <file name>'), then the analysis. Client mistakes come back as 4xx outcomes, never as a 500, and
 * nothing is counted or recorded for them.
 */

export const ANALYSIS_ERROR_MESSAGE = 'The analysis could not be completed. Please try again.'

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
  try {
    const { answer, searchId } = await runRecordedSearch<SearchResult>(
      handle.db,
      user,
      () => analyze(handle, upload),
      (result) => ({ query: historyQuery(upload), confidence: result.confidence, result: { ...result } }),
    )
    return { ok: true, result: { ...answer, searchId } }
  } catch (error) {
    if (error instanceof AnalysisError) return { ok: false, status: error.status, message: error.message, retryAfter: error.retryAfter }
    if (error instanceof SearchQuotaExceeded) return { ok: false, status: error.status, message: error.message }
    logger.error({ err: error }, 'analysis failed')
    return { ok: false, status: 500, message: ANALYSIS_ERROR_MESSAGE }
  }
}
