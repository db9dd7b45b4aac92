// Prints the JavaScript each route sends, gzipped: the route's own chunk plus every chunk it imports
// (from the Vite manifest of the client build), and the entry that every page loads.
// Usage: npm run build && npm run bench:bundle [-- --budget 150]
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build', 'client')
// Remix moves the client build's Vite manifest to build/.vite/client-manifest.json.
const manifest = JSON.parse(fs.readFileSync(path.join(buildDir, '..', '.vite', 'client-manifest.json'), 'utf8'))
const budgetIndex = process.argv.indexOf('--budget')
const budgetKb = budgetIndex > 0 ? Number(process.argv[budgetIndex + 1]) : 150

const sizeCache = new Map()
function gzipped(file) {
  if (!sizeCache.has(file)) sizeCache.set(file, gzipSync(fs.readFileSync(path.join(buildDir, file)), { level: 9 }).length)
  return sizeCache.get(file)
}

function closure(key, seen = new Set()) {
  const entry = manifest[key]
  if (!entry || seen.has(entry.file)) return seen
  seen.add(entry.file)
  for (const child of entry.imports ?? []) closure(child, seen)
  return seen
}

const entryKey = Object.keys(manifest).find((k) => k.endsWith('entry.client.tsx'))
const rootKey = Object.keys(manifest).find((k) => /^app\/root\.tsx(\?|$)/.test(k))
// The root route's key carries Remix's `?__remix-build-client-route` suffix; a key not found would
// silently leave the root's JavaScript out of every figure.
if (!entryKey || !rootKey) throw new Error('entry.client or root route not found in the client manifest')
const shared = new Set([...closure(entryKey), ...closure(rootKey)])
// Every page also loads Remix's route manifest script.
for (const file of fs.readdirSync(path.join(buildDir, 'assets'))) {
  if (/^manifest-[\w-]+\.js$/.test(file)) shared.add(`assets/${file}`)
}
const sharedBytes = [...shared].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipped(f), 0)

const rows = Object.keys(manifest)
  .filter((k) => k.startsWith('app/routes/') && k.includes('?__remix-build-client-route'))
  .map((key) => {
    const files = [...closure(key)].filter((f) => f.endsWith('.js') && !shared.has(f))
    const own = files.reduce((sum, f) => sum + gzipped(f), 0)
    return { route: key.replace('app/routes/', '').replace(/\?.*$/, ''), own, total: own + sharedBytes }
  })
  .sort((a, b) => b.total - a.total)

const kb = (n) => (n / 1024).toFixed(1).padStart(7)
console.log(`shared (entry + root + their imports): ${kb(sharedBytes)} KB gzipped`)
console.log('route'.padEnd(34), 'own KB', ' total KB')
for (const row of rows) console.log(row.route.padEnd(34), kb(row.own), kb(row.total))
const home = rows.find((r) => r.route === '_index.tsx')
if (home) {
  const verdict = home.total / 1024 <= budgetKb ? 'within' : 'OVER'
  console.log(`home page: ${kb(home.total).trim()} KB gzipped, ${verdict} the ${budgetKb} KB budget`)
  if (verdict === 'OVER') process.exitCode = 1
}
