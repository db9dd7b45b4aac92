import { createHmac } from 'node:crypto'
import { sessionCookie } from '../auth/session.server'
import { sessionSecrets } from '../config.server'
import { ANONYMOUS_PARTITION, PARTITION_HEADER } from './cache-policy'

/**
 * The cache partition of a request, sent on every page and `.data` answer as `X-Cache-Partition`. The
 * service worker files pages it keeps under this name and serves offline only from the current one, so
 * one person's pages (their name, history, counts) are never shown to whoever signs in next on the device.
 *
 * It is an HMAC of the session token (not secret by itself, and not reversible to the token): 'anon' with
 * no session. Per session rather than per user: signing in again starts a fresh partition, which costs a
 * refetch and never mixes people. No database query: it is computed for every page answer.
 */
export async function cachePartitionOf(request: Request): Promise<string> {
  let token: unknown = null
  try {
    token = await sessionCookie.parse(request.headers.get('cookie'))
  } catch {
    token = null
  }
  if (typeof token !== 'string' || token.length < 32) return ANONYMOUS_PARTITION
  return createHmac('sha256', sessionSecrets()[0]!).update(`cache-partition:${token}`).digest('hex').slice(0, 32)
}

/** Adds the partition header to a page or data response's headers. */
export async function addPartitionHeader(request: Request, headers: Headers): Promise<void> {
  headers.set(PARTITION_HEADER, await cachePartitionOf(request))
}
