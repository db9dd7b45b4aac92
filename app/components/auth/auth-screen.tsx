import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { Form, Link, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { CheckCircle2 } from 'lucide-react'
import { useEffect, useState, type FormEvent } from 'react'
import { toast } from '~/lib/toast-store'
import { DotsLoader } from '~/components/loader'
import { SIGN_IN_FAILED, SIGN_UP_FAILED } from '~/lib/auth/messages'
import {
  MISSING_INFORMATION,
  PASSWORD_HINT,
  SIGN_IN_MISSING,
  SIGN_UP_MISSING,
  SignInSchema,
  SignUpSchema,
  firstIssueMessage,
  isMissingInformation,
} from '~/lib/auth/schemas'
import { PRODUCT_NAME } from '~/lib/brand'
import type { ToastInput } from '~/lib/toast'

export interface AuthActionData {
  intent: 'signup' | 'signin' | 'guest'
  result: SubmissionResult<string[]> | null
  toast: ToastInput
}

type Tab = 'signup' | 'signin'

const BENEFITS = [
  'Unlimited specification searches',
  'Search history and saved favourites',
  'Personalized dashboard and achievements',
  'News and trend notifications',
  'Stay signed in on this device',
]

/** On a failed client-side check, the same toast the server would send. */
function toastForInvalid(schema: typeof SignUpSchema | typeof SignInSchema, form: HTMLFormElement, signingUp: boolean) {
  const result = schema.safeParse(Object.fromEntries(new FormData(form)))
  if (result.success) return
  const missing = isMissingInformation(result.error, signingUp ? SIGN_UP_MISSING : SIGN_IN_MISSING)
  toast(
    missing
      ? { title: MISSING_INFORMATION, description: signingUp ? SIGN_UP_MISSING : SIGN_IN_MISSING, variant: 'destructive' }
      : { title: signingUp ? SIGN_UP_FAILED : SIGN_IN_FAILED, description: firstIssueMessage(result.error), variant: 'destructive' },
  )
}

function FieldError({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null
  return (
    <p id={id} className="text-sm font-medium text-destructive">
      {errors[0]}
    </p>
  )
}

function FormAlert({ data }: { data: AuthActionData | undefined }) {
  if (!data) return null
  return (
    <div role="alert" className="rounded-md border border-destructive bg-destructive/10 p-3 text-sm">
      <p className="font-semibold text-destructive">{data.toast.title}</p>
      {data.toast.description ? <p>{data.toast.description}</p> : null}
    </div>
  )
}

/** A labelled input: the label holds only the field's name, hints and errors are described-by. */
function Field({
  label,
  meta,
  type,
  autoComplete,
  hint,
}: {
  label: string
  meta: FieldMetadata<string>
  type: 'text' | 'email' | 'password'
  autoComplete: string
  hint?: string
}) {
  const describedBy = [hint ? meta.descriptionId : null, meta.errors?.length ? meta.errorId : null].filter(Boolean).join(' ')
  return (
    <div className="grid gap-1">
      <label htmlFor={meta.id} className="text-sm font-medium">
        {label}
      </label>
      <input
        {...getInputProps(meta, { type })}
        autoComplete={autoComplete}
        aria-describedby={describedBy || undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={meta.descriptionId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={meta.errorId} errors={meta.errors} />
    </div>
  )
}

const inputClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-base aria-[invalid=true]:border-destructive'

function SubmitButton({ label, busy }: { label: string; busy: boolean }) {
  return (
    <button
      type="submit"
      disabled={busy}
      className="flex min-h-[var(--tap-size)] w-full items-center justify-center gap-2 rounded-md bg-primary px-4 font-semibold text-primary-foreground disabled:opacity-70"
    >
      {busy ? <DotsLoader label="Please wait" /> : label}
    </button>
  )
}

function SignUpForm({ lastResult, busy }: { lastResult: AuthActionData['result']; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'signup',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignUpSchema }),
  })
  const formProps = getFormProps(form)
  return (
    <Form
      method="post"
      action="/auth"
      {...formProps}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        formProps.onSubmit(event)
        if (event.defaultPrevented) toastForInvalid(SignUpSchema, event.currentTarget, true)
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="signup" />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="First name" meta={fields.firstName} type="text" autoComplete="given-name" />
        <Field label="Last name" meta={fields.lastName} type="text" autoComplete="family-name" />
      </div>
      <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
      <Field label="Password" meta={fields.password} type="password" autoComplete="new-password" hint={PASSWORD_HINT} />
      <label className="flex items-start gap-2 text-sm">
        <input {...getInputProps(fields.newsEmailOptIn, { type: 'checkbox' })} className="mt-1 size-4" />
        <span>Email me construction news and specification updates (optional)</span>
      </label>
      <SubmitButton label="Create Free Account" busy={busy} />
    </Form>
  )
}

function SignInForm({ lastResult, busy }: { lastResult: AuthActionData['result']; busy: boolean }) {
  const [form, fields] = useForm({
    id: 'signin',
    lastResult,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate: ({ formData }) => parseWithZod(formData, { schema: SignInSchema }),
  })
  const formProps = getFormProps(form)
  return (
    <Form
      method="post"
      action="/auth"
      {...formProps}
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        formProps.onSubmit(event)
        if (event.defaultPrevented) toastForInvalid(SignInSchema, event.currentTarget, false)
      }}
      className="grid gap-4"
    >
      <input type="hidden" name="intent" value="signin" />
      <Field label="Email" meta={fields.email} type="email" autoComplete="email" />
      <Field label="Password" meta={fields.password} type="password" autoComplete="current-password" />
      <SubmitButton label="Sign In" busy={busy} />
    </Form>
  )
}

/** Sign Up (default) and Sign In tabs, guest mode, and the benefits of a free account. */
export function AuthScreen() {
  const actionData = useActionData<AuthActionData>()
  const [searchParams] = useSearchParams()
  const navigation = useNavigation()
  const initialTab: Tab =
    actionData?.intent === 'signin' || (!actionData && searchParams.get('tab') === 'signin') ? 'signin' : 'signup'
  const [tab, setTab] = useState<Tab>(initialTab)
  useEffect(() => setTab(initialTab), [initialTab])

  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast)
  }, [actionData])

  const pendingIntent = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null
  const tabClass = (active: boolean) =>
    `flex min-h-[var(--tap-size)] flex-1 items-center justify-center rounded-md text-sm font-semibold ${
      active ? 'bg-card text-foreground shadow' : 'text-muted-foreground hover:text-foreground'
    }`

  return (
    <div className="mx-auto grid max-w-4xl gap-8 md:grid-cols-[1fr_18rem]">
      <section aria-labelledby="auth-title" className="rounded-2xl border border-border bg-card p-5 shadow-sm sm:p-8">
        <h1 id="auth-title" className="text-2xl font-bold">
          {tab === 'signup' ? 'Create your free account' : 'Sign in'}
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">South Carolina road construction specifications, with citations.</p>
        <div role="tablist" aria-label="Account" className="mt-5 flex gap-1 rounded-lg bg-muted p-1">
          {(['signup', 'signin'] as const).map((value) => (
            <Link
              key={value}
              to={value === 'signin' ? '/auth?tab=signin' : '/auth'}
              role="tab"
              id={`tab-${value}`}
              aria-selected={tab === value}
              aria-controls={`panel-${value}`}
              onClick={(event) => {
                event.preventDefault()
                setTab(value)
              }}
              className={tabClass(tab === value)}
            >
              {value === 'signup' ? 'Sign Up' : 'Sign In'}
            </Link>
          ))}
        </div>
        <div id={`panel-${tab}`} role="tabpanel" aria-labelledby={`tab-${tab}`} className="mt-5 grid gap-4">
          {actionData && actionData.intent === tab ? <FormAlert data={actionData} /> : null}
          {tab === 'signup' ? (
            <SignUpForm lastResult={actionData?.intent === 'signup' ? actionData.result : null} busy={pendingIntent === 'signup'} />
          ) : (
            <SignInForm lastResult={actionData?.intent === 'signin' ? actionData.result : null} busy={pendingIntent === 'signin'} />
          )}
        </div>
        <div className="mt-6 grid gap-3 border-t border-border pt-5">
          {actionData?.intent === 'guest' ? <FormAlert data={actionData} /> : null}
          <Form method="post" action="/auth">
            <button
              type="submit"
              name="intent"
              value="guest"
              className="min-h-[var(--tap-size)] w-full rounded-md border border-border px-4 font-semibold hover:bg-muted"
            >
              Continue as Guest (3 searches)
            </button>
          </Form>
          <nav aria-label="Auth links" className="flex flex-wrap justify-center gap-4 text-sm">
            <Link to="/disclosures" className="font-medium text-primary underline-offset-4 hover:underline">
              Privacy &amp; Terms
            </Link>
            <Link to="/" className="font-medium text-primary underline-offset-4 hover:underline">
              Back to Search
            </Link>
          </nav>
        </div>
      </section>
      <aside aria-labelledby="benefits-title" className="rounded-2xl bg-gradient-to-br from-brand-deep to-brand-indigo p-6 text-white">
        <h2 id="benefits-title" className="text-lg font-bold">
          Free account benefits
        </h2>
        <ul className="mt-4 grid gap-3 text-sm">
          {BENEFITS.map((benefit) => (
            <li key={benefit} className="flex gap-2">
              <CheckCircle2 aria-hidden className="mt-0.5 size-4 shrink-0" />
              {benefit}
            </li>
          ))}
        </ul>
        <p className="mt-6 text-xs text-white/85">
          {PRODUCT_NAME} is an independent tool for South Carolina only. Verify every answer with official SCDOT documents.
        </p>
      </aside>
    </div>
  )
}
