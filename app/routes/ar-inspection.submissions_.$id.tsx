import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Download } from 'lucide-react'
import { getDatabase } from '@db/client'
import { DeleteSubmission, SUBMISSIONS_PATH } from '~/components/form-submissions/delete-submission'
import { LocalTime } from '~/components/form-submissions/local-time'
import { SignedOutSubmissions } from '~/components/form-submissions/signed-out'
import { currentUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME, VERIFY_NOTICE } from '~/lib/brand'
import { submissionFields } from '~/lib/forms/fields-view'
import { INPUT_METHOD_LABELS } from '~/lib/forms/format'
import { getSubmission } from '~/lib/forms/submissions.server'
import { formLabel } from '~/lib/forms/templates'

/**
 * One saved form with every field in template order. (The trailing underscore in the file name keeps
 * this page out of the list's layout.) Deleting posts to the list's action.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) return { signedIn: false as const }
  const id = params.id ?? ''
  const { db } = await getDatabase()
  const submission = id.length <= 100 ? await getSubmission(db, user.id, id) : null
  if (!submission) throw Response.json({ message: 'Form not found.' }, { status: 404 })
  return {
    signedIn: true as const,
    submission: { ...submission, label: formLabel({ id: submission.formId, name: submission.formName }) },
    fields: submissionFields(submission.formId, submission.data),
    confirmDelete: new URL(request.url).searchParams.get('delete') === submission.id,
  }
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.signedIn ? data.submission.label : 'My inspection forms'} - ${PRODUCT_NAME}` },
]

export default function SubmissionRoute() {
  const data = useLoaderData<typeof loader>()
  const back = (
    <Link to={SUBMISSIONS_PATH} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
      ← Back to my inspection forms
    </Link>
  )
  if (!data.signedIn) {
    return (
      <div className="mx-auto grid max-w-3xl gap-6">
        <header>
          {back}
          <h1 className="mt-3 text-3xl font-bold">My inspection forms</h1>
        </header>
        <SignedOutSubmissions />
      </div>
    )
  }
  const { submission, fields, confirmDelete } = data
  const here = `${SUBMISSIONS_PATH}/${encodeURIComponent(submission.id)}`
  return (
    <article className="mx-auto grid max-w-3xl gap-6">
      <header className="grid gap-3">
        {back}
        <h1 className="break-words text-3xl font-bold">{submission.label}</h1>
        <p className="flex flex-wrap gap-x-3 text-muted-foreground">
          <span>
            Submitted <LocalTime iso={submission.submittedAt} />
          </span>
          <span>{INPUT_METHOD_LABELS[submission.inputMethod]}</span>
        </p>
        <div className="flex flex-wrap gap-2">
          <a
            href={`${here}/pdf`}
            download
            className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground"
          >
            <Download aria-hidden className="size-5" />
            Download PDF report
          </a>
          <DeleteSubmission id={submission.id} label={submission.label} confirming={confirmDelete} here={here} redirectTo={SUBMISSIONS_PATH} />
        </div>
      </header>
      <section aria-labelledby="fields-title" className="rounded-xl border border-border bg-card p-4 sm:p-6">
        <h2 id="fields-title" className="sr-only">
          Fields
        </h2>
        <dl className="grid gap-4">
          {fields.map((field) => (
            <div key={field.id} className="grid gap-1 border-b border-border pb-3 last:border-b-0 last:pb-0">
              <dt className="text-sm font-semibold text-muted-foreground">{field.label}</dt>
              <dd className={`whitespace-pre-wrap break-words text-lg ${field.value ? '' : 'text-muted-foreground'}`}>
                {field.value || 'Not filled in'}
              </dd>
            </div>
          ))}
        </dl>
      </section>
      <p className="text-sm text-muted-foreground">{VERIFY_NOTICE}</p>
    </article>
  )
}
