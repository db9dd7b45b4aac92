// Prints the JavaScript each route sends, gzipped: the route's own chunk plus every chunk it imports
// (from the Vite manifest of the client build), and what every page loads (the entry, the root route and
// their imports, Remix's route manifest script). Exits with status 1 when the home page is over budget.
// Usage: npm run build && npm run bench:bundle [-- --budget 150]
// The same measure backs the budget test in tests/integration/pwa.test.ts (docs/decisions/020).
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

/** The home page's budget: its JavaScript, gzipped, in KB (issue 16). */
export const HOME_BUDGET_KB = 150

/**
 * What each route's page loads, from a client build: `shared` (files every page loads), and per route
 * its `files` (all the page loads), `own` and `total` gzipped bytes.
 * @param {string} buildDirectory
 */
export function measureBundle(buildDirectory) {
  const buildDir = path.resolve(buildDirectory, 'client')
  // Remix moves the client build's Vite manifest to build/.vite/client-manifest.json.
  const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, '..', '.vite', 'client-manifest.json'), 'utf8'))
  const sizes = new Map()
  const gzipped = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(fs.readFileSync(path.join(buildDir, file)), { level: 9 }).length)
    return sizes.get(file)
  }
  const closure = (key, seen = new Set()) => {
    const entry = manifest[key]
    if (!entry || seen.has(entry.file)) return seen
    seen.add(entry.file)
    for (const child of entry.imports ?? []) closure(child, seen)
    return seen
  }
  const entryKey = Object.keys(manifest).find((k) => k.endsWith('entry.client.tsx'))
  // Route keys carry Remix's `?__remix-build-client-route` suffix; a key not found would silently leave
  // the root's JavaScript out of every figure.
  const rootKey = Object.keys(manifest).find((k) => /^app\/root\.tsx(\?|$)/.test(k))
  if (!entryKey || !rootKey) throw new Error('entry.client or root route not found in the client manifest')
  const shared = new Set([...closure(entryKey), ...closure(rootKey)])
  for (const file of fs.readdirSync(path.join(buildDir, 'assets'))) {
    if (/^manifest-[\w-]+\.js$/.test(file)) shared.add(`assets/${file}`)
  }
  const sharedJs = [...shared].filter((f) => f.endsWith('.js'))
  const sharedBytes = sharedJs.reduce((sum, f) => sum + gzipped(f), 0)
  const routes = Object.keys(manifest)
    .filter((k) => k.startsWith('app/routes/') && k.includes('?__remix-build-client-route'))
    .map((key) => {
      const ownFiles = [...closure(key)].filter((f) => f.endsWith('.js') && !shared.has(f))
      const own = ownFiles.reduce((sum, f) => sum + gzipped(f), 0)
      return { route: key.replace('app/routes/', '').replace(/\?.*$/, ''), files: [...sharedJs, ...ownFiles], own, total: own + sharedBytes }
    })
    .sort((a, b) => b.total - a.total)
  return { sharedBytes, routes }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const budgetIndex = process.argv.indexOf('--budget')
  const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : HOME_BUDGET_KB
  const { sharedBytes, routes } = measureBundle(process.env.BUILD_DIR ?? 'build')
  const kb = (n) => (n / 1024).toFixed(1).padStart(7)
  console.log(`shared (entry + root + their imports): ${kb(sharedBytes)} KB gzipped`)
  console.log('route'.padEnd(34), 'own KB', ' total KB')
  for (const row of routes) console.log(row.route.padEnd(34), kb(row.own), kb(row.total))
  const home = routes.find((r) => r.route === '_index.tsx')
  if (home) {
    const verdict = home.total / 1024 <= budgetKb ? 'within' : 'OVER'
    console.log(`home page: ${kb(home.total).trim()} KB gzipped, ${verdict} the ${budgetKb} KB budget`)
    if (verdict === 'OVER') process.exitCode = 1
  }
}
