/**
 * What an ingest leaves behind when it is killed, and which file may replace which book (issue 13, items
 * 7 and 9), through the CLI as a child process, on PGlite and PostgreSQL.
 *
 * - Killed right after a document's commit: the vectors it wrote must already have their model row
 *   (they commit together), and a re-run that finds the file unchanged must still mend any gap.
 * - A different PDF whose guessed title and edition name a stored book is refused (both files and the
 *   flags named); with --document and --edition it replaces that book.
 */
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, rowsOf, type DbHandle } from '../../db/client'
import { invalidateQueryEmbedder } from '../../app/lib/search/embedder.server'
import { retrieve } from '../../app/lib/search/retrieve.server'
import { ingestPdf, pdfDocumentId } from '../../ingest/index'
import { makeSpecBookPdf } from '../../ingest/pdf/fixtures'
import { runCli } from './cli'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'

const ALPHA = { document: 'Alpha Specifications', edition: '2025', fileName: 'alpha.pdf' }
const BETA = { document: 'Beta Specifications', edition: '2026', fileName: 'beta.pdf' }
/** What the CLI guesses for a generated book whose header and title carry no year. */
const GUESSED = { document: 'SCDOT Standard Specifications for Highway Construction Draft', edition: 'unknown' }

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

async function scalar(handle: DbHandle, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = rowsOf<{ n: string | number }>(await handle.db.execute(query))
  return Number(row!.n)
}

/**
 * The search side of consistency: one model row, every chunk's vector made by it, each given document
 * with vectors of it, and a vector-only search answering from them.
 */
async function expectVectorSearch(handle: DbHandle, documentIds: string[]): Promise<void> {
  const models = rowsOf<{ name: string }>(await handle.db.execute(sql`select name from embedding_models`))
  expect(models, 'one embedding model row').toHaveLength(1)
  const stale = await scalar(handle, sql`select count(*) as n from chunks where embedding_model is distinct from ${models[0]!.name}`)
  expect(stale, 'chunks whose vector is not of the current model').toBe(0)
  for (const id of documentIds) {
    const withVector = await scalar(handle, sql`select count(*) as n from chunks where document_id = ${id} and embedding is not null`)
    expect(withVector, `${id}: chunks with a vector`).toBeGreaterThan(0)
  }
  invalidateQueryEmbedder()
  const result = await retrieve(handle, 'job mix formula tolerances for asphalt binder', { mode: 'vector' })
  expect(result.passages.length).toBeGreaterThan(0)
  expect(result.passages.every((p) => p.scores.vector !== null)).toBe(true)
}

describe.each(DATABASE_KINDS)('ingest integrity on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle | null = null
  let work: string
  const files: Record<'alpha' | 'beta' | 'small' | 'large', string> = { alpha: '', beta: '', small: '', large: '' }

  const open = async () => {
    handle = await openDatabase(database.open)
    await migrateDatabase(handle)
    return handle
  }
  /** PGlite: one process owns the directory, so the CLI gets it while it runs. */
  const cli = async (args: string[], env: Record<string, string> = {}, onStderr?: (text: string, kill: () => void) => void) => {
    if (kind === 'pglite') {
      await handle?.close()
      handle = null
    }
    try {
      return await runCli(args, { ...database.env, ...env }, { onStderr })
    } finally {
      if (!handle) await open()
    }
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true })
    await open()
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-integrity-'))
    const write = async (name: keyof typeof files, bytes: Promise<Uint8Array>) => {
      files[name] = path.join(work, `${name}.pdf`)
      fs.writeFileSync(files[name], await bytes)
    }
    await write('alpha', makeSpecBookPdf({ pages: 8 }))
    await write('beta', makeSpecBookPdf({ pages: 10, edition: '2026' }))
    // Two different books (18 and 40 pages) whose header and title have no year: the CLI guesses the same title and edition 'unknown'.
    await write('small', makeSpecBookPdf({ pages: 18, edition: 'Draft' }))
    await write('large', makeSpecBookPdf({ pages: 40, edition: 'Draft' }))
  })

  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
    if (work) fs.rmSync(work, { recursive: true, force: true })
  })

  it('a book killed right after its commit is searchable by vectors once the unchanged re-run is done', async () => {
    const alpha = pdfDocumentId(ALPHA.document, ALPHA.edition)
    const killed = await cli([files.alpha, '--document', ALPHA.document, '--edition', ALPHA.edition], { INGEST_TEST_KILL_AFTER_COMMIT: '1' })
    expect(killed.signal, `${killed.stdout}\n${killed.stderr}`).toBe('SIGKILL')
    expect(await scalar(handle!, sql`select count(*) as n from chunks where document_id = ${alpha}`)).toBeGreaterThan(10)
    // The model row committed with the vectors.
    await expectVectorSearch(handle!, [alpha])

    const rerun = await ingestPdf(handle!, new Uint8Array(fs.readFileSync(files.alpha)), ALPHA)
    expect(rerun).toMatchObject({ status: 'unchanged', embeddings: null })
    await expectVectorSearch(handle!, [alpha])

    // A second book on a database that already has a model: killed after its commit, then re-run.
    const beta = pdfDocumentId(BETA.document, BETA.edition)
    const second = await cli([files.beta, '--document', BETA.document, '--edition', BETA.edition], { INGEST_TEST_KILL_AFTER_COMMIT: '1' })
    expect(second.signal, `${second.stdout}\n${second.stderr}`).toBe('SIGKILL')
    await expectVectorSearch(handle!, [alpha, beta])
    const again = await ingestPdf(handle!, new Uint8Array(fs.readFileSync(files.beta)), BETA)
    expect(again.status).toBe('unchanged')
    await expectVectorSearch(handle!, [alpha, beta])
  })

  it('an unchanged re-run mends vectors whose model row is missing (left by an ingest killed before this fix)', async () => {
    const alpha = pdfDocumentId(ALPHA.document, ALPHA.edition)
    const beta = pdfDocumentId(BETA.document, BETA.edition)
    await handle!.db.execute(sql`delete from embedding_models`)
    const rerun = await ingestPdf(handle!, new Uint8Array(fs.readFileSync(files.alpha)), ALPHA)
    expect(rerun.status).toBe('unchanged')
    expect(rerun.embeddings).not.toBeNull()
    await expectVectorSearch(handle!, [alpha, beta])
  })

  it('an unchanged re-run mends the vectors of a book killed before its commit (stored chunks already re-embedded)', async () => {
    const alpha = pdfDocumentId(ALPHA.document, ALPHA.edition)
    const beta = pdfDocumentId(BETA.document, BETA.edition)
    let paused = false
    const killed = await cli([files.small, '--document', 'Gamma Specifications', '--edition', '2027'], { INGEST_TEST_PAUSE_MS: '60000' }, (text, kill) => {
      if (!paused && text.includes('INGEST_TEST_PAUSE inside transaction')) {
        paused = true
        kill()
      }
    })
    expect(paused, `${killed.stdout}\n${killed.stderr}`).toBe(true)
    expect(await scalar(handle!, sql`select count(*) as n from documents where id = ${pdfDocumentId('Gamma Specifications', '2027')}`)).toBe(0)
    const stale = await scalar(handle!, sql`select count(*) as n from chunks where embedding_model is distinct from (select name from embedding_models)`)
    expect(stale, 'chunks re-embedded for the model that never became current').toBeGreaterThan(0)
    const rerun = await ingestPdf(handle!, new Uint8Array(fs.readFileSync(files.alpha)), ALPHA)
    expect(rerun.status).toBe('unchanged')
    expect(rerun.embeddings).not.toBeNull()
    await expectVectorSearch(handle!, [alpha, beta])
  })

  it('refuses a different file whose guessed title and edition name a stored book, and keeps that book', async () => {
    const id = pdfDocumentId(GUESSED.document, GUESSED.edition)
    const run = await cli([files.small, files.large])
    const shown = `${run.stdout}\n${run.stderr}`
    expect(run.code, shown).toBe(1)
    expect(run.stdout, shown).toMatch(/ok\s+\S*small\.pdf\s+added/)
    expect(run.stdout, shown).toMatch(/FAILED\s+\S*large\.pdf/)
    const refusal = run.stdout.split('\n').find((line) => line.startsWith('! ') && line.includes('large.pdf'))!
    expect(refusal).toContain('small.pdf')
    expect(refusal).toContain('--document')
    expect(refusal).toContain('--edition')
    expect(refusal).toContain(`--document "${GUESSED.document}" --edition "${GUESSED.edition}"`)

    // The first book is whole: its file, its pages, every chunk.
    const [doc] = rowsOf<{ chunk_count: number; meta: { fileName: string; fileSha256: string; pages: number } }>(
      await handle!.db.execute(sql`select chunk_count, meta from documents where id = ${id}`),
    )
    expect(doc!.meta).toMatchObject({ fileName: 'small.pdf', fileSha256: sha256(fs.readFileSync(files.small)), pages: 18 })
    expect(await scalar(handle!, sql`select count(*) as n from chunks where document_id = ${id}`)).toBe(doc!.chunk_count)
    const small = await ingestPdf(handle!, new Uint8Array(fs.readFileSync(files.small)), { fileName: 'small.pdf' })
    expect(small).toMatchObject({ status: 'unchanged', chunks: doc!.chunk_count })
  })

  it('replaces the book with the other file when --document and --edition name it', async () => {
    const id = pdfDocumentId(GUESSED.document, GUESSED.edition)
    const run = await cli([files.large, '--document', GUESSED.document, '--edition', GUESSED.edition])
    const shown = `${run.stdout}\n${run.stderr}`
    expect(run.code, shown).toBe(0)
    expect(run.stdout, shown).toMatch(/ok\s+\S*large\.pdf\s+replaced/)
    expect(run.stdout).toContain('replaced small.pdf')
    const [doc] = rowsOf<{ chunk_count: number; meta: { fileName: string; fileSha256: string } }>(
      await handle!.db.execute(sql`select chunk_count, meta from documents where id = ${id}`),
    )
    expect(doc!.meta).toMatchObject({ fileName: 'large.pdf', fileSha256: sha256(fs.readFileSync(files.large)) })
    expect(await scalar(handle!, sql`select count(*) as n from chunks where document_id = ${id}`)).toBe(doc!.chunk_count)
    await expectVectorSearch(handle!, [id])
  })
})
