import type { AppLoadContext } from '@remix-run/node'
import { readJson } from '../http.server'
import { sessionStatus } from './users.server'
import { AuthError } from './users.server'
import type { UserRow } from './session.server'

export function clientIp(context: AppLoadContext): string {
  return context.clientIp ?? 'unknown'
}

/**
 * The JSON twins send JSON; remix-auth's form strategy reads a form. This turns the JSON object's
 * string fields into a form request with the same cookies.
 */
export async function jsonToFormRequest(request: Request, fields: readonly string[]): Promise<Request> {
  const body = await readJson(request)
  const form = new URLSearchParams()
  if (body && typeof body === 'object') {
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field]
      if (typeof value === 'string') form.set(field, value)
      else if (typeof value === 'boolean') form.set(field, String(value))
    }
  }
  const headers = new Headers(request.headers)
  headers.set('content-type', 'application/x-www-form-urlencoded')
  headers.delete('content-length')
  return new Request(request.url, { method: 'POST', headers, body: form })
}

/** Headers that set each of the cookies (one Set-Cookie header each). */
export function setCookieHeaders(cookies: readonly string[]): Headers {
  const headers = new Headers()
  for (const cookie of cookies) headers.append('Set-Cookie', cookie)
  return headers
}

/** The answer of a successful JSON auth call: the session status, with the cookies it sets. */
export function statusResponse(user: UserRow, cookies: readonly string[]): Response {
  const headers = setCookieHeaders(cookies)
  headers.set('Cache-Control', 'no-store')
  return Response.json(sessionStatus(user), { headers })
}

/** AuthError answers `{ message }` with its status; anything else is a real server error. */
export function authErrorResponse(error: unknown): Response {
  if (error instanceof Response) return error
  if (error instanceof AuthError) return Response.json({ message: error.message }, { status: error.status, headers: error.headers })
  throw error
}
