// Serves the built app (`npm start` after its build, `npm run serve`) with every core (docs/decisions/012):
// - DATABASE_URL set: one server process per core (node:cluster), stateless app servers over the shared
//   PostgreSQL. The first to start migrates and loads the corpus (the others wait on the database's lock
//   and find it done); the first runs the scheduled news fetch. WEB_CONCURRENCY sets the number.
// - embedded database (PGlite): one server process, whose database runs in a thread of its own
//   (db/pglite-thread.ts), so the request thread and the database use two cores. PGlite's directory
//   belongs to one process, so WEB_CONCURRENCY cannot add more.
// A worker that dies after it started serving is replaced; one that fails to start stops the whole
// server, with its error, since a restart would fail the same way. SIGTERM and SIGINT stop every worker.
import cluster from 'node:cluster'
import { randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { configOrExit } from '../config/settings.mjs'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const SERVER = path.join(ROOT, 'server.mjs')
/** Grace given to workers to finish their requests on shutdown before they are killed. */
const STOP_GRACE_MS = 15_000

/**
 * How many server processes to run, and a warning when WEB_CONCURRENCY is not used as given.
 * @param {import('../config/settings.mjs').Config} settings
 * @param {number} cores
 */
export function serverProcesses(settings, cores = os.availableParallelism()) {
  const configured = settings.WEB_CONCURRENCY
  const wanted = configured ?? Math.min(cores, 64)
  if (settings.DATABASE_URL) return { count: wanted, warning: null }
  const warning =
    configured && configured > 1
      ? `WEB_CONCURRENCY=${configured} needs DATABASE_URL: the embedded database belongs to one process (its SQL runs in a thread of its own). Serving with one process.`
      : null
  return { count: 1, warning }
}

/**
 * Starts the server processes; resolves once they are serving. A bad setting stops here, before any
 * process starts, with one message naming it (config/settings.mjs).
 */
export async function serve(env = process.env) {
  const settings = configOrExit(env)
  const { count, warning } = serverProcesses(settings)
  if (warning) console.warn(warning)
  if (count === 1) {
    await import(pathToFileURL(SERVER).href)
    return
  }
  await superviseWorkers(count, settings, env)
}

/**
 * @param {number} count
 * @param {import('../config/settings.mjs').Config} settings
 * @param {Record<string, string | undefined>} env the environment the workers inherit
 */
async function superviseWorkers(count, settings, env) {
  // Cookies must verify in every worker: without SESSION_SECRET they share one random secret (as one
  // process would make), so a session moves between workers and ends with this server.
  if (settings.SESSION_SECRET.length === 0) env.SESSION_SECRET = randomBytes(32).toString('hex')
  cluster.setupPrimary({ exec: SERVER })
  let stopping = false
  let listening = 0
  const { HOST: host, PORT: port } = settings

  const start = (index) => {
    const worker = cluster.fork({ SERVER_WORKER_INDEX: String(index) })
    let served = false
    worker.once('listening', () => {
      served = true
      listening++
      if (listening === count) {
        const shown = host === '0.0.0.0' ? 'localhost' : host
        console.log(`Specifications Only is ready at http://${shown}:${port} (${count} server processes)`)
      }
    })
    worker.once('exit', (code, signal) => {
      if (served) listening--
      if (stopping) return
      if (!served) {
        console.error(`Server process ${index + 1} stopped before it served (${signal ?? `exit code ${code}`}); stopping.`)
        void stop(1)
        return
      }
      console.error(`Server process ${index + 1} stopped (${signal ?? `exit code ${code}`}); starting a new one.`)
      setTimeout(() => {
        if (!stopping) start(index)
      }, 1000).unref()
    })
  }

  async function stop(exitCode) {
    if (stopping) return
    stopping = true
    const workers = Object.values(cluster.workers ?? {}).filter(Boolean)
    const exited = workers.map((worker) => new Promise((resolve) => (worker.isDead() ? resolve() : worker.once('exit', resolve))))
    for (const worker of workers) worker.process.kill('SIGTERM')
    const killer = setTimeout(() => {
      for (const worker of workers) if (!worker.isDead()) worker.process.kill('SIGKILL')
    }, STOP_GRACE_MS)
    await Promise.all(exited)
    clearTimeout(killer)
    process.exit(exitCode)
  }
  process.on('SIGTERM', () => void stop(0))
  process.on('SIGINT', () => void stop(0))

  for (let index = 0; index < count; index++) start(index)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await serve()
