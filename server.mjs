// The HTTP server: Express around the Remix request handler, with compression, security headers
// (a nonce-based Content-Security-Policy), structured request logs and static files.
// Production serves build/; NODE_ENV=development runs Vite in middleware mode with hot reload.
import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import process from 'node:process'
import { createRequestHandler } from '@remix-run/express'
import compression from 'compression'
import express from 'express'
import helmet from 'helmet'
import { pinoHttp } from 'pino-http'
import { configOrExit } from './config/settings.mjs'

// Every setting is read (and checked) here, once, before anything starts: a bad value stops the server with
// one message naming the variable (config/settings.mjs; the build's copy of that module shares this parse).
const settings = configOrExit()
const isDev = settings.NODE_ENV === 'development'
const buildDir = settings.BUILD_DIR
const { PORT: port, HOST: host } = settings

const vite = isDev
  ? await import('vite').then((v) => v.createServer({ server: { middlewareMode: true }, appType: 'custom' }))
  : undefined

const loadBuild = () =>
  vite ? vite.ssrLoadModule('virtual:remix/server-build') : import(pathToFileURL(path.join(buildDir, 'server', 'index.js')).href)

// Migrate and load the corpus before accepting requests.
const firstBuild = await loadBuild()
await firstBuild.entry.module.startup()
// One logger for the app and the HTTP layer: its redaction and error serializer apply to both.
const { logger, loggableUrl, isCleanRequestTarget, BAD_ADDRESS_MESSAGE } = firstBuild.entry.module

const app = express()
app.disable('x-powered-by')
app.set('trust proxy', settings.TRUST_PROXY)

app.use(
  pinoHttp({
    logger,
    // Static files and health probes would drown the log.
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url.startsWith('/assets/') },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      // Query values that may hold a secret are not logged (loggableUrl keeps the harmless ones).
      req: (req) => ({ method: req.method, url: loggableUrl(req.url) }),
      res: (res) => ({ statusCode: res.statusCode }),
    },
  }),
)
app.use(compression())
// A request body the app answered without reading in full (a 401, 413 or 415 refuses it unread) is read
// away after the answer, so the connection can carry the client's next request: left unread, those bytes
// would stall the connection until the keep-alive timeout reset it. Past MAX_DISCARD_BYTES (declared, or
// while reading) the connection is closed instead.
const MAX_DISCARD_BYTES = 64 * 1024 * 1024
app.use((req, res, next) => {
  const declared = Number(req.headers['content-length'] ?? 0)
  const writeHead = res.writeHead
  res.writeHead = function (...args) {
    if (!req.complete && declared > MAX_DISCARD_BYTES && !res.headersSent) res.setHeader('Connection', 'close')
    return writeHead.apply(this, args)
  }
  res.on('finish', () => {
    if (req.complete || req.destroyed) return
    // Whatever was reading the body (Remix's stream adapter) is done with it: its listener would only queue
    // the bytes in memory.
    req.removeAllListeners('data')
    let discarded = 0
    req.on('data', (chunk) => {
      discarded += chunk.length
      if (discarded > MAX_DISCARD_BYTES) req.socket.destroy()
    })
    req.resume()
  })
  next()
})
// A request line whose escapes decode to NUL or to bytes that are not UTF-8 is refused here, once, for
// every route: nothing behind this can store or echo such text (app/lib/input-text.ts).
app.use((req, res, next) => {
  if (isCleanRequestTarget(req.url)) return next()
  res.status(400).json({ message: BAD_ADDRESS_MESSAGE })
})

app.use((_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString('base64')
  next()
})
app.use(
  helmet({
    contentSecurityPolicy: isDev
      ? false // Vite's dev client injects inline scripts and a websocket.
      : {
          useDefaults: false,
          directives: {
            'default-src': ["'self'"],
            // 'wasm-unsafe-eval' lets the OCR worker compile tesseract's WebAssembly; it does not allow eval().
            'script-src': ["'self'", "'wasm-unsafe-eval'", (_req, res) => `'nonce-${res.locals.cspNonce}'`],
            'style-src': ["'self'", "'unsafe-inline'"],
            'img-src': ["'self'", 'data:', 'blob:'],
            'font-src': ["'self'", 'data:'],
            'connect-src': ["'self'"],
            'worker-src': ["'self'", 'blob:'],
            'manifest-src': ["'self'"],
            'media-src': ["'self'", 'blob:'],
            'object-src': ["'none'"],
            'base-uri': ["'self'"],
            'form-action': ["'self'"],
            'frame-ancestors': ["'none'"],
          },
        },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: settings.HSTS,
  }),
)
// CSRF: a browser sends Origin with every POST; another site's origin is refused here with a clear
// 403 (Remix's own check would answer a 500). Routes check again with assertSameOrigin.
app.use((req, res, next) => {
  const origin = req.get('origin')
  if (req.method === 'GET' || req.method === 'HEAD' || !origin) return next()
  let host = null
  try {
    host = origin === 'null' ? null : new URL(origin).host
  } catch {
    host = null
  }
  if (host && host === req.get('host')) return next()
  res.status(403).json({ message: 'Cross-origin request refused.' })
})
app.use((_req, res, next) => {
  res.setHeader('Permissions-Policy', 'camera=(self), microphone=(self), geolocation=(self)')
  next()
})

// The form filler's OCR runs in the browser with tesseract.js; its worker, WebAssembly core and English
// data come from our own origin, never a content network. Paths carry the versions, so they cache forever.
const ocrFiles = ocrAssetDirectories()
for (const [prefix, dir] of Object.entries(ocrFiles)) {
  app.use(prefix, express.static(dir, { immutable: true, maxAge: '1y', index: false, fallthrough: false }))
}

if (vite) {
  app.use(vite.middlewares)
} else {
  app.use('/assets', express.static(path.join(buildDir, 'client', 'assets'), { immutable: true, maxAge: '1y' }))
  const clientDir = path.join(buildDir, 'client')
  const serveClientFile = express.static(clientDir, {
    maxAge: '1h',
    // The service worker must be checked for updates on every load (the browser caps it at 24 h anyway).
    setHeaders: (res, filePath) => {
      if (path.basename(filePath) === 'entry.worker.js') res.setHeader('Cache-Control', 'no-cache')
    },
  })
  // The build's files are listed once: asking the file system about every page's path first (a stat per
  // request, two for '/') cost more than a small page's own loader.
  const clientFiles = new Set(
    fs
      .readdirSync(clientDir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => `/${path.relative(clientDir, path.join(entry.parentPath ?? entry.path, entry.name)).split(path.sep).join('/')}`),
  )
  app.use((req, res, next) => (clientFiles.has(decodedPath(req.path)) ? serveClientFile(req, res, next) : next()))
}

function decodedPath(urlPath) {
  try {
    return decodeURIComponent(urlPath)
  } catch {
    return urlPath
  }
}

// The loaders of one request share work such as the session look-up (app/lib/request-scope.server.ts).
const { inRequestScope } = firstBuild.entry.module
app.all('*', (_req, _res, next) => inRequestScope(next))
app.all(
  '*',
  createRequestHandler({
    build: vite ? () => loadBuild() : firstBuild,
    mode: isDev ? 'development' : 'production',
    getLoadContext: (req, res) => ({
      cspNonce: res.locals.cspNonce,
      clientIp: req.ip ?? req.socket.remoteAddress ?? 'unknown',
      dataRequest: req.path.endsWith('.data'),
    }),
  }),
)

const server = app.listen(port, host, () => {
  const shown = host === '0.0.0.0' ? 'localhost' : host
  // In a cluster the primary says it once, for all (scripts/serve.mjs).
  if (!cluster.isWorker) console.log(`Specifications Only is ready at http://${shown}:${port}`)
})
// An idle keep-alive connection outlives the idle timeout of the proxy or client in front (60 s for common
// load balancers and nginx). With Node's 5 s default, a client that reuses a connection just as the server
// closes it gets a reset instead of an answer (seen in the end-to-end tests). Headers must come within 66 s.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000

let closing = false
async function shutdown(signal) {
  if (closing) return
  closing = true
  logger.info({ signal }, 'shutting down')
  server.close()
  try {
    await firstBuild.entry.module.closeDatabase()
  } finally {
    await vite?.close()
    process.exit(0)
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))

/** URL prefix to folder for the OCR files; the prefixes must match app/lib/ocr/assets.ts. */
function ocrAssetDirectories() {
  const require = createRequire(import.meta.url)
  const version = (name) => require(`${name}/package.json`).version
  return {
    [`/ocr/tesseract-${version('tesseract.js')}`]: path.dirname(require.resolve('tesseract.js/dist/worker.min.js')),
    [`/ocr/core-${version('tesseract.js-core')}`]: path.dirname(require.resolve('tesseract.js-core/package.json')),
    '/ocr/eng-4.0.0_best_int': path.dirname(require.resolve('@tesseract.js-data/eng/4.0.0_best_int/eng.traineddata.gz')),
  }
}
