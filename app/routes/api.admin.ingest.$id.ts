/** GET /api/admin/ingest/:id: progress and outcome of a background ingest (see api.admin.ingest.ts). */
import type { LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { requireAdmin } from '~/lib/auth/auth.server'
import { intParam, jsonError, readQuery } from '~/lib/http.server'
import { getDatabase } from '@db/client'
import { isHandoffAuthorization } from '../../ingest/handoff'
import { getJob } from '../../ingest/jobs'

const SinceQuery = z.object({ since: intParam(0, 1_000_000, 0) })

async function authorizeIngest(request: Request): Promise<void> {
  if (isHandoffAuthorization(request.headers.get('authorization'))) return
  if (request.headers.get('authorization')) throw jsonError(401, 'The ingest token is not valid for this server: run the CLI again.')
  await requireAdmin(request)
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await authorizeIngest(request)
  const job = params.id ? await getJob(await getDatabase(), params.id) : undefined
  if (!job) throw jsonError(404, 'No such ingest job on this server (it may have restarted).')
  const { since } = readQuery(request, SinceQuery)
  return Response.json({ ...job, progress: job.progress.slice(since), progressTotal: job.progress.length })
}
