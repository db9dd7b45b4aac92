import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { jsonError } from '~/lib/http.server'
import { NO_STORE, requireWeatherMember } from '~/lib/weather/access.server'
import { shouldSearchCities } from '~/lib/weather/cities'
import { MAX_CITY_QUERY_CHARS } from '~/lib/weather/constants'
import { UpstreamError, searchCities } from '~/lib/weather/upstream.server'

/**
 * GET /api/weather/places?q= : South Carolina city suggestions for the weather card (product-spec §5,
 * §7), `{ suggestions: [{ display, lat, lon, name, state }] }`, at most 6. Members only (401 signed out,
 * 403 guests), rate-limited per member. Text under 2 characters answers an empty list without asking
 * the place service; over 80 characters is a 400. The place service failing is a 502, too slow a 504.
 */
const PlacesQuerySchema = z.object({
  q: z
    .string({ error: 'Send the city as ?q=.' })
    .max(MAX_CITY_QUERY_CHARS, `City names are limited to ${MAX_CITY_QUERY_CHARS} characters`),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const refused = await requireWeatherMember(request, 'places')
  if (refused) return refused
  const params = new URL(request.url).searchParams
  if (params.getAll('q').length > 1) return jsonError(400, 'Send one city as ?q=.', NO_STORE)
  const parsed = PlacesQuerySchema.safeParse({ q: params.get('q') ?? undefined })
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Send the city as ?q=.', NO_STORE)
  if (!shouldSearchCities(parsed.data.q)) return Response.json({ suggestions: [] }, { headers: NO_STORE })
  try {
    const { suggestions } = await searchCities(parsed.data.q)
    return Response.json({ suggestions }, { headers: NO_STORE })
  } catch (error) {
    if (error instanceof UpstreamError) return jsonError(error.status, error.message, NO_STORE)
    throw error
  }
}
