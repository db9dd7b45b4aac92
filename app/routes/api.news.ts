import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getDatabase } from '@db/client'
import { jsonError } from '~/lib/http.server'
import { listNews } from '~/lib/news/store.server'
import { NEWS_FILTERS } from '~/lib/news/types'

const QuerySchema = z.object({
  category: z.enum(NEWS_FILTERS).default('all'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
})

/**
 * GET /api/news?category=all|scdot|osha|construction|engineering: the stored news items (§3), newest
 * day first and by priority within a day. The client may keep the answer for 15 minutes (§9).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams
  const parsed = QuerySchema.safeParse({
    category: params.get('category') ?? undefined,
    limit: params.get('limit') ?? undefined,
  })
  if (!parsed.success) {
    return jsonError(400, `Unknown news category or limit: category is one of ${NEWS_FILTERS.join(', ')}; limit is 1 to 200.`)
  }
  const items = await listNews(await getDatabase(), parsed.data)
  return Response.json(items, { headers: { 'Cache-Control': 'private, max-age=900' } })
}
