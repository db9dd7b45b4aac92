/**
 * The one rule for text that arrives in a request (docs/decisions/007-request-boundary.md): it must be
 * well-formed Unicode without NUL. PostgreSQL cannot store U+0000 in text or JSON, and a lone UTF-16
 * surrogate is not a character at all (jsonb refuses it), so neither is anything a person typed: such a
 * request is refused with a 400 where it is parsed (http.server.ts readJson/readForm, the photo upload's
 * fields, and the request line in server.mjs), never stripped, so what is stored is what was sent.
 *
 * Pure: unit-tested, and used by server.mjs through the server build.
 */

export const BAD_TEXT_MESSAGE =
  'The request contains a NUL character or broken Unicode text (a lone surrogate). Remove it and try again.'

export const BAD_ADDRESS_MESSAGE = 'The address contains a NUL character or bytes that are not valid UTF-8.'

// A high surrogate not followed by a low one, or a low surrogate not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Text that a person could have typed and the database can store. */
export function isCleanText(text: string): boolean {
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text)
}

const MAX_DEPTH = 64

/**
 * True when every string in a parsed JSON value (object keys included) is clean text. Deeper nesting
 * than any of our bodies uses counts as unclean, so a hostile body cannot make the walk expensive.
 */
export function isCleanValue(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return isCleanText(value)
  if (value === null || typeof value !== 'object') return true
  if (depth > MAX_DEPTH) return false
  if (Array.isArray(value)) return value.every((item) => isCleanValue(item, depth + 1))
  return Object.entries(value).every(([key, item]) => isCleanText(key) && isCleanValue(item, depth + 1))
}

/** Every name and text value of a submitted form (and every uploaded file's name) is clean text. */
export function isCleanForm(form: Iterable<[string, FormDataEntryValue]>): boolean {
  for (const [name, value] of form) {
    if (!isCleanText(name)) return false
    if (typeof value === 'string' ? !isCleanText(value) : !isCleanText(value.name)) return false
  }
  return true
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * The request target (path and query, as sent on the request line) decodes to clean text: its
 * percent-escapes form valid UTF-8 and none is NUL. A `%` that does not start an escape is left as it
 * is, the way URLSearchParams reads it.
 */
export function isCleanRequestTarget(target: string): boolean {
  const bytes: number[] = []
  for (let i = 0; i < target.length; i++) {
    const ch = target.charCodeAt(i)
    if (ch === 0x25 && /^[0-9a-fA-F]{2}$/.test(target.slice(i + 1, i + 3))) {
      bytes.push(parseInt(target.slice(i + 1, i + 3), 16))
      i += 2
    } else if (ch <= 0xff) bytes.push(ch) // Node hands the request line over byte for byte (latin1)
    else return false
  }
  if (bytes.includes(0)) return false
  try {
    utf8.decode(new Uint8Array(bytes))
    return true
  } catch {
    return false
  }
}
