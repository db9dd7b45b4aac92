import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { getDatabase } from '@db/client'
import { DeleteSubmission, SUBMISSIONS_PATH } from '~/components/form-submissions/delete-submission'
import { LocalTime } from '~/components/form-submissions/local-time'
import { SignedOutSubmissions } from '~/components/form-submissions/signed-out'
import { Pagination } from '~/components/history/pagination'
import { currentUser } from '~/lib/auth/auth.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { INPUT_METHOD_LABELS } from '~/lib/forms/format'
import { deleteSubmission, listSubmissions } from '~/lib/forms/submissions.server'
import { formLabel } from '~/lib/forms/templates'
import { PageQuery, assertSameOrigin, jsonError, readForm, readQuery, safeRedirectPath } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

const PAGE_SIZE = 20

export const meta: MetaFunction = () => [{ title: `My inspection forms - ${PRODUCT_NAME}` }]

const pageHref = (page: number) => (page > 1 ? `${SUBMISSIONS_PATH}?page=${page}` : SUBMISSIONS_PATH)

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  if (!user) return { signedIn: false as const }
  const url = new URL(request.url)
  const { page } = readQuery(request, PageQuery)
  const { db } = await getDatabase()
  const { items, total } = await listSubmissions(db, user.id, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })
  const pageCount = Math.max(1, Math.ceil(total / PAGE_SIZE))
  if (page > pageCount) throw redirect(pageHref(pageCount))
  return {
    signedIn: true as const,
    submissions: items.map(({ id, formId, formName, inputMethod, submittedAt }) => ({ id, formId, formName, inputMethod, submittedAt })),
    total,
    page,
    pageCount,
    confirmDelete: url.searchParams.get('delete'),
  }
}

/** Delete (intent=delete, id, redirectTo): only the user's own forms; a plain form post, no JavaScript needed. */
export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const user = await currentUser(request)
  if (!user) throw redirect('/auth?tab=signin')
  const form = await readForm(request)
  const id = form.get('id')
  if (form.get('intent') !== 'delete' || typeof id !== 'string' || id === '' || id.length > 100) {
    throw jsonError(400, 'Send intent=delete with the id of a saved form.')
  }
  const { db } = await getDatabase()
  const deleted = await deleteSubmission(db, user.id, id)
  let back = safeRedirectPath(form.get('redirectTo'), SUBMISSIONS_PATH)
  // After deleting from its own page, that page no longer exists: go back to the list.
  if (back.startsWith(`${SUBMISSIONS_PATH}/`)) back = SUBMISSIONS_PATH
  return deleted
    ? redirectWithToast(back, { title: 'Form deleted', description: `${formLabel({ id: deleted.formId, name: deleted.formName })} was deleted.` })
    : redirectWithToast(back, { title: 'Form not found', description: 'It may have been deleted already.', variant: 'destructive' })
}

type Loaded = Extract<ReturnType<typeof useLoaderData<typeof loader>>, { signedIn: true }>
type Item = Loaded['submissions'][number]

function SubmissionCard({ item, here, confirming }: { item: Item; here: string; confirming: boolean }) {
  const label = formLabel({ id: item.formId, name: item.formName })
  const viewHref = `${SUBMISSIONS_PATH}/${encodeURIComponent(item.id)}`
  const buttonClass = 'inline-flex min-h-[var(--tap-size)] items-center rounded-md px-4 font-semibold'
  return (
    <li className="grid gap-3 rounded-xl border border-border bg-card p-4">
      <div className="min-w-0">
        <p className="break-words text-lg font-semibold">{label}</p>
        <p className="mt-1 flex flex-wrap gap-x-3 text-sm text-muted-foreground">
          <span>
            Submitted <LocalTime iso={item.submittedAt} />
          </span>
          <span>{INPUT_METHOD_LABELS[item.inputMethod]}</span>
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <Link to={viewHref} className={`${buttonClass} bg-primary text-primary-foreground`}>
          View<span className="sr-only"> {label}</span>
        </Link>
        <a href={`${viewHref}/pdf`} download className={`${buttonClass} border border-border`}>
          Export PDF<span className="sr-only"> of {label}</span>
        </a>
        <DeleteSubmission id={item.id} label={label} confirming={confirming} here={here} redirectTo={here} />
      </div>
    </li>
  )
}

export default function SubmissionsRoute() {
  const data = useLoaderData<typeof loader>()
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      <header>
        <Link to="/ar-inspection" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          ← Back to Form Filler
        </Link>
        <h1 className="mt-3 text-3xl font-bold">My inspection forms</h1>
        {data.signedIn ? (
          <p className="mt-2 text-muted-foreground">
            {data.total === 0 ? 'Forms you submit are saved here.' : `${data.total} saved ${data.total === 1 ? 'form' : 'forms'}, newest first.`}
          </p>
        ) : null}
      </header>
      {!data.signedIn ? (
        <SignedOutSubmissions />
      ) : data.total === 0 ? (
        <section aria-labelledby="empty-title" className="rounded-xl border border-border bg-card p-6 text-center">
          <h2 id="empty-title" className="text-xl font-bold">
            No saved forms yet
          </h2>
          <p className="mt-2 text-muted-foreground">Fill in an inspection form and submit it: it will be kept here.</p>
          <Link
            to="/ar-inspection"
            className="mt-4 inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-4 font-semibold text-primary-foreground"
          >
            Open the Form Filler
          </Link>
        </section>
      ) : (
        <>
          <ul className="grid gap-3" aria-label="Saved forms">
            {data.submissions.map((item) => (
              <SubmissionCard key={item.id} item={item} here={pageHref(data.page)} confirming={data.confirmDelete === item.id} />
            ))}
          </ul>
          <Pagination page={data.page} pageCount={data.pageCount} href={pageHref} label="Saved form pages" />
        </>
      )}
    </div>
  )
}
