import { z } from 'zod'
import { BAD_TEXT_MESSAGE, isCleanForm, isCleanValue } from './input-text'

/** A JSON error answer: `{ message }` with a 4xx/5xx status. */
export function jsonError(status: number, message: string, headers?: HeadersInit): Response {
  return Response.json({ message }, { status, headers })
}

/**
 * CSRF defence for every state-changing request: a browser always sends Origin (or at least
 * Sec-Fetch-Site) with a POST, and it must be our own origin. Requests with neither header come from
 * scripts and tools, not from a page another site controls, so they pass.
 */
export function assertSameOrigin(request: Request): void {
  if (request.method === 'GET' || request.method === 'HEAD') return
  const origin = request.headers.get('origin')
  const fetchSite = request.headers.get('sec-fetch-site')
  const expected = new URL(request.url).origin
  if (origin && origin !== 'null') {
    if (origin === expected) return
    throw jsonError(403, 'Cross-origin request refused.')
  }
  if (origin === 'null' || (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none')) {
    throw jsonError(403, 'Cross-origin request refused.')
  }
}

/** Only same-site relative paths are followed after an action, never an absolute URL. */
export function safeRedirectPath(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.includes('\\')) {
    return fallback
  }
  return value
}

/** Largest form body accepted (the biggest real form, an inspection report, is a few KB). */
export const MAX_FORM_BYTES = 256 * 1024

/**
 * A request's or response's body, read until `maxBytes` and no further: a declared or actual length
 * beyond it cancels the stream and throws `tooLarge()`.
 */
export async function readStreamCapped(
  message: { headers: Headers; body: ReadableStream<Uint8Array> | null },
  maxBytes: number,
  tooLarge: (detail: string) => unknown,
): Promise<Buffer> {
  const declared = Number(message.headers.get('content-length') ?? 0)
  if (declared > maxBytes) {
    await message.body?.cancel().catch(() => undefined)
    throw tooLarge(`declared ${declared} bytes`)
  }
  if (!message.body) return Buffer.alloc(0)
  const reader = message.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      throw tooLarge(`more than ${maxBytes} bytes`)
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks)
}

/**
 * The body's bytes, refused with a 413 and `message` as soon as they pass `maxBytes` (by the declared
 * length, or while reading: the rest is not read).
 */
export async function readBodyCapped(request: Request, maxBytes: number, message = 'The request body is too large.'): Promise<Uint8Array> {
  // A declared oversize body is refused without touching the stream: cancelling a request's body makes
  // Node drop the connection, and the client would get a hang-up instead of the 413.
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) throw jsonError(413, message)
  return readStreamCapped(request, maxBytes, () => jsonError(413, message))
}

/**
 * The submitted form of a request, capped at `maxBytes` (413 beyond it, before the rest is read). A body
 * that is not a form (wrong content type, broken encoding) or holds text that is not clean
 * (input-text.ts: NUL, broken Unicode) is the client's mistake: it gets a 400 with a clear message,
 * never a 500.
 */
export async function readForm(request: Request, maxBytes = MAX_FORM_BYTES): Promise<FormData> {
  const bytes = await readBodyCapped(request, maxBytes)
  const type = request.headers.get('content-type') ?? ''
  let form: FormData
  try {
    form = await new Response(bytes, { headers: { 'content-type': type } }).formData()
  } catch {
    throw jsonError(400, 'Send the form as application/x-www-form-urlencoded or multipart/form-data.')
  }
  if (!isCleanForm(form)) throw jsonError(400, BAD_TEXT_MESSAGE)
  return form
}

const MAX_JSON_BYTES = 64 * 1024

/**
 * The JSON body of a request, capped in size. Anything else (another content type, broken JSON, a
 * body over the cap, text that is not clean: input-text.ts) is the client's mistake and gets a clear 4xx.
 */
export async function readJson(request: Request, maxBytes = MAX_JSON_BYTES): Promise<unknown> {
  const type = request.headers.get('content-type') ?? ''
  if (!type.toLowerCase().includes('application/json')) throw jsonError(415, 'Send a JSON body (Content-Type: application/json).')
  const declared = Number(request.headers.get('content-length') ?? 0)
  if (declared > maxBytes) throw jsonError(413, 'The request body is too large.')
  const text = await request.text()
  if (Buffer.byteLength(text) > maxBytes) throw jsonError(413, 'The request body is too large.')
  if (text.trim() === '') return {}
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    throw jsonError(400, 'The request body is not valid JSON.')
  }
  if (!isCleanValue(value)) throw jsonError(400, BAD_TEXT_MESSAGE)
  return value
}

/**
 * A whole number query parameter between `min` and `max`; absent or blank gives `fallback`. Anything
 * else ('1e20', '2.5', 'abc', 9223372036854775808) is refused by `readQuery` with a 400 that names the
 * range, so no unbounded number ever reaches an OFFSET or a LIMIT.
 */
export function intParam(min: number, max: number, fallback: number) {
  return z.preprocess(
    (value) => (value === null || value === undefined || (typeof value === 'string' && value.trim() === '') ? undefined : value),
    z
      .string()
      .trim()
      .regex(/^-?\d{1,16}$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().int().min(min, `must be a whole number from ${min} to ${max}`).max(max, `must be a whole number from ${min} to ${max}`))
      .default(fallback),
  )
}

/** `?page=`: list pages are numbered from 1; past the last page a route shows its last page. */
export const PageQuery = z.object({ page: intParam(1, 1_000_000, 1) })

/**
 * The query string of a request, parsed once by `schema` (an object of the parameters the route reads,
 * each given as its first value or undefined). A value the schema refuses is a 400 naming the parameter.
 */
export function readQuery<T extends z.ZodObject>(request: Request, schema: T): z.output<T> {
  const params = new URL(request.url).searchParams
  const raw = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, params.get(name) ?? undefined]))
  const parsed = schema.safeParse(raw)
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  throw jsonError(400, `Query parameter ${String(issue?.path[0] ?? '')} ${issue?.message ?? 'is not valid'}.`)
}
