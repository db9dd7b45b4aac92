import type { AppLoadContext, EntryContext, HandleErrorFunction } from '@remix-run/node'
import { createReadableStreamFromReadable } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { isbot } from 'isbot'
import { renderToPipeableStream } from 'react-dom/server'
import { preloadParts } from './lib/lazy-part'
import { NonceProvider } from './lib/nonce'
import { loggableUrl, logger } from './lib/logger.server'
import { addPartitionHeader } from './lib/pwa/partition.server'
import { RenderStream } from './lib/render-stream.server'

// The server (server.mjs) reaches these through the build's `entry.module`, so it shares this bundle's
// single database handle instead of opening a second one.
export { startup, healthCheck } from './startup.server'
export { closeDatabase } from '@db/client'
// The HTTP layer logs through the app's logger (its redaction and error serializer) and refuses a request
// line holding NUL or broken UTF-8 before anything parses it (app/lib/input-text.ts).
export { logger, loggableUrl } from './lib/logger.server'
export { BAD_ADDRESS_MESSAGE, isCleanRequestTarget } from './lib/input-text'
// Every request runs in a scope of its own, where its loaders share work (one session look-up).
export { inRequestScope } from './lib/request-scope.server'

const ABORT_DELAY = 5_000

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  // The service worker files kept pages per user (app/lib/pwa/partition.server.ts).
  await addPartitionHeader(request, responseHeaders)
  // Parts the browser loads on demand are rendered in full here, never as a Suspense fallback (app/lib/lazy-part.tsx).
  await preloadParts()
  const nonce = loadContext.cspNonce ?? ''
  const waitForAll = isbot(request.headers.get('user-agent') ?? '')
  return new Promise((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true
          const body = new RenderStream()
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          )
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ err: error }, 'render error')
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}

/** Remix `.data` answers carry the same cache partition as pages. */
export async function handleDataRequest(response: Response, { request }: { request: Request }) {
  await addPartitionHeader(request, response.headers)
  return response
}

export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return
  logger.error({ err: error, url: loggableUrl(request.url) }, 'unhandled error')
}
