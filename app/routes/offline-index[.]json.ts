import type { LoaderFunctionArgs } from '@remix-run/node'
import { offlineIndex } from '~/lib/offline/index.server'

/**
 * GET /offline-index.json: the compact index the on-device answerer (app/lib/offline/answer.ts) reads
 * when there is no connection. Public corpus content only, the same for everyone; ETag with 304, and
 * `no-cache` so the browser revalidates (the service worker keeps its own copy for offline use).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { body, etag, index } = await offlineIndex()
  const headers = {
    ETag: etag,
    'Cache-Control': 'public, no-cache',
    'X-Offline-Index-Version': index.version,
  }
  const match = request.headers.get('If-None-Match')
  if (match && match.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
    return new Response(null, { status: 304, headers })
  }
  return new Response(body, { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } })
}
