import { healthCheck } from '~/startup.server'

/** Liveness and readiness: 200 when the database answers, 503 otherwise. */
export async function loader() {
  const health = await healthCheck()
  return Response.json(
    { status: health.ok ? 'ok' : 'unavailable', database: health.database },
    { status: health.ok ? 200 : 503, headers: { 'Cache-Control': 'no-store' } },
  )
}
