import { Agent, buildConnector, type Dispatcher } from 'undici'
import { guardedLookup, literalRefusal, RefusedAddressError, systemResolve, type Resolve } from './outbound.server'

/**
 * fetch() for an operator-configured address whose redirects are not the operator's choice (a news
 * feed, the weather services): the configured origin is trusted as configured, but a redirect that
 * leaves it goes only to a public http(s) address, checked when connecting (guardedDispatcher).
 */

export class RedirectError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RedirectError'
  }
}

export const MAX_REDIRECTS = 5
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
const WEB_PROTOCOLS = ['http:', 'https:'] as const

/** An undici dispatcher whose connections go only to public addresses (literal hosts and every resolved address). */
export function createGuardedDispatcher(resolve: Resolve = systemResolve): Agent {
  const connect = buildConnector({ lookup: guardedLookup(resolve) })
  return new Agent({
    connect: (options, callback) => {
      const refused = literalRefusal(options.hostname)
      if (refused) return callback(refused, null)
      return connect(options, callback)
    },
  })
}

let shared: Agent | undefined
function guardedDispatcher(): Agent {
  shared ??= createGuardedDispatcher()
  return shared
}

export interface GuardedFetchInit extends Omit<RequestInit, 'redirect' | 'method'> {
  maxRedirects?: number
  /** For tests: the dispatcher used for hops that leave the configured origin. */
  dispatcher?: Dispatcher
}

/**
 * GET `url`, following up to `maxRedirects` redirects by hand. Hops on the origin of `url` use the
 * default connection; a hop to any other origin must be http(s) to a public address (a
 * RefusedAddressError is thrown otherwise, before or at connecting). A RedirectError reports a
 * redirect without a usable Location, to another scheme, or too many of them.
 */
export async function fetchWithGuardedRedirects(url: string | URL, init: GuardedFetchInit = {}): Promise<Response> {
  const { maxRedirects = MAX_REDIRECTS, dispatcher = guardedDispatcher(), ...rest } = init
  const trustedOrigin = new URL(url).origin
  let current = new URL(url)
  for (let hop = 0; ; hop++) {
    const guarded = current.origin !== trustedOrigin
    if (guarded) {
      // Refused before connecting when the URL alone says so; names are judged by the dispatcher's lookup.
      const refused = literalRefusal(current.hostname)
      if (refused) throw refused
      if (current.username || current.password) throw new RedirectError('redirect refused: user name or password in the URL')
    }
    let response: Response
    try {
      // undici's dispatcher option is not in the DOM RequestInit type.
      response = await fetch(current, { ...rest, method: 'GET', redirect: 'manual', ...(guarded ? { dispatcher } : {}) } as RequestInit)
    } catch (error) {
      // fetch wraps connection errors: the refusal itself says more than "fetch failed".
      const cause = (error as { cause?: unknown }).cause
      throw cause instanceof RefusedAddressError ? cause : error
    }
    const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null
    if (location === null) return response
    await response.body?.cancel().catch(() => undefined)
    if (hop >= maxRedirects) throw new RedirectError(`more than ${maxRedirects} redirects`)
    let next: URL
    try {
      next = new URL(location, current)
    } catch {
      throw new RedirectError('redirect to an unreadable Location')
    }
    if (!(WEB_PROTOCOLS as readonly string[]).includes(next.protocol)) throw new RedirectError(`redirect refused: scheme ${next.protocol}`)
    current = next
  }
}
