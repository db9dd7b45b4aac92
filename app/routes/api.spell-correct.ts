import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getDatabase } from '@db/client'
import { assertSameOrigin, jsonError, readJson } from '~/lib/http.server'
import { correctSpelling } from '~/lib/search/core/spelling'
import { MAX_QUERY_CHARS } from '~/lib/search/core/types'
import { getVocabulary } from '~/lib/search/vocabulary.server'

/**
 * POST /api/spell-correct (product-spec §7): JSON `{ query }` -> `{ correctedQuery, corrections }`, the
 * question with its misspelled words replaced by corpus words (app/lib/search/spelling.ts). Open to anyone
 * (it reveals only the public corpus vocabulary and changes nothing). Under 3 characters the query comes
 * back unchanged (§5).
 */
const SpellCorrectSchema = z.object({
  query: z
    .string({ error: 'Send { "query": "..." }.' })
    .min(1, 'Input required')
    .max(MAX_QUERY_CHARS, `Questions are limited to ${MAX_QUERY_CHARS} characters`),
})

const MIN_CORRECTED_QUERY = 3
const NO_STORE = { 'Cache-Control': 'no-store' }

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== 'POST') throw jsonError(405, 'Use POST.', { Allow: 'POST' })
  assertSameOrigin(request)
  const parsed = SpellCorrectSchema.safeParse(await readJson(request))
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Send { "query": "..." }.', NO_STORE)
  const { query } = parsed.data
  if (query.trim().length < MIN_CORRECTED_QUERY) {
    return Response.json({ correctedQuery: query, corrections: [] }, { headers: NO_STORE })
  }
  const vocabulary = await getVocabulary(await getDatabase())
  const { text, corrections } = correctSpelling(query, vocabulary)
  return Response.json({ correctedQuery: text, corrections }, { headers: NO_STORE })
}

export function loader() {
  return jsonError(405, 'Use POST.', { Allow: 'POST' })
}
