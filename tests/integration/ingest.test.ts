/**
 * The ingest pipeline against real databases (PGlite, and PostgreSQL when TEST_DATABASE_URL is set):
 * generated specification PDFs, hash skips, one-section changes, a killed ingest, bad PDFs, the corpus,
 * and the CLI as a child process.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrateDatabase, openDatabase, rowsOf, type DbHandle } from '../../db/client'
import { getQueryEmbedder } from '../../app/lib/search/embedder.server'
import { runSearch } from '../../app/lib/search/search.server'
import { ingestCorpus, ingestPdf, pdfDocumentId } from '../../ingest/index'
import { makeSpecBookPdf } from '../../ingest/pdf/fixtures'
import { PDF_ERROR_MESSAGES } from '../../app/lib/pdf/read.server'
import { runCli } from './cli'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

const DOCUMENT = 'SCDOT Standard Specifications for Highway Construction'

/** A three-section book, one section per page; `body402` is the text of 402.2. */
async function miniBook(body402: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const bold = await doc.embedFont(StandardFonts.HelveticaBold)
  const sections = [
    ['401', 'HOT-MIX ASPHALT PAVEMENT', 'Place each lift of asphalt mixture on a clean, dry surface approved by the engineer.'],
    ['402', 'ASPHALT SURFACE TREATMENT', body402],
    ['403', 'ASPHALT CURB', 'Build asphalt curb to the lines and grades shown on the plans with an approved machine.'],
  ] as const
  for (const [n, title, body] of sections) {
    const page = doc.addPage([612, 792])
    let y = 740
    const line = (text: string, isBold = false) => {
      page.drawText(text, { x: 72, y, size: 10, font: isBold ? bold : font })
      y -= 14
    }
    line('MINI SPECIFICATIONS 2030')
    y -= 20
    line('DIVISION 400', true)
    line('ASPHALT PAVEMENTS', true)
    y -= 10
    line(`SECTION ${n}`, true)
    line(title, true)
    y -= 10
    line(`${n}.1 Description`, true)
    line(`This section covers ${title.toLowerCase()} work on the project.`)
    y -= 10
    line(`${n}.2 Construction Requirements`, true)
    line(body)
    page.drawText(`${n}-1`, { x: 300, y: 40, size: 10, font })
  }
  return doc.save()
}

const MINI_A = 'Spray the binder at the rate the engineer sets and spread cover aggregate at once.'
const MINI_B = 'Spray the binder at the rate the engineer sets and roll the cover aggregate within five minutes.'
const MINI_META = { document: 'Mini Specifications', edition: '2030', fileName: 'mini.pdf' }

interface ChunkRow {
  id: string
  section: string | null
  section_title: string | null
  heading_path: string
  kind: string
  text: string
  page_start: number | null
  page_end: number | null
  page_label_start: string | null
  page_label_end: string | null
  refs: string[]
  content_hash: string
  version: string
  has_vector: boolean
  embedding_model: string | null
}

async function chunksOf(handle: DbHandle, documentId: string): Promise<ChunkRow[]> {
  return rowsOf<ChunkRow>(
    await handle.db.execute(sql`
      select id, section, section_title, heading_path, kind, text, page_start, page_end, page_label_start, page_label_end, refs, content_hash,
             xmin::text as version, embedding is not null as has_vector, embedding_model
      from chunks where document_id = ${documentId} order by ordinal`),
  )
}

async function counts(handle: DbHandle): Promise<{ documents: number; chunks: number }> {
  const [row] = rowsOf<{ documents: string | number; chunks: string | number }>(
    await handle.db.execute(sql`select (select count(*) from documents) as documents, (select count(*) from chunks) as chunks`),
  )
  return { documents: Number(row!.documents), chunks: Number(row!.chunks) }
}

describe.each(DATABASE_KINDS)('ingest on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle
  let bookBytes: Uint8Array

  const reopen = async () => {
    handle = await openDatabase(database.open)
    await migrateDatabase(handle)
  }

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true })
    await reopen()
  })

  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('finds the sections of a generated book with numbers, titles and pages, skips the contents, keeps tables whole', async () => {
    bookBytes = await makeSpecBookPdf({ pages: 12 })
    const result = await ingestPdf(handle, bookBytes, { document: DOCUMENT, edition: '2025', url: 'https://www.scdot.org/spec.pdf', fileName: 'book.pdf' })
    expect(result).toMatchObject({ status: 'added', document: DOCUMENT, edition: '2025', guessed: {} })
    expect(result.chunksWritten).toBe(result.chunks)
    const id = pdfDocumentId(DOCUMENT, '2025')
    expect(id).toBe('pdf:scdot-standard-specifications-for-highway-construction:2025')
    const rows = await chunksOf(handle, id)
    expect(rows).toHaveLength(result.chunks)

    const bySection = (section: string) => rows.filter((r) => r.section === section)
    expect(bySection('401.1')[0]).toMatchObject({ section_title: 'Description', kind: 'text' })
    expect(bySection('401.1')[0]!.text).toContain('construction of one or more courses')
    expect(bySection('401.4.2')[0]).toMatchObject({ section_title: 'Weather Limitations' })
    expect(bySection('401.4.2')[0]!.refs).toEqual(expect.arrayContaining(['401.4.2', '401.4', '401']))
    expect(bySection('401.2.2.1')[0]!.heading_path).toContain('401.2.2 Mix Design')
    expect(bySection('402.1')[0]).toMatchObject({ section_title: 'Description' })
    expect(bySection('403.2.1').length).toBeGreaterThan(0)

    // The contents pages come first: no chunk starts there, no chunk holds a dot leader.
    const firstBodyPage = Math.min(...rows.map((r) => r.page_start!))
    expect(firstBodyPage).toBeGreaterThan(1)
    for (const row of rows) {
      expect(row.text).not.toMatch(/\.{5,}/)
      expect(row.page_end!).toBeGreaterThanOrEqual(row.page_start!)
    }
    const table = rows.find((r) => r.kind === 'table' && r.text.startsWith('Table 401-1'))!
    expect(table.text).toContain('Job Mix Formula Tolerances')
    expect(table.text).toContain('Passing No. 200 sieve')
    expect(table.refs).toContain('table-401-1')

    const [doc] = rowsOf<{ kind: string; title: string; chunk_count: number; meta: { warningsCount: number; pages: number } }>(
      await handle.db.execute(sql`select kind, title, chunk_count, meta from documents where id = ${id}`),
    )
    expect(doc).toMatchObject({ kind: 'spec-book', title: `${DOCUMENT} (2025)`, chunk_count: result.chunks })
    expect(doc!.meta.pages).toBe(result.pages)
    expect(typeof doc!.meta.warningsCount).toBe('number')
    const urls = rowsOf<{ url: string }>(await handle.db.execute(sql`select url from chunks where document_id = ${id} limit 1`))
    expect(urls[0]!.url).toMatch(/^https:\/\/www\.scdot\.org\/spec\.pdf#page=\d+$/)

    // Pages as the book prints them: every body chunk knows its printed labels ('401-3'), and a citation
    // names the label while its link goes to the PDF page.
    const weather = bySection('401.4.2')[0]!
    expect(weather.page_label_start).toMatch(/^401-\d+$/)
    expect(rows.filter((r) => r.page_label_start !== null).length).toBeGreaterThan(rows.length * 0.9)
    const cited = await runSearch(handle, { query: 'weather limitations for placing asphalt 401.4.2', specBook: 'both', userRole: 'inspector' })
    const citation = [...cited.exactCitations, ...cited.sources.map((source) => ({ reference: source.section, url: source.url }))].find((c) => c.reference.includes('401.4.2'))!
    expect(citation.reference).toContain(`p. ${weather.page_label_start}`)
    expect(citation.url).toBe(`https://www.scdot.org/spec.pdf#page=${weather.page_start}`)

    // Every chunk has a vector of the current model, and questions embed with that model.
    const embedder = await getQueryEmbedder(handle)
    expect(embedder?.name).toMatch(/^lsa-[0-9a-f]{12}$/)
    expect(rows.every((r) => r.embedding_model === embedder!.name)).toBe(true)
    expect(rows.filter((r) => r.has_vector).length).toBeGreaterThan(rows.length * 0.9)
  })

  it('skips an unchanged book: nothing is written', async () => {
    const id = pdfDocumentId(DOCUMENT, '2025')
    const meta = { document: DOCUMENT, edition: '2025', url: 'https://www.scdot.org/spec.pdf', fileName: 'book.pdf' }
    const before = await chunksOf(handle, id)
    const again = await ingestPdf(handle, bookBytes, meta)
    expect(again).toMatchObject({ status: 'unchanged', chunksWritten: 0, embeddings: null })
    expect(again.millis.read).toBe(0) // known file: not even read
    expect(await chunksOf(handle, id)).toEqual(before)

    // The same book saved again with another modification date (other bytes): every chunk hash matches, no row is touched.
    const copy = await PDFDocument.load(bookBytes)
    copy.setModificationDate(new Date('2001-02-03T04:05:06Z'))
    const resaved = await copy.save({ useObjectStreams: false })
    expect(Buffer.from(resaved).equals(Buffer.from(bookBytes))).toBe(false)
    const third = await ingestPdf(handle, resaved, meta)
    expect(third).toMatchObject({ status: 'replaced', chunksWritten: 0, replaced: { fileName: 'book.pdf' } })
    expect(third.embeddings?.action).toBe('kept')
    expect(await chunksOf(handle, id)).toEqual(before)
  })

  it('rewrites only the chunks of a changed section', async () => {
    const first = await ingestPdf(handle, await miniBook(MINI_A), MINI_META)
    expect(first.status).toBe('added')
    const id = pdfDocumentId(MINI_META.document, MINI_META.edition)
    const before = await chunksOf(handle, id)
    expect(before.map((r) => r.section)).toEqual(['401.1', '401.2', '402.1', '402.2', '403.1', '403.2'])

    const second = await ingestPdf(handle, await miniBook(MINI_B), MINI_META)
    expect(second).toMatchObject({ status: 'replaced', replaced: { fileName: 'mini.pdf' }, chunks: 6, chunksWritten: 1 })
    const after = await chunksOf(handle, id)
    expect(after.map((r) => r.id)).toEqual(before.map((r) => r.id))
    const changed = after.filter((r, i) => r.content_hash !== before[i]!.content_hash).map((r) => r.section)
    expect(changed).toEqual(['402.2'])
    expect(after.find((r) => r.section === '402.2')!.text).toContain('within five minutes')
  })

  it('refuses encrypted, scanned and corrupt PDFs with a clear message and changes nothing', async () => {
    const before = await counts(handle)
    const cases = [
      ['encrypted', PDF_ERROR_MESSAGES.encrypted],
      ['text-less', PDF_ERROR_MESSAGES['no-text']],
      ['corrupt', PDF_ERROR_MESSAGES.corrupt],
    ] as const
    for (const [variant, message] of cases) {
      const bytes = await makeSpecBookPdf({ variant })
      await expect(ingestPdf(handle, bytes, { document: 'Broken', edition: '2025', fileName: `${variant}.pdf` })).rejects.toThrow(message)
    }
    await expect(
      ingestPdf(handle, new TextEncoder().encode('not a pdf at all'), { document: 'Broken', edition: '2025', fileName: 'x.pdf' }),
    ).rejects.toThrow(PDF_ERROR_MESSAGES.corrupt)
    expect(await counts(handle)).toEqual(before)
  })

  it('loads the corpus, skips it when unchanged and removes a record whose file is gone', async () => {
    const corpusDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-corpus-'))
    try {
      // Three folders of the corpus (the whole corpus is ingested without errors by global-setup.ts, for every
      // test's template database): enough to train embeddings, skip, update and remove, at a third of the time.
      const parts = ['drawings', 'test-methods', 'specs/2007']
      for (const part of parts) fs.cpSync(path.join(ROOT, 'corpus', part), path.join(corpusDir, part), { recursive: true })
      const first = await ingestCorpus(handle, corpusDir)
      expect(first.errors).toEqual([])
      expect(first.added).toBe(first.documents)
      expect(first.documents).toBe(
        parts.reduce((n, part) => n + fs.readdirSync(path.join(ROOT, 'corpus', part)).filter((f) => f.endsWith('.md')).length, 0),
      )
      expect(first.chunks).toBeGreaterThan(100)
      expect(first.embeddings?.action).toBe('trained')

      const second = await ingestCorpus(handle, corpusDir)
      expect(second).toMatchObject({ added: 0, updated: 0, removed: 0, chunksWritten: 0, unchanged: first.documents })
      expect(second.embeddings?.action).toBe('kept')

      const section401 = 'corpus:specs/2007/section-401-hot-mix-asphalt.md'
      const before = await chunksOf(handle, section401)
      const file = path.join(corpusDir, 'specs/2007/section-401-hot-mix-asphalt.md')
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(/^(## 401\.4\.30 [^\n]*\n- )/m, '$1Edited: '))
      fs.rmSync(path.join(corpusDir, 'test-methods/sc-t-29.md'))
      const third = await ingestCorpus(handle, corpusDir)
      expect(third).toMatchObject({ updated: 1, removed: 1, chunksWritten: 1 })
      const after = await chunksOf(handle, section401)
      expect(after.filter((r, i) => r.content_hash !== before[i]!.content_hash).map((r) => r.section)).toEqual(['401.4.30'])
      const gone = rowsOf(await handle.db.execute(sql`select id from chunks where document_id = 'corpus:test-methods/sc-t-29.md'`))
      expect(gone).toEqual([])

      // Exact numbers are in refs; the vectors all belong to the one current model.
      const refRows = rowsOf<{ id: string }>(await handle.db.execute(sql`select id from chunks where refs @> array['g501']::text[]`))
      expect(refRows.map((r) => r.id)).toContain('corpus:drawings/drawing-g501.md#measurements')
      const models = rowsOf<{ n: string | number }>(await handle.db.execute(sql`select count(*) as n from embedding_models`))
      expect(Number(models[0]!.n)).toBe(1)
      const stale = rowsOf<{ n: string | number }>(
        await handle.db.execute(sql`select count(*) as n from chunks where embedding_model is distinct from (select name from embedding_models)`),
      )
      expect(Number(stale[0]!.n)).toBe(0)
    } finally {
      fs.rmSync(corpusDir, { recursive: true, force: true })
    }
  })

  it('leaves the previous version searchable when the ingest is killed during its transaction', async () => {
    const bookDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-kill-'))
    try {
      const id = pdfDocumentId(MINI_META.document, MINI_META.edition)
      const before = await chunksOf(handle, id)
      expect(before.find((r) => r.section === '402.2')!.text).toContain('within five minutes')
      const file = path.join(bookDir, 'mini.pdf')
      fs.writeFileSync(file, await miniBook('A third wording of the surface treatment rule that must never become visible.'))

      // PGlite: one process at a time owns the directory, so hand it to the CLI for the duration.
      if (kind === 'pglite') await handle.close()
      let killed = false
      const run = await runCli([file, '--document', MINI_META.document, '--edition', MINI_META.edition], { ...database.env, INGEST_TEST_PAUSE_MS: '60000' }, {
        onStderr: (text, kill) => {
          if (!killed && text.includes('INGEST_TEST_PAUSE inside transaction')) {
            killed = true
            kill()
          }
        },
      })
      expect(killed).toBe(true)
      expect(run.signal).toBe('SIGKILL')
      if (kind === 'pglite') await reopen()

      const after = await chunksOf(handle, id)
      expect(after.map((r) => [r.id, r.content_hash, r.text])).toEqual(before.map((r) => [r.id, r.content_hash, r.text]))
      const visible = rowsOf(await handle.db.execute(sql`select id from chunks where text like '%third wording%'`))
      expect(visible).toEqual([])
    } finally {
      fs.rmSync(bookDir, { recursive: true, force: true })
    }
  })
})

describe('the ingest CLI (embedded database)', () => {
  let dataDir: string
  let work: string

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-cli-'))
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-cli-files-'))
    fs.writeFileSync(path.join(work, 'Standard_Specifications_2025.pdf'), await makeSpecBookPdf({ pages: 6 }))
    fs.writeFileSync(path.join(work, 'locked.pdf'), await makeSpecBookPdf({ variant: 'encrypted' }))
  })

  afterAll(() => {
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(work, { recursive: true, force: true })
  })

  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '' })

  it('answers usage mistakes with exit code 2', async () => {
    const none = await runCli([], env())
    expect(none.code).toBe(2)
    expect(none.stderr).toContain('No file or folder given.')
    expect(none.stderr).toContain('Usage: npm run ingest')
    const bad = await runCli(['x.pdf', '--url', 'ftp://example'], env())
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('--url must be an http(s) link')
    const twoBooks = await runCli([work, '--document', 'One Book', '--edition', '2025'], env())
    expect(twoBooks.code).toBe(2)
    expect(twoBooks.stderr).toContain('--document and --edition name one book, but 2 PDFs were given')
  })

  it('ingests a folder, guesses document and edition, reports a bad file and exits 1', async () => {
    const run = await runCli([work], env())
    expect(run.code).toBe(1)
    expect(run.stdout).toContain('Summary')
    expect(run.stdout).toMatch(/ok\s+\S*Standard_Specifications_2025\.pdf\s+added/)
    expect(run.stdout).toContain("guessed document 'SCDOT Standard Specifications for Highway Construction' and edition '2025'")
    expect(run.stdout).toMatch(/FAILED\s+\S*locked\.pdf/)
    expect(run.stdout).toContain(PDF_ERROR_MESSAGES.encrypted)

    const again = await runCli([path.join(work, 'Standard_Specifications_2025.pdf')], env())
    expect(again.code).toBe(0)
    expect(again.stdout).toMatch(/ok\s+\S*Standard_Specifications_2025\.pdf\s+unchanged/)
    expect(again.stdout).toContain('1 of 1 ingested')
  })

  it('says what to do when a process holds the database and offers no hand-off', async () => {
    const held = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-held-'))
    try {
      // A live process (this test runner) owns the lock; no hand-off file.
      fs.writeFileSync(path.join(held, 'app.lock'), String(process.pid))
      const run = await runCli([path.join(work, 'Standard_Specifications_2025.pdf')], { DATA_DIR: held, DATABASE_URL: '' })
      expect(run.code).toBe(1)
      expect(run.stderr).toContain(`is in use by process ${process.pid}, which offers no ingest hand-off`)
      expect(run.stderr).toContain('or use DATABASE_URL with PostgreSQL')

      // A hand-off file whose server does not answer.
      fs.writeFileSync(path.join(held, 'ingest-handoff.json'), JSON.stringify({ port: 9, pid: process.pid, token: 'x'.repeat(64) }), { mode: 0o600 })
      const silent = await runCli([path.join(work, 'Standard_Specifications_2025.pdf')], { DATA_DIR: held, DATABASE_URL: '' })
      expect(silent.code).toBe(1)
      expect(silent.stderr).toContain('does not answer on port 9')
      expect(silent.stderr).toContain(`Stop the server (process ${process.pid})`)
    } finally {
      fs.rmSync(held, { recursive: true, force: true })
    }
  })
})
