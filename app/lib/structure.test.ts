/**
 * The arrows of the house point down (docs/DESIGN.md, 'The house'): routes -> components -> lib -> db,
 * and ingest and the app share a core instead of importing each other. This test reads every import of
 * the app's source files (tests excepted) and fails on one that points the wrong way:
 * - nothing in app/lib imports ingest/, app/components or app/routes;
 * - the search core (app/lib/search/core) is pure and shared by the server, the ingest and the browser:
 *   it imports no server module (*.server.ts), no Node built-in, no database code and nothing of
 *   app/lib/search outside the core;
 * - app/lib/search (search reads) never imports the ingest's writers;
 * - db/ imports neither app/ nor ingest/, and config/ (the settings schema, read by all of them) imports
 *   nothing of the project;
 * - settings are read through config/settings.mjs only: no other server, database or ingest file reads
 *   process.env (docs/decisions/019).
 */
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const ROOT = path.resolve(import.meta.dirname, '..', '..')
const SOURCE = /\.(ts|tsx|mjs)$/
const TEST = /\.test\.tsx?$|test-passages\.ts$/

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(full)
    return SOURCE.test(entry.name) && !TEST.test(entry.name) ? [full] : []
  })
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g

/** The project-relative path an import resolves to, or the bare specifier of a package or built-in. */
function target(file: string, spec: string): string {
  if (spec.startsWith('~/')) return path.join('app', spec.slice(2))
  if (spec.startsWith('@db/')) return path.join('db', spec.slice(4))
  if (spec.startsWith('.')) return path.relative(ROOT, path.resolve(path.dirname(file), spec))
  return spec
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8')
  return [...text.matchAll(SPECIFIER)].map((match) => target(file, match[1]!))
}

function violations(dir: string, rule: (importer: string, imported: string) => string | null): string[] {
  return sourceFiles(path.join(ROOT, dir)).flatMap((file) => {
    const importer = path.relative(ROOT, file)
    return importsOf(file).flatMap((imported) => {
      const why = rule(importer, imported)
      return why ? [`${importer} -> ${imported}: ${why}`] : []
    })
  })
}

describe('the arrows of the house point down', () => {
  it('finds the files and imports it checks', () => {
    expect(sourceFiles(path.join(ROOT, 'app', 'lib')).length).toBeGreaterThan(100)
    expect(importsOf(path.join(ROOT, 'app', 'lib', 'search', 'entry.server.ts'))).toContain(path.join('app', 'lib', 'search', 'quota.server'))
  })

  it('app/lib imports neither ingest/, components nor routes', () => {
    expect(
      violations('app/lib', (_importer, imported) => {
        if (imported.startsWith(`ingest${path.sep}`)) return 'the ingest imports the core, not the other way'
        if (imported.startsWith(path.join('app', 'components'))) return 'lib sits below components'
        if (imported.startsWith(path.join('app', 'routes'))) return 'lib sits below routes'
        return null
      }),
    ).toEqual([])
  })

  it('the search core is pure: no server module, no Node built-in, no database, nothing of search outside the core', () => {
    const core = path.join('app', 'lib', 'search', 'core')
    expect(
      violations(core, (_importer, imported) => {
        if (imported.startsWith('node:') || ['fs', 'path', 'crypto', 'os'].includes(imported)) return 'a Node built-in'
        if (/\.server(\.tsx?)?$/.test(imported)) return 'a server module'
        if (imported.startsWith(`db${path.sep}`) || imported.startsWith('drizzle-orm') || imported.startsWith('@electric-sql')) return 'database code'
        if (imported.startsWith(path.join('app', 'lib', 'search')) && !imported.startsWith(core)) return 'search code outside the core'
        return null
      }),
    ).toEqual([])
  })

  it('search reads and the ingest writes: app/lib/search never imports ingest code', () => {
    expect(
      violations('app/lib/search', (_importer, imported) =>
        imported.startsWith(`ingest${path.sep}`) || imported.includes(`${path.sep}ingest${path.sep}`) ? 'search reads what the ingest wrote, through the database' : null,
      ),
    ).toEqual([])
  })

  it('db/ sits at the bottom and config/ below everything: neither imports the app or the ingest', () => {
    const upward = (_importer: string, imported: string) =>
      imported.startsWith(`app${path.sep}`) || imported.startsWith(`ingest${path.sep}`) ? 'an import pointing up' : null
    expect(violations('db', upward)).toEqual([])
    expect(
      violations('config', (importer, imported) =>
        imported.startsWith('.') || imported.includes(path.sep) ? `${importer} must import nothing of the project` : null,
      ),
    ).toEqual([])
  })

  it('nothing but config/settings.mjs reads process.env', () => {
    // The service worker's build variables (inlined by its bundler, never read at run time), and the OCR
    // process's PATH (the operating system's, passed on; not a setting).
    const allowed = new Map([
      [path.join('app', 'entry.worker.ts'), ['process.env.SW_VERSION', 'process.env.SW_PRECACHE']],
      [path.join('app', 'lib', 'analysis', 'ocr.server.ts'), ['process.env.PATH']],
      // serve() hands the environment to loadConfig and, through node:cluster, to its workers.
      [path.join('scripts', 'serve.mjs'), ['process.env)', 'process.env.SESSION_SECRET', 'env = process.env']],
    ])
    const files = [...['app', 'db', 'ingest'].flatMap((dir) => sourceFiles(path.join(ROOT, dir))), path.join(ROOT, 'server.mjs'), path.join(ROOT, 'scripts', 'serve.mjs')]
    const reads = files.flatMap((file) => {
      const relative = path.relative(ROOT, file)
      const text = fs.readFileSync(file, 'utf8').replace(/^\s*(\/\/|\*).*$/gm, '') // comments may name it
      const found = [...text.matchAll(/process\.env(?:\.[A-Z_a-z]+|\)|\b)/g)].map((m) => m[0])
      const ok = allowed.get(relative) ?? []
      return found.filter((read) => !ok.some((allow) => read === allow || allow.startsWith(read))).map((read) => `${relative}: ${read}`)
    })
    expect(sourceFiles(path.join(ROOT, 'app')).length).toBeGreaterThan(100)
    expect(reads).toEqual([])
  })
})
