import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { jsonError } from '~/lib/http.server'
import { NO_STORE, requireWeatherMember } from '~/lib/weather/access.server'
import { SC_BOUNDS } from '~/lib/weather/constants'
import { UpstreamError, fetchForecast } from '~/lib/weather/upstream.server'

/**
 * GET /api/weather/forecast?lat=&lon= : the current weather and today's range at a South Carolina point
 * (product-spec §3, §7): `{ weather: { temperature, weatherCode, windSpeed, humidity, dailyHigh,
 * dailyLow, rainChance } }` in °F, mph and %. Members only (401/403), rate-limited per member;
 * coordinates must be numbers inside South Carolina's box (400 otherwise). The forecast service failing
 * is a 502, too slow a 504, each with a message.
 */
const coordinate = (name: string, min: number, max: number) =>
  z
    .string({ error: `Send ${name} as a number.` })
    .trim()
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, `Send ${name} as a number.`)
    .transform(Number)
    .refine((value) => value >= min && value <= max, `${name} must be inside South Carolina.`)

const ForecastQuerySchema = z.object({
  lat: coordinate('lat', SC_BOUNDS.south, SC_BOUNDS.north),
  lon: coordinate('lon', SC_BOUNDS.west, SC_BOUNDS.east),
})

export async function loader({ request }: LoaderFunctionArgs) {
  const refused = await requireWeatherMember(request, 'forecast')
  if (refused) return refused
  const params = new URL(request.url).searchParams
  if (params.getAll('lat').length > 1 || params.getAll('lon').length > 1) return jsonError(400, 'Send one lat and one lon.', NO_STORE)
  const parsed = ForecastQuerySchema.safeParse({ lat: params.get('lat') ?? undefined, lon: params.get('lon') ?? undefined })
  if (!parsed.success) return jsonError(400, parsed.error.issues[0]?.message ?? 'Send lat and lon.', NO_STORE)
  try {
    const weather = await fetchForecast(parsed.data.lat, parsed.data.lon)
    return Response.json({ weather }, { headers: NO_STORE })
  } catch (error) {
    if (error instanceof UpstreamError) return jsonError(error.status, error.message, NO_STORE)
    throw error
  }
}
