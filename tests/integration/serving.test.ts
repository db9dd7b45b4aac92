/**
 * Every core serves (docs/decisions/012): on PGlite the SQL runs in a thread of its own, so the request
 * thread keeps turning; on PostgreSQL the production entry runs several server processes that share
 * sessions, ingest jobs and the one-time start work through the database.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, rowsOf, type DbHandle } from '../../db/client'
import { createTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './databases'
import { jsonHeaders, cookieOf, startServer, type RunningServer } from './server'

/** Ticks of a 5 ms timer on this thread while `work` runs, and how long it ran. */
async function ticksDuring(work: () => Promise<unknown>): Promise<{ ticks: number; millis: number }> {
  let ticks = 0
  const timer = setInterval(() => ticks++, 5)
  const started = performance.now()
  try {
    await work()
  } finally {
    clearInterval(timer)
  }
  return { ticks, millis: performance.now() - started }
}

describe('the embedded database in a thread of its own', () => {
  let dataDir: string
  let threaded: DbHandle

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-thread-'))
    threaded = await openDatabase({ dataDir, thread: true })
  })
  afterAll(async () => {
    await threaded?.close()
    fs.rmSync(dataDir, { recursive: true, force: true })
  })

  // A statement that keeps PGlite busy for a while (hundreds of ms).
  const longStatement = sql`select count(*)::int as n from generate_series(1, 400) a, generate_series(1, 4000) b where (a * b) % 7 = 3`

  it('leaves the calling thread free while a statement runs', async () => {
    const { ticks, millis } = await ticksDuring(() => threaded.db.execute(longStatement))
    expect(millis, 'the statement is long enough to tell').toBeGreaterThan(100)
    // In the calling thread, PGlite would hold the event loop for the whole statement: no tick at all.
    expect(ticks).toBeGreaterThanOrEqual(Math.min(10, Math.floor(millis / 5 / 4)))
  })

  it('answers rows, errors and transactions as PGlite in process does', async () => {
    const inline = await openDatabase({ dataDir: fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-inline-')) })
    try {
      const probe = sql`select now() - now() as zero, 2::int8 as big, 1.5::numeric as num, '{"a":[1]}'::jsonb as j, '\\x0102'::bytea as b,
        array[1,2]::int[] as arr, null::text as nothing, 'é'::text as accent, date '2025-01-02' as day`
      expect(rowsOf(await threaded.db.execute(probe))).toEqual(rowsOf(await inline.db.execute(probe)))

      for (const handle of [threaded, inline]) {
        await handle.db.execute(sql`create table probe (id int primary key)`)
        await handle.db.execute(sql`insert into probe values (1)`)
      }
      const failure = async (handle: DbHandle) => {
        const error = (await handle.db.execute(sql`insert into probe values (${1})`).catch((e: unknown) => e)) as Error & { cause?: Error & Record<string, unknown> }
        return { type: error.constructor.name, cause: error.cause?.constructor.name, code: error.cause?.code, constraint: error.cause?.constraint, message: error.message }
      }
      expect(await failure(threaded)).toEqual(await failure(inline))
      expect((await failure(threaded)).code).toBe('23505')

      // A failed transaction leaves nothing; a nested one commits with its parent; statements outside wait.
      await expect(
        threaded.db.transaction(async (tx) => {
          await tx.execute(sql`insert into probe values (2)`)
          throw new Error('undo')
        }),
      ).rejects.toThrow('undo')
      const during = threaded.db.transaction(async (tx) => {
        await tx.execute(sql`insert into probe values (3)`)
        await tx.transaction(async (inner) => inner.execute(sql`insert into probe values (4)`))
        await new Promise((resolve) => setTimeout(resolve, 30))
      })
      const outside = threaded.db.execute(sql`select array_agg(id order by id) as ids from probe`)
      await during
      expect(rowsOf<{ ids: number[] }>(await outside)[0]?.ids).toEqual([1, 3, 4])
    } finally {
      await inline.close()
    }
  })
})

/** Process ids of the children of `pid` (the cluster's workers). */
function childrenOf(pid: number): number[] {
  const children: number[] = []
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name (which is in parentheses): state, ppid, ...
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      if (ppid === pid) children.push(Number(entry))
    } catch {
      // gone meanwhile
    }
  }
  return children
}

async function until<T>(what: string, check: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

const ADMIN = 'cluster-admin@example.test'

describe.skipIf(!TEST_DATABASE_URL)('several server processes on PostgreSQL (npm start)', () => {
  let database: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createTestDatabase('postgres')
    // No SESSION_SECRET: the workers must still agree on one. The news schedule is on (its first fetch far away).
    const env = { ...database.env, WEB_CONCURRENCY: '2', ADMIN_EMAILS: ADMIN, LOG_LEVEL: 'info', NEWS_FETCH: 'on', NEWS_FIRST_FETCH_DELAY_MS: '600000' }
    delete (process.env as Record<string, string | undefined>).SESSION_SECRET
    server = await startServer(env, { entry: 'scripts/serve.mjs' })
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  const startupReports = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.includes('"startup complete"'))
      .map((line) => JSON.parse(line) as { search: { added: number; unchanged: number } })

  it('runs two workers, of which one loaded the corpus and one runs the news schedule', async () => {
    expect(childrenOf(server.pid)).toHaveLength(2)
    const reports = await until('both workers to report', () => (startupReports().length === 2 ? startupReports() : undefined))
    expect(reports.filter((report) => report.search.added > 0)).toHaveLength(1)
    expect(reports.find((report) => report.search.added === 0)?.search.unchanged).toBeGreaterThan(0)
    // The first worker logs 'news scheduler started' just after its startup report, in a write of its own.
    await until('the news scheduler to start', () => server.output().match(/news scheduler started/g) ?? undefined)
    expect(server.output().match(/news scheduler started/g)).toHaveLength(1)
  })

  it('keeps a session and an ingest job valid on every worker', async () => {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: jsonHeaders(server),
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Admin', email: ADMIN, password: 'field-pass-1' }),
    })
    expect(signup.status).toBe(200)
    const cookie = cookieOf(signup)
    // New connections are dealt to the workers in turn: several requests reach both.
    for (let i = 0; i < 6; i++) {
      const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie, connection: 'close' } })
      expect(((await me.json()) as { user: { email: string } | null }).user?.email, `request ${i}`).toBe(ADMIN)
    }

    const post = await fetch(`${server.url}/api/admin/ingest?corpus=1`, { method: 'POST', headers: { ...jsonHeaders(server, cookie), connection: 'close' } })
    expect(post.status).toBe(202)
    const { statusUrl } = (await post.json()) as { statusUrl: string }
    const job = await until('the ingest job to finish', async () => {
      const status = await fetch(`${server.url}${statusUrl}`, { headers: { cookie, connection: 'close' } })
      expect(status.status).toBe(200)
      const body = (await status.json()) as { status: string; message: string }
      return body.status === 'done' || body.status === 'failed' ? body : undefined
    })
    expect(job.status).toBe('done')
  })

  it('sees a sign-out on every worker at once: a page request shares its session look-up, nothing is cached longer', async () => {
    const signup = await fetch(`${server.url}/api/auth/signup`, {
      method: 'POST',
      headers: jsonHeaders(server),
      body: JSON.stringify({ firstName: 'Sam', lastName: 'Signout', email: 'sam@example.com', password: 'field-pass-1' }),
    })
    const cookie = cookieOf(signup)
    // Warm both workers with the session (new connections are dealt in turn), pages and the API alike.
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${server.url}/`, { headers: { cookie, connection: 'close' } })
      expect(await page.text()).toContain('Sam')
    }
    const out = await fetch(`${server.url}/api/auth/logout`, { method: 'POST', headers: { ...jsonHeaders(server, cookie), connection: 'close' } })
    expect(out.ok).toBe(true)
    for (let i = 0; i < 4; i++) {
      const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie, connection: 'close' } })
      expect(me.status, `request ${i}`).toBe(401)
      const page = await fetch(`${server.url}/`, { headers: { cookie, connection: 'close' } })
      expect(await page.text(), `page ${i}`).not.toContain('Sam')
    }
  })

  it('replaces a worker that dies, and stops them all on SIGTERM', async () => {
    const [victim] = childrenOf(server.pid)
    process.kill(victim!, 'SIGKILL')
    await until('a new worker', () => {
      const now = childrenOf(server.pid)
      return now.length === 2 && !now.includes(victim!) ? now : undefined
    })
    await until('the new worker to serve', async () => (server.output().match(/"startup complete"/g)?.length === 3 ? true : undefined))
    for (let i = 0; i < 4; i++) expect((await fetch(`${server.url}/healthz`, { headers: { connection: 'close' } })).status).toBe(200)

    const workers = childrenOf(server.pid)
    await server.stop()
    for (const pid of [server.pid, ...workers]) expect(fs.existsSync(`/proc/${pid}`), `process ${pid} is gone`).toBe(false)
  })
})
