// `npm start`: install dependencies if missing, build if the sources changed since the last build, then
// serve with every core (scripts/serve.mjs; the server migrates the database and loads the corpus before
// it listens). Works the same with NODE_ENV=production, as platforms and containers set it.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildIsStale } from './build-state.mjs'
import { ensureDependencies } from './ensure-deps.mjs'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
process.chdir(root)

const BUILD_STAMP = 'build/server/index.js'
// Not package-lock.json: npm rewrites it (same content, new time) on every install and prune. A change of
// the installed packages is seen by ensureDependencies instead, and then the app is built again.
const SOURCES = ['app', 'config', 'public', 'db', 'ingest', 'vite.config.ts', 'package.json', 'tsconfig.json']

// The build's tools are devDependencies: installed (also under NODE_ENV=production) when a build is due.
// A deployment that built and then pruned them (`npm prune --omit=dev`) serves without them.
const stale = buildIsStale(root, BUILD_STAMP, SOURCES)
// An install changes node_modules, not the sources: the build is due when it was stale or packages changed.
if (ensureDependencies({ dev: stale }) || stale) {
  console.log('Building the app...')
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' })
}

process.env.NODE_ENV ??= 'production'
const { serve } = await import('./serve.mjs')
await serve()
