import { spawn } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, type DbHandle } from '../../db/client'
import { users } from '../../db/schema'
import { allMembers, listMembers, membersCsv } from '../../app/lib/admin.server'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

interface CliResult {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * `node scripts/cli.mjs admin ...` (what `npm run admin` runs: the built tool) as a real process in the
 * repository root, without npm, which would start another node process first (the file runs about thirty).
 */
function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'admin', ...args], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: '', DATABASE_URL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk) => (stdout += chunk))
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

const SEED = [
  { email: 'ann@example.test', firstName: 'Ann', lastName: 'Admin', newsEmailOptIn: true, createdAt: new Date('2026-01-05T10:00:00.000Z') },
  { email: 'bob@example.test', firstName: 'Bob', lastName: "O'Neil_Jr", newsEmailOptIn: false, createdAt: new Date('2026-02-05T10:00:00.000Z') },
  { email: 'cy@example.test', firstName: '=Cy', lastName: 'Smith, PE', newsEmailOptIn: true, createdAt: new Date('2026-03-05T10:00:00.000Z') },
]

describe('admin CLI usage errors (no database opened)', () => {
  it.each([
    [[], 'No command given.'],
    [['promote', 'ann@example.test'], "Unknown command 'promote'."],
    [['grant'], 'grant takes exactly one email address.'],
    [['revoke', 'a@example.test', 'b@example.test'], 'revoke takes exactly one email address.'],
    [['grant', 'not-an-email'], "Not an email address: 'not-an-email'."],
    [['list', 'extra'], 'list takes no arguments.'],
  ])('%j exits 2 with "%s" and the usage', async (args, message) => {
    const result = await runCli(args, { DATA_DIR: path.join(os.tmpdir(), `never-${randomUUID()}`) })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(message)
    expect(result.stderr).toContain('Usage: npm run admin -- <command>')
    expect(result.stdout).toBe('')
  })

  it('--help prints the usage and exits 0', async () => {
    const result = await runCli(['--help'], {})
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('grant <email>    make the member with this email an administrator')
  })
})

describe.each(DATABASE_KINDS)('admin CLI and member list on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle | undefined

  async function withDb<T>(work: (handle: DbHandle) => Promise<T>): Promise<T> {
    const own = await openDatabase(database.open)
    try {
      return await work(own)
    } finally {
      await own.close()
    }
  }

  const roleOf = (email: string) =>
    withDb(async ({ db }) => (await db.select({ role: users.role }).from(users).where(eq(users.email, email)))[0]?.role)

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true })
    handle = await openDatabase(database.open)
    await migrateDatabase(handle)
    await handle.db.insert(users).values(SEED.map((member) => ({ id: randomUUID(), ...member })))
    await handle.db.insert(users).values({ id: randomUUID(), firstName: 'Guest', lastName: 'User', isGuest: true })
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('lists members (never guests) newest first, filters them and writes the CSV', async () => {
    const { db } = handle!
    const all = await listMembers(db, { q: '', optedIn: false })
    expect(all.members.map((m) => m.email)).toEqual(['cy@example.test', 'bob@example.test', 'ann@example.test'])
    expect(all).toMatchObject({ total: 3, optedIn: 2, page: 1, pageCount: 1 })
    // Email or full name, case-insensitive; % and _ are literal.
    expect((await listMembers(db, { q: 'ANN ADM', optedIn: false })).members.map((m) => m.email)).toEqual(['ann@example.test'])
    expect((await listMembers(db, { q: 'BOB@', optedIn: false })).members.map((m) => m.email)).toEqual(['bob@example.test'])
    expect((await listMembers(db, { q: '_', optedIn: false })).members.map((m) => m.email)).toEqual(['bob@example.test'])
    expect((await listMembers(db, { q: '%', optedIn: false })).total).toBe(0)
    expect(await listMembers(db, { q: '', optedIn: true })).toMatchObject({ total: 2, optedIn: 2 })
    expect((await listMembers(db, { q: 'example', optedIn: false }, 99)).page).toBe(1)
    expect(membersCsv(await allMembers(db, { q: 'example.test', optedIn: true }))).toBe(
      'email,first_name,last_name,signed_up,news_opt_in\r\n' +
        "cy@example.test,'=Cy,\"Smith, PE\",2026-03-05T10:00:00.000Z,true\r\n" +
        'ann@example.test,Ann,Admin,2026-01-05T10:00:00.000Z,true\r\n',
    )
    await handle!.close()
    handle = undefined
  })

  it('grants, lists and revokes the admin role, normalising the email', async () => {
    const env = database.env
    const empty = await runCli(['list'], env)
    expect(empty).toMatchObject({ code: 0 })
    expect(empty.stdout.trim()).toBe('No administrators yet. Grant the role with: npm run admin -- grant <email>')

    const granted = await runCli(['grant', '  Ann@Example.TEST '], env)
    expect(granted.code, granted.stderr).toBe(0)
    expect(granted.stdout.trim()).toBe('Granted the admin role to ann@example.test (Ann Admin).')
    expect(await roleOf('ann@example.test')).toBe('admin')

    const again = await runCli(['grant', 'ann@example.test'], env)
    expect(again.code).toBe(0)
    expect(again.stdout.trim()).toBe('ann@example.test (Ann Admin) is already an administrator.')

    const listed = await runCli(['list'], env)
    expect(listed.code).toBe(0)
    expect(listed.stdout.trim()).toBe('1 administrator:\n  ann@example.test (Ann Admin)')

    const revoked = await runCli(['revoke', 'ANN@example.test'], env)
    expect(revoked.code).toBe(0)
    expect(revoked.stdout.trim()).toBe('Revoked the admin role from ann@example.test (Ann Admin).')
    expect(await roleOf('ann@example.test')).toBe('member')

    const notAdmin = await runCli(['revoke', 'ann@example.test'], env)
    expect(notAdmin.code).toBe(0)
    expect(notAdmin.stdout.trim()).toBe('ann@example.test (Ann Admin) is not an administrator.')
  }, 300_000) // eight process starts: slow on a busy machine

  it('exits 1 for an email no member has', async () => {
    const result = await runCli(['grant', 'Nobody@Example.test'], database.env)
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('No member with email nobody@example.test.')
    expect(result.stdout).toBe('')
  })

  it.runIf(kind === 'pglite')('refuses a data directory a running process holds, and not a stale one', async () => {
    const dataDir = database.open.dataDir!
    const script = path.join(os.tmpdir(), `hold-${randomUUID()}.mts`)
    fs.writeFileSync(
      script,
      `import { openDatabase } from ${JSON.stringify(path.join(ROOT, 'db', 'client.ts'))}\n` +
        `await openDatabase({ dataDir: ${JSON.stringify(dataDir)} })\nconsole.log('ready')\nsetInterval(() => {}, 1000)\n`,
    )
    // One process (not the tsx launcher, which runs the script in a child), so SIGKILL really stops it.
    const holder = spawn(process.execPath, ['--import', 'tsx', script], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] })
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve())
        holder.on('exit', (code) => reject(new Error(`holder exited with ${code}`)))
      })
      const refused = await runCli(['list'], database.env)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toContain(`The database in ${dataDir} is in use by process ${holder.pid}.`)
      expect(refused.stderr).toContain('Stop the server first, or use DATABASE_URL with PostgreSQL.')
    } finally {
      const exited = new Promise((resolve) => holder.once('exit', resolve))
      holder.kill('SIGKILL')
      await exited
      fs.rmSync(script, { force: true })
    }
    // Killed without closing: the lock file stays behind naming a dead process, and is taken over.
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(true)
    const after = await runCli(['list'], database.env)
    expect(after.code, after.stderr).toBe(0)
  })
})
