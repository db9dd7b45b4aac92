// Whether a build is older than the sources it was made from (file modification times). Node builtins only:
// `npm start` and the CLI launcher ask it before anything is installed or built.
import fs from 'node:fs'
import path from 'node:path'

/** The newest modification time (ms) of a file or, for a folder, of anything inside it; 0 when absent. */
export function newestMtime(entry) {
  let stat
  try {
    stat = fs.statSync(entry)
  } catch {
    return 0
  }
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = stat.mtimeMs
  for (const child of fs.readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)))
  return newest
}

/** True when `stamp` (a file the build writes) is missing or older than one of `sources`, under `root`. */
export function buildIsStale(root, stamp, sources) {
  const built = newestMtime(path.join(root, stamp))
  return !built || sources.some((source) => newestMtime(path.join(root, source)) > built)
}
