import type { LoaderFunctionArgs } from '@remix-run/node'
import { getDatabase } from '@db/client'
import { currentUser } from '~/lib/auth/auth.server'
import { reportFileName } from '~/lib/forms/format'
import { buildSubmissionPdf } from '~/lib/forms/report-pdf.server'
import { getSubmission } from '~/lib/forms/submissions.server'
import { jsonError } from '~/lib/http.server'

/** GET /ar-inspection/submissions/<id>/pdf: the saved form as a filled PDF report, for its owner only. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) return jsonError(401, 'Not signed in.')
  const id = params.id ?? ''
  const { db } = await getDatabase()
  const submission = id.length <= 100 ? await getSubmission(db, user.id, id) : null
  if (!submission) return jsonError(404, 'Form not found.')
  const bytes = await buildSubmissionPdf({ submission, userName: `${user.firstName} ${user.lastName}`.trim() })
  return new Response(bytes, {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${reportFileName(submission.formId, submission.submittedAt)}"`,
      'Content-Length': String(bytes.byteLength),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
