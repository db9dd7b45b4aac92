// Build-time support for the service worker (app/entry.worker.ts).
//
// The client build knows which hashed files each route needs; the worker is built afterwards (during the
// server build, by @remix-pwa/dev). `precacheListPlugin` writes, at the end of the client build, the app
// shell list: the entry, the root route and the routes that must work offline (home, field calculations,
// cheat sheets, documents, the not-found page), each with the chunks and stylesheets it imports (statically or
// on demand), and Remix's
// route manifest script. `swBuildVariables` hands that list and a version derived from it to the worker
// build as `process.env.SW_PRECACHE` (JSON text) / `process.env.SW_VERSION`; the values are read when the worker is
// built (getters), not when this config is loaded, because the config is loaded before the client build.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Routes whose code is precached: they must open offline without having been visited. */
export const OFFLINE_ROUTES = ['root.tsx', 'routes/_index.tsx', 'routes/field-calculations.tsx', 'routes/cheat-sheets.tsx', 'routes/documents.tsx', 'routes/$.tsx']

const listFile = (buildDirectory) => path.resolve(buildDirectory, 'sw-precache.json')

/** The shell list from a Rollup client bundle: pure, exported for the build check in scripts/bench-precache.mjs. */
export function shellFiles(bundle, routes = OFFLINE_ROUTES) {
  const chunks = Object.values(bundle).filter((item) => item.type === 'chunk')
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]))
  const wanted = chunks.filter((chunk) => {
    const id = (chunk.facadeModuleId ?? '').split('?')[0].replaceAll('\\', '/')
    return chunk.isEntry && (id.endsWith('/app/entry.client.tsx') || routes.some((route) => id.endsWith(`/app/${route}`)))
  })
  const files = new Set()
  const visit = (chunk) => {
    if (files.has(chunk.fileName)) return
    files.add(chunk.fileName)
    for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css)
    // Code a route loads on demand (the on-device search engine, for one) must be there offline too.
    for (const imported of [...chunk.imports, ...(chunk.dynamicImports ?? [])]) {
      const next = byFile.get(imported)
      if (next) visit(next)
    }
  }
  wanted.forEach(visit)
  for (const item of Object.values(bundle)) {
    if (item.type === 'asset' && /(^|\/)manifest-[\w-]+\.js$/.test(item.fileName)) files.add(item.fileName)
    // Stylesheets imported with ?url (root's tailwind.css, print styles) are assets, not chunk CSS.
    if (item.type === 'asset' && item.fileName.endsWith('.css')) files.add(item.fileName)
  }
  return [...files].map((file) => `/${file}`).sort()
}

/** @param {string} buildDirectory @returns {import('vite').Plugin} */
export function precacheListPlugin(buildDirectory) {
  let ssr = false
  return {
    name: 'sw-precache-list',
    apply: 'build',
    configResolved(config) {
      ssr = Boolean(config.build.ssr)
    },
    writeBundle(_options, bundle) {
      if (ssr) return
      fs.mkdirSync(path.dirname(listFile(buildDirectory)), { recursive: true })
      fs.writeFileSync(listFile(buildDirectory), JSON.stringify(shellFiles(bundle), null, 2))
    },
  }
}

function readList(buildDirectory) {
  try {
    const list = JSON.parse(fs.readFileSync(listFile(buildDirectory), 'utf8'))
    return Array.isArray(list) ? list.filter((item) => typeof item === 'string') : []
  } catch {
    return []
  }
}

/** @param {string} buildDirectory @returns {Record<string, string>} */
export function swBuildVariables(buildDirectory) {
  /** @type {Record<string, string>} */
  const variables = {}
  Object.defineProperty(variables, 'process.env.SW_PRECACHE', { enumerable: true, get: () => JSON.stringify(readList(buildDirectory)) })
  Object.defineProperty(variables, 'process.env.SW_VERSION', {
    enumerable: true,
    get: () => createHash('sha256').update(JSON.stringify(readList(buildDirectory))).digest('hex').slice(0, 10),
  })
  return variables
}
