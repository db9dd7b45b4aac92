/**
 * Prepared once per run of the integration tests: a database of each kind holding what a server's first
 * start makes (migrations, the corpus files, the searchable corpus with its trained embedding model, but
 * no generated keys). `createTestDatabase(kind, { corpus: true })` starts from a copy of it (a copied
 * PGlite directory, `CREATE DATABASE ... TEMPLATE` on PostgreSQL), so a server started on it finds the
 * corpus unchanged instead of ingesting it and training the model again. Tests of the first load itself
 * keep starting from an empty database.
 *
 * Also a database of each kind that is only migrated (no rows): `createTestDatabase(kind, { migrated: true })`
 * and `openMigratedTestDatabase` start from a copy of it, instead of running every migration again in each
 * test file (1.6 s of CPU on PGlite each time). The migrations themselves still run from nothing here, on
 * both kinds, on every run, and in the tests that start from an empty database.
 */
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openDatabase, type OpenOptions } from '../../db/client'
import { loadCorpusFiles } from '../../ingest/corpus-files'
import { ingestCorpus } from '../../ingest/index'

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite data directory to copy (DATA_DIR layout). */
    pgliteTemplate: string
    /** PGlite data directory as PGlite's first open leaves it: its cluster made (initdb), nothing migrated. */
    pgliteEmptyTemplate: string
    /** PGlite data directory with every migration applied and no rows. */
    pgliteMigratedTemplate: string
    /** Name of the template database on the TEST_DATABASE_URL server, or '' without one. */
    postgresTemplate: string
    /** Name of the migrated (empty) template database on the TEST_DATABASE_URL server, or '' without one. */
    postgresMigratedTemplate: string
  }
}

const CORPUS = path.resolve(import.meta.dirname, '..', '..', 'corpus')

/**
 * Migrates a database; with `corpus`, also loads the corpus (into a copy of the migrated template, where
 * migrating is then only a check).
 */
async function prepare(open: OpenOptions, { corpus }: { corpus: boolean }): Promise<void> {
  const handle = await openDatabase(open)
  try {
    await migrateDatabase(handle)
    if (!corpus) return
    await loadCorpusFiles(handle, CORPUS)
    const summary = await ingestCorpus(handle, CORPUS)
    if (summary.errors.length > 0) throw new Error(`template corpus did not ingest: ${JSON.stringify(summary.errors)}`)
  } finally {
    await handle.close()
  }
}

/**
 * What PGlite's first open of a directory does before anything is migrated: it makes the cluster (initdb,
 * about 1.5 s of CPU each time). Empty test databases start from a copy of this instead.
 */
async function prepareEmpty(dataDir: string): Promise<void> {
  const handle = await openDatabase({ dataDir })
  await handle.close()
}

export default async function setup(project: TestProject) {
  const started = performance.now()
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-template-'))
  const emptyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-template-empty-'))
  const migratedDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-template-migrated-'))
  const url = process.env.TEST_DATABASE_URL
  const suffix = randomUUID().replaceAll('-', '').slice(0, 12)
  const name = url ? `template_${suffix}` : ''
  const migratedName = url ? `template_migrated_${suffix}` : ''
  const admin = url ? postgres(url, { max: 1, onnotice: () => {} }) : null
  const teardown = async () => {
    fs.rmSync(pgliteDir, { recursive: true, force: true })
    fs.rmSync(emptyDir, { recursive: true, force: true })
    fs.rmSync(migratedDir, { recursive: true, force: true })
    if (admin) {
      await admin.unsafe(`drop database if exists ${name} with (force)`)
      await admin.unsafe(`drop database if exists ${migratedName} with (force)`)
      await admin.end({ timeout: 5 })
    }
  }
  const postgresUrl = (database: string) => {
    const result = new URL(url!)
    result.pathname = `/${database}`
    return result.toString()
  }
  // Each corpus template starts as a copy of its kind's migrated template.
  const pglite = async () => {
    await prepareEmpty(emptyDir)
    fs.cpSync(emptyDir, migratedDir, { recursive: true })
    await prepare({ dataDir: migratedDir }, { corpus: false })
    fs.cpSync(migratedDir, pgliteDir, { recursive: true })
    await prepare({ dataDir: pgliteDir }, { corpus: true })
  }
  const postgresql = async () => {
    await admin!.unsafe(`create database ${migratedName}`)
    await prepare({ databaseUrl: postgresUrl(migratedName) }, { corpus: false })
    await admin!.unsafe(`create database ${name} template ${migratedName}`)
    await prepare({ databaseUrl: postgresUrl(name) }, { corpus: true })
  }
  try {
    await Promise.all([pglite(), admin ? postgresql() : null])
  } catch (error) {
    await teardown()
    throw error
  }
  project.provide('pgliteTemplate', pgliteDir)
  project.provide('pgliteEmptyTemplate', emptyDir)
  project.provide('pgliteMigratedTemplate', migratedDir)
  project.provide('postgresTemplate', name)
  project.provide('postgresMigratedTemplate', migratedName)
  console.log(`integration templates prepared in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  return teardown
}
