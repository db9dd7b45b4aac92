// Installs npm dependencies when they are missing or older than package-lock.json. Node builtins only,
// because it runs before anything is installed.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs
  } catch {
    return 0
  }
}

export function ensureDependencies() {
  const installed = mtime('node_modules/.package-lock.json')
  const wanted = Math.max(mtime('package-lock.json'), mtime('package.json'))
  if (installed && installed >= wanted) return false
  // `npm install`, not `npm ci`: it installs exactly the locked versions too, and npm 11 with this
  // machine's npmrc (omit-lockfile-registry-resolved) writes locks without other platforms' optional
  // packages, which `npm ci` then refuses as "out of sync".
  console.log('Installing dependencies (npm install)...')
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error'], {
    cwd: root,
    stdio: 'inherit',
  })
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureDependencies()
