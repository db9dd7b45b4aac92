import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { ClipboardList, LogIn } from 'lucide-react'
import { FormFiller, SUBMISSIONS_PATH } from '~/components/form-filler/form-filler'
import type { ManualFailure } from '~/components/form-filler/manual-form'
import { PRODUCT_NAME } from '~/lib/brand'
import { formDataFromEntries, SIGN_IN_TO_SAVE_FORMS } from '~/lib/forms/form-state'
import { handleSubmitAction } from '~/lib/forms/submit-action.server'
import { findFormTemplate } from '~/lib/forms/templates'
import { MISSING_FIELDS_TITLE } from '~/lib/forms/validate'
import { redirectWithToast } from '~/lib/toast.server'
import { useSessionStatus } from '~/lib/use-session'

export const meta: MetaFunction = () => [
  { title: `Inspection Form Filler - ${PRODUCT_NAME}` },
  { name: 'description', content: 'Fill SCDOT inspection reports by photo (OCR on your device), by voice or by hand, and save them.' },
]

export function loader({ request }: LoaderFunctionArgs) {
  const requested = new URL(request.url).searchParams.get('form') ?? ''
  return { selectedFormId: findFormTemplate(requested)?.id ?? null }
}

/**
 * Submit (§5). The page with JavaScript posts through a fetcher with respond=data and gets the result as
 * JSON (it shows the toasts itself). The plain form (JavaScript off) is redirected to a fresh page
 * with the success toast, or re-rendered with the §5 message and the values it sent.
 */
export async function action({ request }: ActionFunctionArgs) {
  const { result, form: body } = await handleSubmitAction(request)
  if (body?.get('respond') === 'data') return data(result, { status: result.ok ? 200 : result.status })
  if (result.ok) return redirectWithToast('/ar-inspection', { title: result.title, description: result.message })
  const form = findFormTemplate(String(body?.get('formId') ?? ''))
  const failure: ManualFailure | null = form
    ? {
        formId: form.id,
        title: result.title ?? (result.status === 401 ? 'Form not saved' : MISSING_FIELDS_TITLE),
        message: result.message,
        missingIds: result.missingIds ?? [],
        values: body ? formDataFromEntries(form, (name) => body.get(name)) : {},
      }
    : null
  return data({ failure, message: result.message }, { status: result.status })
}

function SignInNotice() {
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-xl border-2 border-primary bg-card p-4">
      <p className="font-semibold">{SIGN_IN_TO_SAVE_FORMS}</p>
      <Link
        to="/auth"
        className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground"
      >
        <LogIn aria-hidden className="size-4" /> Sign in
      </Link>
    </div>
  )
}

export default function ArInspection() {
  const { selectedFormId } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>()
  const { user } = useSessionStatus()
  const failure = actionData && 'failure' in actionData ? actionData.failure : null
  const otherError = actionData && 'failure' in actionData && !actionData.failure ? actionData.message : null
  return (
    <div className="grid gap-6">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-bold">Inspection Form Filler</h1>
          <p className="mt-2 text-muted-foreground">Choose a report, then fill it from a photo of the paper form or by voice.</p>
        </div>
        {user ? (
          <Link
            to={SUBMISSIONS_PATH}
            className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border border-border bg-card px-4 font-semibold"
          >
            <ClipboardList aria-hidden className="size-4" /> My submissions
          </Link>
        ) : null}
      </header>
      {user ? null : <SignInNotice />}
      {otherError ? (
        <p role="alert" className="rounded-lg border-2 border-destructive p-3 font-semibold">
          {otherError}
        </p>
      ) : null}
      {/* A post without ?form= (a hand-made request) still reopens the form it was for. */}
      <FormFiller selectedFormId={selectedFormId ?? failure?.formId ?? null} manualFailure={failure} />
    </div>
  )
}
