import type { ActionFunctionArgs } from '@remix-run/node'
import { performImageAnalysis } from '~/lib/search/entry.server'
import { discardRequestBody } from '~/lib/analysis/upload.server'
import { assertSameOrigin, jsonError } from '~/lib/http.server'

/**
 * POST /api/analyze-image (product-spec §7): multipart `image` (one JPEG, PNG or PDF up to 10 MB, checked
 * by content), `analysisType` (features | general | diagnostic), `query`, `specBook`, `userRole` -> the
 * search result (§3) with `imageAnalysis`, `diagnosticResult`, `fileName` and `searchId`. Members and
 * guests (an analysis counts as a search); 401 signed out, 400/413/415/422 with `{ message }` for uploads
 * that cannot be analysed, 403 when a guest has used the free searches, 503 with Retry-After when the photo
 * reader has too many images in hand.
 */
const NO_STORE = { 'Cache-Control': 'no-store' }
/** A 503 (the photo reader is busy) says when to try again. */
const retryHeaders = (retryAfter?: number) => (retryAfter ? { ...NO_STORE, 'Retry-After': String(retryAfter) } : NO_STORE)

export async function loader() {
  throw jsonError(405, 'Use POST with a multipart form.', { Allow: 'POST' })
}

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  try {
    assertSameOrigin(request)
  } catch (error) {
    discardRequestBody(request)
    throw error
  }
  const outcome = await performImageAnalysis(request)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, retryHeaders(outcome.retryAfter))
  return Response.json(outcome.result, { headers: NO_STORE })
}
