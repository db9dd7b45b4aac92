/**
 * Administrator roles, from the command line:
 *
 *   npm run admin -- grant <email>    make the member with this email an administrator
 *   npm run admin -- revoke <email>   make them an ordinary member again
 *   npm run admin -- list             list the administrators
 *
 * Opens the database the server uses (DATABASE_URL, else PGlite under DATA_DIR). Exit codes: 0 done
 * (also when nothing had to change), 1 unknown email or the database could not be used, 2 usage error.
 */
import path from 'node:path'
import { config } from '../config/settings.mjs'
import { DatabaseLockedError, migrateDatabase, openDatabase, type DbHandle } from '../db/client'
import { listAdmins, normaliseEmail, setRole, type AdminSummary } from '../app/lib/admin.server'

const USAGE = `Usage: npm run admin -- <command>

  grant <email>    make the member with this email an administrator
  revoke <email>   make them an ordinary member again
  list             list the administrators

The database is DATABASE_URL when set, otherwise the embedded one under DATA_DIR (default ./data).`

const STOP_SERVER_HINT = 'Stop the server first, or use DATABASE_URL with PostgreSQL.'

class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message)
  }
}

type Command = { name: 'grant' | 'revoke'; email: string } | { name: 'list' } | { name: 'help' }

function usageError(message: string): CliError {
  return new CliError(`${message}\n\n${USAGE}`, 2)
}

function parseArgs(args: readonly string[]): Command {
  const [name, ...rest] = args
  if (name === undefined) throw usageError('No command given.')
  if (name === 'help' || name === '--help' || name === '-h') return { name: 'help' }
  if (name === 'list') {
    if (rest.length > 0) throw usageError('list takes no arguments.')
    return { name }
  }
  if (name === 'grant' || name === 'revoke') {
    if (rest.length !== 1) throw usageError(`${name} takes exactly one email address.`)
    const email = normaliseEmail(rest[0]!)
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) throw usageError(`Not an email address: '${rest[0]}'.`)
    return { name, email }
  }
  throw usageError(`Unknown command '${name}'.`)
}

function pgliteDir(): string {
  return path.join(config().DATA_DIR, 'pglite')
}

async function open(): Promise<DbHandle> {
  const postgres = Boolean(config().DATABASE_URL)
  let handle: DbHandle | undefined
  try {
    handle = await openDatabase()
    await migrateDatabase(handle)
    return handle
  } catch (error) {
    await handle?.close().catch(() => {})
    // openDatabase() refuses a PGlite directory that a live server holds (its lock file names the pid).
    if (error instanceof DatabaseLockedError) throw new CliError(error.message, 1)
    const reason = error instanceof Error ? error.message : String(error)
    throw new CliError(
      postgres
        ? `Could not use the PostgreSQL database in DATABASE_URL: ${reason}`
        : `Could not open the database in ${pgliteDir()}: ${reason}. ${STOP_SERVER_HINT}`,
      1,
    )
  }
}

function describe(user: AdminSummary): string {
  return `${user.email} (${`${user.firstName} ${user.lastName}`.trim()})`
}

async function run(command: Exclude<Command, { name: 'help' }>, handle: DbHandle): Promise<string> {
  if (command.name === 'list') {
    const admins = await listAdmins(handle.db)
    if (admins.length === 0) return 'No administrators yet. Grant the role with: npm run admin -- grant <email>'
    return [`${admins.length} ${admins.length === 1 ? 'administrator' : 'administrators'}:`, ...admins.map((a) => `  ${describe(a)}`)].join('\n')
  }
  const granting = command.name === 'grant'
  const change = await setRole(handle.db, command.email, granting ? 'admin' : 'member')
  if (change.status === 'not-found') throw new CliError(`No member with email ${command.email}.`, 1)
  if (change.status === 'unchanged') {
    return granting ? `${describe(change.user)} is already an administrator.` : `${describe(change.user)} is not an administrator.`
  }
  return granting ? `Granted the admin role to ${describe(change.user)}.` : `Revoked the admin role from ${describe(change.user)}.`
}

/** Runs one command; resolves to the exit code. `npm run admin` calls it (scripts/cli.mjs). */
export async function main(args: readonly string[]): Promise<number> {
  let handle: DbHandle | undefined
  try {
    const command = parseArgs(args)
    if (command.name === 'help') {
      console.log(USAGE)
      return 0
    }
    handle = await open()
    console.log(await run(command, handle))
    return 0
  } catch (error) {
    if (!(error instanceof CliError)) throw error
    console.error(error.message)
    return error.exitCode
  } finally {
    await handle?.close()
  }
}

// Run directly (`node --import tsx scripts/admin.ts ...`) it runs the command given.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  process.exitCode = await main(process.argv.slice(2))
}
