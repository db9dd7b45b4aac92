/**
 * The server needs only package.json's `dependencies` (docs/decisions/012): a deployment can build, prune
 * the build's tools (`npm prune --omit=dev`), serve and run the command-line tools. Every package the built
 * server, the files it starts (the cluster entry, the database thread, the OCR process, the ingest worker) and
 * the built command-line tools import must be a dependency.
 */
import fs from 'node:fs'
import { builtinModules } from 'node:module'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from './server'

const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')
/** Imported only on a path a production server never takes. */
const DEVELOPMENT_ONLY: Record<string, string> = {
  vite: 'server.mjs loads it only with NODE_ENV=development; scripts/build-cli.mjs only to build a missing or stale CLI',
  'vite-tsconfig-paths': 'scripts/build-cli.mjs, only to build a missing or stale CLI',
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? files(full) : /\.m?js$/.test(full) ? [full] : []
  })
}

/** The package a bare import names (`drizzle-orm/pglite` -> `drizzle-orm`, `@scope/a/b` -> `@scope/a`). */
function packageOf(specifier: string): string {
  const parts = specifier.split('/')
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!
}

describe('the production server', () => {
  it('imports no package outside dependencies', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> }
    const sources = [
      ...files(path.join(BUILD, 'server')),
      // The command-line tools (`npm run ingest`, `npm run admin`) and the server's ingest worker thread.
      ...files(path.join(BUILD, 'cli')),
      ...['scripts/cli.mjs', 'scripts/build-cli.mjs', 'scripts/build-state.mjs', 'server.mjs', 'scripts/serve.mjs', 'scripts/start.mjs', 'scripts/ensure-deps.mjs', 'db/pglite-worker.mjs', 'app/lib/analysis/ocr-process.mjs'].map((f) => path.join(ROOT, f)),
    ]
    const imported = new Map<string, string>()
    for (const file of sources) {
      const text = fs.readFileSync(file, 'utf8')
      for (const match of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"./][^'"]*)['"]/g)) {
        const name = packageOf(match[1]!)
        if (name.startsWith('node:') || builtinModules.includes(name)) continue
        imported.set(name, path.relative(ROOT, file))
      }
    }
    expect(imported.size, 'the build was read').toBeGreaterThan(20)
    const outside = [...imported].filter(([name]) => !(name in manifest.dependencies) && !(name in DEVELOPMENT_ONLY)).map(([name, file]) => `${name} (${file})`)
    expect(outside).toEqual([])
  })
})
