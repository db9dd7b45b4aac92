// Installs npm dependencies when they are missing or older than package-lock.json. Node builtins only,
// because it runs before anything is installed.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function mtime(root, file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs
  } catch {
    return 0
  }
}

/** Packages of package.json's `section` that node_modules does not hold. */
export function missingPackages(root, section) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'))
  return Object.keys(manifest[section] ?? {}).filter((name) => !fs.existsSync(path.join(root, 'node_modules', name, 'package.json')))
}

/**
 * The install command. `--include=dev` because the build's tools (Vite, the Remix and PWA plugins,
 * TypeScript) are devDependencies: under NODE_ENV=production, as platforms and containers set it, npm
 * would otherwise leave them out and the build could not load vite.config.ts. The server itself only
 * needs `dependencies` (tests/integration/production-runtime.test.ts), so a deployment may prune the
 * rest after building (`npm prune --omit=dev`).
 */
export const INSTALL_ARGS = ['install', '--include=dev', '--no-audit', '--no-fund', '--loglevel=error']

/**
 * Runs `npm install` when node_modules is missing, older than package.json or package-lock.json, or
 * lacks a package the next step needs: `dependencies` always, `devDependencies` too when `dev` (a build or
 * the tests follow). Returns whether it installed.
 */
export function ensureDependencies({ root = ROOT, dev = true } = {}) {
  const installed = mtime(root, 'node_modules/.package-lock.json')
  const wanted = Math.max(mtime(root, 'package-lock.json'), mtime(root, 'package.json'))
  const stale = !installed || installed < wanted
  const absent = stale ? [] : [...missingPackages(root, 'dependencies'), ...(dev ? missingPackages(root, 'devDependencies') : [])]
  if (!stale && absent.length === 0) return false
  // `npm install`, not `npm ci`: it installs exactly the locked versions too, and npm 11 with this
  // machine's npmrc (omit-lockfile-registry-resolved) writes locks without other platforms' optional
  // packages, which `npm ci` then refuses as "out of sync".
  console.log(absent.length > 0 ? `Installing dependencies (npm install; missing ${absent.slice(0, 3).join(', ')}${absent.length > 3 ? ', ...' : ''})...` : 'Installing dependencies (npm install)...')
  execFileSync('npm', INSTALL_ARGS, { cwd: root, stdio: 'inherit' })
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies()
