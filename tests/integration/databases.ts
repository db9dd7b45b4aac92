import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { inject } from 'vitest'
import { migrateDatabase, openDatabase, type DbHandle } from '../../db/client'

/**
 * The databases integration tests run against: always a PGlite directory, and a PostgreSQL database
 * (created on the server TEST_DATABASE_URL points at, dropped afterwards) when one is configured; empty
 * (for PGlite a copy of a directory whose cluster is made, so each test does not run initdb again), a
 * copy of the prepared one that is migrated and holds no rows (`migrated: true`), or a copy of the
 * prepared one with the corpus loaded (`corpus: true`). `npm test` starts that server; with REQUIRE_POSTGRES=1 its absence is a failure.
 */
export interface TestDatabase {
  name: 'pglite' | 'postgres'
  /** Environment for a process (server or CLI) that should use this database. */
  env: Record<string, string>
  /** Options for db/client openDatabase(). */
  open: { dataDir?: string; databaseUrl?: string }
  cleanup(): Promise<void>
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL
if (process.env.REQUIRE_POSTGRES === '1' && !TEST_DATABASE_URL) {
  throw new Error('REQUIRE_POSTGRES=1 but TEST_DATABASE_URL is not set: start scripts/pg-test-server.sh first')
}

export const DATABASE_KINDS: TestDatabase['name'][] = TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']

export interface CreateOptions {
  /**
   * Start from the prepared database (tests/integration/global-setup.ts): migrated and holding the
   * bundled corpus, searchable, as after a server's first start. A server started on it only checks the
   * corpus. Otherwise the database is empty.
   */
  corpus?: boolean
  /**
   * Start from the prepared migrated database (tests/integration/global-setup.ts): every migration applied,
   * no rows, as after migrateDatabase on an empty database. Migrating it again only checks.
   */
  migrated?: boolean
}

function pgliteTemplate(options: CreateOptions): string {
  if (options.corpus) return inject('pgliteTemplate')
  return inject(options.migrated ? 'pgliteMigratedTemplate' : 'pgliteEmptyTemplate')
}

function postgresTemplate(options: CreateOptions): string | null {
  if (options.corpus) return inject('postgresTemplate')
  return options.migrated ? inject('postgresMigratedTemplate') : null
}

export async function createTestDatabase(kind: TestDatabase['name'], options: CreateOptions = {}): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-it-'))
    // A copy of a prepared directory: with the corpus, migrated, or only PGlite's cluster (its first open, initdb).
    fs.cpSync(pgliteTemplate(options), dataDir, { recursive: true })
    return {
      name: 'pglite',
      env: { DATA_DIR: dataDir, DATABASE_URL: '' },
      open: { dataDir },
      cleanup: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
    }
  }
  if (!TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set')
  const admin = postgres(TEST_DATABASE_URL, { max: 1, onnotice: () => {} })
  const dbName = `it_${randomUUID().replaceAll('-', '').slice(0, 16)}`
  const template = postgresTemplate(options)
  await admin.unsafe(template ? `create database ${dbName} template ${template}` : `create database ${dbName}`)
  const url = new URL(TEST_DATABASE_URL)
  url.pathname = `/${dbName}`
  return {
    name: 'postgres',
    env: { DATABASE_URL: url.toString() },
    open: { databaseUrl: url.toString() },
    cleanup: async () => {
      await admin.unsafe(`drop database if exists ${dbName} with (force)`)
      await admin.end({ timeout: 5 })
    },
  }
}

/**
 * A test database of the given kind (migrated and without rows unless `corpus`), opened and migrated: the
 * usual start of a database test. It starts from the migrated template, so migrating is only a check.
 */
export async function openMigratedTestDatabase(kind: TestDatabase['name'], options: CreateOptions = {}): Promise<{ database: TestDatabase; handle: DbHandle }> {
  const database = await createTestDatabase(kind, { migrated: true, ...options })
  const handle = await openDatabase(database.open)
  await migrateDatabase(handle)
  return { database, handle }
}
