import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import path from 'node:path'

export const ROOT = path.resolve(import.meta.dirname, '..', '..')

/**
 * A port for a server this test starts. Test files run in parallel (vitest.config.ts), and a port the
 * system hands out (bind to 0) is free again between this check and the server's listen, so another
 * worker could be handed it meanwhile. Each vitest worker therefore picks from a range of its own, below
 * the system's ephemeral ports, and checks the port is free.
 */
export async function freePort(): Promise<number> {
  const worker = Number(process.env.VITEST_POOL_ID ?? 1)
  const base = 20_000 + (worker % 8) * 1_500
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = base + Math.floor(Math.random() * 1_500)
    const free = await new Promise<boolean>((resolve) => {
      const server = net.createServer()
      server.once('error', () => resolve(false))
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
    })
    if (free) return port
  }
  throw new Error('no free port found')
}

export interface RunningServer {
  url: string
  /** The server's process id (to read its memory from /proc). */
  pid: number
  output: () => string
  stop(): Promise<void>
}

/**
 * Starts the built server (build/ must exist: `npm run build`) as a real process on a free port: one
 * server process (server.mjs), or with `entry: 'scripts/serve.mjs'` the production entry, which runs
 * several on PostgreSQL.
 */
export async function startServer(env: Record<string, string>, options: { entry?: string } = {}): Promise<RunningServer> {
  const port = await freePort()
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [options.entry ?? 'server.mjs'], {
    cwd: ROOT,
    // News: no scheduled fetch and an empty feed list unless a test passes its own (local) feeds, so
    // no test server ever reaches the internet.
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', NEWS_FETCH: 'off', NEWS_FEEDS_JSON: '[]', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (chunk) => (output += chunk))
  child.stderr?.on('data', (chunk) => (output += chunk))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 150_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`)
    try {
      const response = await fetch(`${url}/healthz`)
      if (response.ok) break
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        child.once('exit', () => resolve())
        child.kill('SIGTERM')
      }),
  }
}

/** The cookies a response sets, as one Cookie header value. */
export function cookieOf(response: Response): string {
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')
}

/** The number of searches counted for the session (GET /api/auth/me). */
export async function searchCountOf(server: Pick<RunningServer, 'url'>, cookie: string): Promise<number> {
  const me = (await (await fetch(`${server.url}/api/auth/me`, { headers: { cookie } })).json()) as { searchCount: number }
  return me.searchCount
}

/** Headers for a same-origin JSON call to a test server, with the session cookie when given. */
export function jsonHeaders(server: Pick<RunningServer, 'url'>, cookie = ''): Record<string, string> {
  return { Origin: server.url, 'Content-Type': 'application/json', Accept: 'application/json', ...(cookie ? { cookie } : {}) }
}

let members = 0

/** Signs a new member up through POST /api/auth/signup and returns their session cookie. */
export async function signUpMember(
  server: Pick<RunningServer, 'url'>,
  details: Partial<{ firstName: string; lastName: string; email: string; password: string }> = {},
): Promise<string> {
  members += 1
  const body = {
    firstName: 'Pat',
    lastName: 'Inspector',
    email: `member-${process.pid}-${Date.now()}-${members}@example.test`,
    password: 'field-pass-1',
    ...details,
  }
  const response = await fetch(`${server.url}/api/auth/signup`, { method: 'POST', headers: jsonHeaders(server), body: JSON.stringify(body) })
  if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`)
  return cookieOf(response)
}

/** Starts guest mode through POST /api/auth/guest and returns the guest's session cookie. */
export async function startGuest(server: Pick<RunningServer, 'url'>): Promise<string> {
  const response = await fetch(`${server.url}/api/auth/guest`, { method: 'POST', headers: jsonHeaders(server) })
  if (response.status !== 200) throw new Error(`guest start failed: ${response.status} ${await response.text()}`)
  return cookieOf(response)
}
