import { parseWithZod } from '@conform-to/zod/v4'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data, redirect } from '@remix-run/node'
import { AuthScreen, type AuthActionData } from '~/components/auth/auth-screen'
import { currentUser, signIn, signUp, startGuest } from '~/lib/auth/auth.server'
import { AUTH_TOASTS, GUEST_FAILED, SIGN_IN_FAILED, SIGN_UP_FAILED } from '~/lib/auth/messages'
import { clientIp, setCookieHeaders } from '~/lib/auth/respond.server'
import {
  MISSING_INFORMATION,
  SIGN_IN_MISSING,
  SIGN_UP_MISSING,
  SignInSchema,
  SignUpSchema,
  isMissingInformation,
} from '~/lib/auth/schemas'
import { AuthError } from '~/lib/auth/users.server'
import { PRODUCT_NAME } from '~/lib/brand'
import { assertSameOrigin, readForm } from '~/lib/http.server'
import { redirectWithToast } from '~/lib/toast.server'

export const meta: MetaFunction = () => [{ title: `Sign up or sign in - ${PRODUCT_NAME}` }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await currentUser(request)
  // A member has nothing to do here; a guest may still create an account.
  if (user && !user.isGuest) throw redirect('/')
  return { isGuest: user?.isGuest ?? false }
}

export async function action({ request, context }: ActionFunctionArgs) {
  assertSameOrigin(request)
  const form = await readForm(request.clone())
  const intent = form.get('intent')
  const ip = clientIp(context)

  if (intent === 'guest') {
    try {
      const { cookies } = await startGuest(request, ip)
      return redirectWithToast('/', AUTH_TOASTS.guestSuccess, { headers: setCookieHeaders(cookies) })
    } catch (error) {
      if (!(error instanceof AuthError)) throw error
      return data<AuthActionData>(
        { intent: 'guest', result: null, toast: { title: GUEST_FAILED, description: error.message, variant: 'destructive' } },
        { status: error.status, headers: error.headers },
      )
    }
  }

  const signingUp = intent !== 'signin'
  const schema = signingUp ? SignUpSchema : SignInSchema
  const submission = parseWithZod(form, { schema })
  if (submission.status !== 'success') {
    const missing = isMissingInformation(submission.error ? toZodLike(submission.error) : [], signingUp ? SIGN_UP_MISSING : SIGN_IN_MISSING)
    const firstMessage = Object.values(submission.error ?? {}).flat()[0] ?? ''
    return data<AuthActionData>(
      {
        intent: signingUp ? 'signup' : 'signin',
        result: submission.reply({ hideFields: ['password'] }),
        toast: missing
          ? { title: MISSING_INFORMATION, description: signingUp ? SIGN_UP_MISSING : SIGN_IN_MISSING, variant: 'destructive' }
          : { title: signingUp ? SIGN_UP_FAILED : SIGN_IN_FAILED, description: firstMessage, variant: 'destructive' },
      },
      { status: 400 },
    )
  }
  try {
    const { cookies } = signingUp ? await signUp(request, ip) : await signIn(request, ip)
    return redirectWithToast('/', signingUp ? AUTH_TOASTS.signUpSuccess : AUTH_TOASTS.signInSuccess, {
      headers: setCookieHeaders(cookies),
    })
  } catch (error) {
    if (!(error instanceof AuthError)) throw error
    return data<AuthActionData>(
      {
        intent: signingUp ? 'signup' : 'signin',
        result: submission.reply({ formErrors: [error.message], hideFields: ['password'] }),
        toast: { title: signingUp ? SIGN_UP_FAILED : SIGN_IN_FAILED, description: error.message, variant: 'destructive' },
      },
      { status: error.status, headers: error.headers },
    )
  }
}

/** conform reports errors as field -> messages; the missing-information check reads messages only. */
function toZodLike(errors: Record<string, string[] | null>) {
  return Object.values(errors)
    .flat()
    .filter((m): m is string => typeof m === 'string')
}

export default function AuthRoute() {
  return <AuthScreen />
}
