import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { ToastSchema, type Toast, type ToastInput } from './toast'
import { isProduction, sessionSecrets } from './config.server'

const TOAST_KEY = 'toast'

/** A flash cookie: set by an action before a redirect, read (and cleared) by the next page load. */
export const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: 'flash_toast',
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: isProduction(),
    secrets: sessionSecrets(),
  },
})

export async function toastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastSessionStorage.getSession()
  session.flash(TOAST_KEY, ToastSchema.parse(input))
  return new Headers({ 'set-cookie': await toastSessionStorage.commitSession(session) })
}

export async function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  for (const [key, value] of await toastHeaders(toast)) headers.append(key, value)
  return redirect(url, { ...init, headers })
}

/** Reads the flashed toast, if any, and the header that clears it. */
export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastSessionStorage.getSession(request.headers.get('cookie'))
  // Reading a flashed value consumes it, so read once.
  const value: unknown = session.get(TOAST_KEY)
  if (value === undefined) return { toast: null, headers: null }
  const parsed = ToastSchema.safeParse(value)
  return {
    toast: parsed.success ? parsed.data : null,
    headers: new Headers({ 'set-cookie': await toastSessionStorage.destroySession(session) }),
  }
}
