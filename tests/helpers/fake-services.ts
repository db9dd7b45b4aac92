/**
 * The e2e fake services: one local server (127.0.0.1:E2E_FAKE_PORT) standing in for the third-party
 * services the app calls, so no e2e test reaches the internet. Run by playwright.config.ts:
 * `npx tsx tests/helpers/fake-services.ts`. Each service is a handler that answers its own paths and
 * returns false for others; add a service by adding its handler to HANDLERS.
 *
 * - /feeds/*  RSS/Atom news feeds (tests/helpers/fake-feeds.ts)
 * - /geo/search, /weather/v1/forecast  Nominatim- and Open-Meteo-compatible services (tests/helpers/fake-geo.ts)
 */
import http from 'node:http'
import { createFeedHandler } from './fake-feeds'
import { createGeoHandler } from './fake-geo'

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => boolean

const HANDLERS: Handler[] = [createFeedHandler().handle, createGeoHandler().handle]

const port = Number(process.env.E2E_FAKE_PORT ?? Number(process.env.E2E_PORT ?? 4173) + 1)

const server = http.createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('ok')
    return
  }
  for (const handle of HANDLERS) if (handle(req, res)) return
  res.writeHead(404, { 'content-type': 'text/plain' })
  res.end('no fake service at this path')
})

server.listen(port, '127.0.0.1', () => console.log(`fake services listening on http://127.0.0.1:${port}`))
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)))
