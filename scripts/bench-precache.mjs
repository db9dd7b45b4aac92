// Prints what the service worker precaches on install, from a build: the app shell list written by the
// client build (<build>/sw-precache.json), the icons, logos and manifest, and the worker itself; bytes raw
// and gzipped, and the file count. With --index-url (a running server) it also measures the offline index.
// Usage: BUILD_DIR=build node scripts/bench-precache.mjs [--index-url http://127.0.0.1:3000]
import fs from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const buildDir = path.resolve(process.env.BUILD_DIR ?? 'build')
const client = path.join(buildDir, 'client')
const listFile = path.join(buildDir, 'sw-precache.json')
if (!fs.existsSync(listFile)) {
  console.error(`No ${listFile}: run the build first (BUILD_DIR=${path.basename(buildDir)} npm run build).`)
  process.exit(1)
}
// Same extra files as app/entry.worker.ts (EXTRA_STATIC); the manifest is a route, measured by the server.
const EXTRA = ['/favicon.svg', '/logo-mark.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png']
const shell = JSON.parse(fs.readFileSync(listFile, 'utf8'))
const files = [...new Set([...shell, ...EXTRA])]

const rows = files.map((file) => {
  const bytes = fs.readFileSync(path.join(client, file))
  return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length }
})
const sum = (key) => rows.reduce((total, row) => total + row[key], 0)
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

rows.sort((a, b) => b.raw - a.raw)
console.log('Largest precached files:')
for (const row of rows.slice(0, 8)) console.log(`  ${row.file.padEnd(48)} ${kb(row.raw).padStart(10)} raw ${kb(row.gzip).padStart(9)} gzip`)
console.log(`Precache: ${rows.length} files, ${sum('raw')} bytes raw (${kb(sum('raw'))}), ${sum('gzip')} bytes gzipped (${kb(sum('gzip'))})`)

const worker = fs.readFileSync(path.join(client, 'entry.worker.js'))
console.log(`Service worker: ${worker.length} bytes raw, ${gzipSync(worker, { level: 9 }).length} bytes gzipped`)

const all = fs.readdirSync(path.join(client, 'assets'))
const allBytes = all.reduce((total, file) => total + fs.statSync(path.join(client, 'assets', file)).size, 0)
console.log(`For comparison, every built asset: ${all.length} files, ${allBytes} bytes raw`)

const at = process.argv.indexOf('--index-url')
if (at > 0) {
  const base = process.argv[at + 1]
  const response = await fetch(new URL('/offline-index.json', base))
  const body = Buffer.from(await response.arrayBuffer())
  const index = JSON.parse(body.toString('utf8'))
  const statements = index.entries.reduce((total, entry) => total + entry.statements.length, 0)
  console.log(
    `Offline index: ${index.entries.length} entries, ${statements} statements, ${body.length} bytes raw, ${gzipSync(body, { level: 9 }).length} bytes gzipped (version ${index.version})`,
  )
}
