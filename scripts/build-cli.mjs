// Builds the command-line tools into plain JavaScript under <build>/cli, as part of `npm run build`
// (docs/decisions/013): `npm run ingest` and `npm run admin` then start without TypeScript's loader (tsx, a
// build tool, absent from a pruned production install), and start in about half the time. The server's
// ingest worker thread (ingest/cpu-thread.ts) is built here too. Packages stay imports (they are in
// node_modules at run time); the project's own modules are bundled.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

/** Entry name -> source, relative to the project. Each becomes <build>/cli/<name>.mjs. */
export const CLI_ENTRIES = {
  ingest: 'ingest/cli.ts',
  admin: 'scripts/admin.ts',
  'cpu-worker': 'ingest/cpu-thread.ts',
}

/** The folders and files the CLI bundles are built from, and this build's own settings: a change to one makes them stale. */
export const CLI_SOURCES = ['app', 'config', 'db', 'ingest', 'scripts/admin.ts', 'scripts/build-cli.mjs', 'package.json', 'tsconfig.json']

export function cliDir(buildDir = process.env.BUILD_DIR ?? 'build') {
  return path.resolve(ROOT, buildDir, 'cli')
}

/**
 * Builds into a fresh folder beside the target, then swaps it in with renames, so a process starting a
 * CLI (or a second build racing this one) never reads a half-written bundle.
 */
export async function buildCli(buildDir) {
  const { build } = await import('vite')
  const { default: tsconfigPaths } = await import('vite-tsconfig-paths')
  const target = cliDir(buildDir)
  const staging = `${target}.${process.pid}.${Date.now()}`
  await build({
    root: ROOT,
    configFile: false,
    logLevel: 'warn',
    plugins: [tsconfigPaths({ root: ROOT })],
    // Nothing from the app's browser build: no public/ copy, no .env files.
    publicDir: false,
    envFile: false,
    build: {
      ssr: true,
      target: 'node20',
      outDir: staging,
      emptyOutDir: true,
      minify: false,
      reportCompressedSize: false,
      rollupOptions: {
        input: Object.fromEntries(Object.entries(CLI_ENTRIES).map(([name, source]) => [name, path.join(ROOT, source)])),
        output: { format: 'esm', entryFileNames: '[name].mjs', chunkFileNames: 'chunks/[name]-[hash].mjs' },
      },
    },
  })
  const old = `${target}.old.${process.pid}`
  try {
    if (fs.existsSync(target)) fs.renameSync(target, old)
    fs.renameSync(staging, target)
  } catch (error) {
    // Another build swapped its copy in between: from the same sources, so keep it.
    if (!fs.existsSync(path.join(target, 'ingest.mjs'))) throw error
  } finally {
    fs.rmSync(old, { recursive: true, force: true })
    fs.rmSync(staging, { recursive: true, force: true })
  }
  return target
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildCli()
}
