/**
 * npm run bench:ingest [-- --pages 1000]
 *
 * Generates a specification book (ingest/pdf/fixtures.ts), ingests it into a fresh embedded database
 * (PGlite in a temporary directory) and prints the time of each step, then ingests it again unchanged.
 * Target on the 2-core reference machine: at most 60 s for 1,000 pages.
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { migrateDatabase, openDatabase } from '../db/client'
import { ingestCorpus, ingestPdf } from '../ingest/index'
import { makeSpecBookPdf } from '../ingest/pdf/fixtures'

const pagesIndex = process.argv.indexOf('--pages')
const pages = pagesIndex > 0 ? Number(process.argv[pagesIndex + 1]) : 1000
const withCorpus = process.argv.includes('--with-corpus')
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`

const generated = performance.now()
const bytes = await makeSpecBookPdf({ pages })
console.log(`generated a ${pages}-page book (${(bytes.length / 1024 / 1024).toFixed(1)} MB) in ${s(performance.now() - generated)}`)

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-ingest-'))
const handle = await openDatabase({ dataDir: dir, databaseUrl: '' })
try {
  await migrateDatabase(handle)
  if (withCorpus) {
    const corpus = await ingestCorpus(handle, path.resolve('corpus'))
    console.log(`corpus first: ${corpus.chunks} chunks in ${s(corpus.millis)}`)
  }
  const first = await ingestPdf(handle, bytes, { document: 'SCDOT Standard Specifications for Highway Construction', edition: '2025', fileName: 'bench.pdf' })
  const e = first.embeddings
  console.log(`first ingest: ${first.pages} pages, ${first.sections} sections, ${first.chunks} chunks, ${first.warnings.length} warnings`)
  console.log(`  read   ${s(first.millis.read)}`)
  console.log(`  parse  ${s(first.millis.parse)}`)
  console.log(`  chunk  ${s(first.millis.chunk)}`)
  console.log(`  train  ${s(first.millis.train)} (embedding model on every chunk: ${e?.model})`)
  console.log(`  write  ${s(first.millis.write)} (embed + one transaction, batches of 500 rows, ending with the model switch)`)
  console.log(`  others ${s(first.millis.embed)}: other chunks' vectors ${e?.embedded ?? 0} (embed ${s(e?.millis.embed ?? 0)}, write ${s(e?.millis.write ?? 0)}) before the transaction, and the check after it`)
  console.log(`  total  ${s(first.millis.total)}`)
  const again = await ingestPdf(handle, bytes, { document: 'SCDOT Standard Specifications for Highway Construction', edition: '2025', fileName: 'bench.pdf' })
  console.log(`re-ingest unchanged: ${again.status}, ${again.chunksWritten} chunks written, total ${s(again.millis.total)}`)
} finally {
  await handle.close()
  fs.rmSync(dir, { recursive: true, force: true })
}
