import type { LoaderFunctionArgs } from '@remix-run/node'
import Negotiator from 'negotiator'
import { offlineIndex, type IndexEncoding } from '~/lib/offline/index.server'

const ENCODINGS: Array<IndexEncoding | 'identity'> = ['br', 'gzip', 'identity']

/**
 * The encoding to send: the client's highest q, and among equals ours in ENCODINGS' order (browsers send
 * "gzip, deflate, br" with equal weights). negotiator 0.6.4 takes that order as a second argument, which
 * its type definitions do not declare yet.
 */
function preferredEncoding(accept: string | null): string | undefined {
  const negotiator = new Negotiator({ headers: { 'accept-encoding': accept ?? undefined } })
  const encodings = negotiator.encodings.bind(negotiator) as (available: string[], preferred: string[]) => string[]
  return encodings(ENCODINGS, ENCODINGS)[0]
}

/**
 * GET /offline-index.json: the compact index the on-device answerer (app/lib/offline/answer.ts) reads
 * when there is no connection. Public corpus content only, the same for everyone; ETag with 304, and
 * `no-cache` so the browser revalidates (the service worker keeps its own copy for offline use). The body
 * goes out compressed as the browser accepts (Brotli or gzip), from copies made once per index version.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { body, etag, index, encoded } = await offlineIndex()
  const headers = {
    ETag: etag,
    'Cache-Control': 'public, no-cache',
    'X-Offline-Index-Version': index.version,
    Vary: 'Accept-Encoding',
  }
  const match = request.headers.get('If-None-Match')
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers })
  }
  const type = { 'Content-Type': 'application/json; charset=utf-8' }
  // Remix decodes a data request's answer as JSON (and the compression middleware compresses it then).
  const encoding = context.dataRequest ? 'identity' : preferredEncoding(request.headers.get('Accept-Encoding'))
  if (encoding === 'br' || encoding === 'gzip') {
    return new Response(encoded[encoding], { headers: { ...headers, ...type, 'Content-Encoding': encoding } })
  }
  return new Response(body, { headers: { ...headers, ...type } })
}
