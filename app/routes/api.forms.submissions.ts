import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { getDatabase } from '@db/client'
import { requireUser } from '~/lib/auth/auth.server'
import { intParam, readQuery } from '~/lib/http.server'
import { handleSubmitAction } from '~/lib/forms/submit-action.server'
import { SUBMISSIONS_PAGE_MAX, listSubmissions } from '~/lib/forms/submissions.server'

const ListQuery = z.object({ limit: intParam(1, SUBMISSIONS_PAGE_MAX, 20), offset: intParam(0, 1_000_000, 0) })

/** GET /api/forms/submissions?limit=&offset=: the signed-in user's saved forms, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  const query = readQuery(request, ListQuery)
  const { db } = await getDatabase()
  const { items, total, limit, offset } = await listSubmissions(db, user.id, query)
  return Response.json({ submissions: items, total, limit, offset }, { headers: { 'Cache-Control': 'private, no-store' } })
}

/**
 * POST /api/forms/submissions (form data: formId, inputMethod, field.<id>): saves a form without the
 * /ar-inspection page. 201 with the submission, or the 4xx and message of handleSubmitAction.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { result } = await handleSubmitAction(request)
  if (result.ok) return Response.json({ submission: result.submission, title: result.title, message: result.message }, { status: 201 })
  const { status, ...body } = result
  return Response.json(body, { status })
}
