/**
 * npm run ingest -- <file or folder>... [--document "..."] [--edition 2025] [--url https://...]
 *
 * Loads official specification PDFs and corpus Markdown into the search tables. With DATABASE_URL it
 * writes to PostgreSQL directly; on the embedded database (PGlite under DATA_DIR) it opens the directory,
 * or, when a running server holds it, hands the files to that server (DATA_DIR/ingest-handoff.json).
 * Exit codes: 0 every file ingested, 1 a file failed (the others were still processed), 2 usage error.
 */
import fs from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { DatabaseLockedError, appRoot, migrateDatabase, openDatabase, type DbHandle } from '../db/client'
import { dataDir, readHandoff, type Handoff } from './handoff'
import { expandPaths, ingestPaths, type PathResult } from './index'
import { INGEST_LOCK } from './jobs'

const USAGE = `Usage: npm run ingest -- <file or folder>... [options]

  <file or folder>   specification PDFs, corpus Markdown files, or folders of them
                     (the corpus folder itself re-reads it all and removes records whose file is gone)
  --document "..."   the publication, e.g. "SCDOT Standard Specifications for Highway Construction"
  --edition 2025     the edition or version
  --url https://...  the official link (chunks link to #page=<n>)

Without --document/--edition they are guessed from the PDF title or first page (the guess is printed).
A different file whose guess names a book already loaded is refused; to replace a book with a new
file, give both --document and --edition.
The database is DATABASE_URL when set, otherwise the embedded one under DATA_DIR (default ./data);
when a running server holds the embedded database, the files are handed to it.`

class UsageError extends Error {}

interface Options {
  paths: string[]
  document?: string
  edition?: string
  url?: string
}

function parse(argv: string[]): Options | 'help' {
  let parsed
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        document: { type: 'string' },
        edition: { type: 'string' },
        url: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  if (parsed.values.help) return 'help'
  if (parsed.positionals.length === 0) throw new UsageError('No file or folder given.')
  const { document, edition, url } = parsed.values
  if (url !== undefined && !/^https?:\/\/\S+$/.test(url)) throw new UsageError(`--url must be an http(s) link, got '${url}'.`)
  for (const [name, value] of Object.entries({ document, edition })) {
    if (value !== undefined && value.trim() === '') throw new UsageError(`--${name} is empty.`)
  }
  return { paths: parsed.positionals, document, edition, url }
}

const log = (line: string) => process.stdout.write(`${line}\n`)
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`

function printTable(results: PathResult[]): void {
  log('')
  log('Summary')
  const rows = results.map((r) => [
    r.ok ? 'ok' : 'FAILED',
    r.path,
    r.pdf ? r.pdf.status : r.corpus ? 'corpus' : '-',
    r.pdf ? String(r.pdf.sections) : '-',
    r.pdf ? `${r.pdf.chunksWritten}/${r.pdf.chunks}` : r.corpus ? `${r.corpus.chunksWritten}` : '-',
    r.pdf ? seconds(r.pdf.millis.total) : r.corpus ? seconds(r.corpus.millis) : '-',
  ])
  const header = ['result', 'file', 'status', 'sections', 'chunks written', 'time']
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)))
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i]!)).join('  ').trimEnd()
  log(line(header))
  log(line(widths.map((w) => '-'.repeat(w))))
  for (const row of rows) log(line(row))
  for (const r of results) log(`${r.ok ? '  ' : '! '}${r.path}: ${r.message}`)
}

async function direct(handle: DbHandle, options: Options, corpusDir: string): Promise<PathResult[]> {
  await migrateDatabase(handle)
  // On PostgreSQL, servers may be ingesting too: one ingest at a time (ingest/jobs.ts).
  return handle.exclusive(INGEST_LOCK, () =>
    ingestPaths(handle, options.paths, {
      document: options.document,
      edition: options.edition,
      url: options.url,
      corpusDir,
      onProgress: log,
    }),
  )
}

// --- hand-off to a running server ----------------------------------------------------------------------

class HandoffUnavailable extends Error {}

interface JobView {
  status: 'queued' | 'running' | 'done' | 'failed'
  progress: string[]
  progressTotal: number
  message: string | null
  result: unknown
}

/**
 * One request to the server, retried a few times on a network error: a server busy ingesting can leave a
 * kept-alive connection to time out under a request. Repeating is safe: an ingest of the same file is skipped on its hash.
 */
async function send(base: string, handoff: Handoff, url: string, init: RequestInit = {}): Promise<Response> {
  let lastError: unknown
  for (let attempt = 0; attempt < 4; attempt++) {
    try {
      return await fetch(`${base}${url}`, {
        ...init,
        headers: { ...(init.headers as Record<string, string>), Authorization: `Bearer ${handoff.token}` },
      })
    } catch (error) {
      lastError = error
      await new Promise((resolve) => setTimeout(resolve, 500 * (attempt + 1)))
    }
  }
  const cause = (lastError as Error & { cause?: { code?: string; message?: string } }).cause
  const detail = [(lastError as Error).message, cause?.code ?? cause?.message].filter(Boolean).join(': ')
  throw new HandoffUnavailable(`the server (process ${handoff.pid}) does not answer on port ${handoff.port} (${detail})`)
}

async function runRemote(base: string, handoff: Handoff, label: string, url: string, body?: Uint8Array, type?: string): Promise<PathResult> {
  const response = await send(base, handoff, url, {
    method: 'POST',
    body: body ? Buffer.from(body) : undefined,
    headers: type ? { 'Content-Type': type } : {},
  })
  const answer = (await response.json().catch(() => ({}))) as { message?: string; statusUrl?: string }
  if (!response.ok || !answer.statusUrl) {
    return { path: label, ok: false, message: answer.message ?? `the server answered ${response.status}` }
  }
  let seen = 0
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 300))
    const poll = await send(base, handoff, `${answer.statusUrl}?since=${seen}`)
    const job = (await poll.json().catch(() => ({}))) as Partial<JobView> & { message?: string }
    if (!poll.ok) return { path: label, ok: false, message: job.message ?? `status ${poll.status}` }
    for (const line of job.progress ?? []) log(line)
    seen = job.progressTotal ?? seen
    if (job.status === 'done' || job.status === 'failed') {
      const result = job.result as PathResult['pdf'] & PathResult['corpus']
      const isPdf = result && typeof result === 'object' && 'documentId' in result
      return {
        path: label,
        ok: job.status === 'done',
        message: job.message ?? job.status,
        ...(isPdf ? { pdf: result } : result ? { corpus: result } : {}),
      }
    }
  }
}

async function handOff(options: Options, corpusDir: string, locked: DatabaseLockedError): Promise<PathResult[]> {
  const advice = `Stop the server (process ${locked.pid}) and run the ingest again, or use DATABASE_URL with PostgreSQL.`
  const handoff = readHandoff(dataDir())
  if (!handoff || handoff.pid !== locked.pid) {
    throw new HandoffUnavailable(`The database in ${locked.dataDir} is in use by process ${locked.pid}, which offers no ingest hand-off. ${advice}`)
  }
  const base = `http://127.0.0.1:${handoff.port}`
  log(`The database is in use by the running server (process ${handoff.pid}): handing the files to it on port ${handoff.port}.`)
  const results: PathResult[] = []
  const query = (extra: Record<string, string | undefined>) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(extra)) if (value) params.set(key, value)
    return params.toString()
  }
  try {
    for (const target of await expandPaths(options.paths, corpusDir)) {
      if (target.kind === 'error') results.push({ path: target.path, ok: false, message: target.message })
      else if (target.kind === 'corpus') results.push(await runRemote(base, handoff, target.path, '/api/admin/ingest?corpus=1'))
      else {
        const bytes = new Uint8Array(await fs.readFile(target.file))
        const url =
          target.kind === 'pdf'
            ? `/api/admin/ingest?${query({ fileName: path.basename(target.file), document: options.document, edition: options.edition, url: options.url })}`
            : `/api/admin/ingest?${query({ fileName: path.basename(target.file), corpusPath: target.corpusPath })}`
        log(`${target.path}: sending ${(bytes.length / 1024 / 1024).toFixed(1)} MB`)
        results.push(await runRemote(base, handoff, target.path, url, bytes, target.kind === 'pdf' ? 'application/pdf' : 'text/markdown; charset=utf-8'))
      }
    }
  } catch (error) {
    if (error instanceof HandoffUnavailable) throw new HandoffUnavailable(`Could not hand the files over: ${error.message}. ${advice}`)
    throw error
  }
  return results
}

export async function main(argv: string[]): Promise<number> {
  let options: Options | 'help'
  try {
    options = parse(argv)
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n\n${USAGE}\n`)
      return 2
    }
    throw error
  }
  if (options === 'help') {
    log(USAGE)
    return 0
  }
  const corpusDir = path.resolve(process.env.CORPUS_DIR ?? path.join(appRoot(), 'corpus'))
  if (options.document && options.edition) {
    const pdfs = (await expandPaths(options.paths, corpusDir)).filter((target) => target.kind === 'pdf')
    if (pdfs.length > 1) {
      process.stderr.write(`--document and --edition name one book, but ${pdfs.length} PDFs were given: ingest them one at a time.\n\n${USAGE}\n`)
      return 2
    }
  }
  const started = performance.now()
  let results: PathResult[]
  let handle: DbHandle | null = null
  try {
    try {
      handle = await openDatabase()
    } catch (error) {
      if (!(error instanceof DatabaseLockedError)) throw error
      results = await handOff(options, corpusDir, error)
    }
    if (handle) {
      log(`Database: ${handle.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${dataDir()}`}`)
      results = await direct(handle, options, corpusDir)
    }
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`)
    return 1
  } finally {
    await handle?.close()
  }
  printTable(results!)
  const failed = results!.filter((r) => !r.ok).length
  log(`\n${results!.length - failed} of ${results!.length} ingested in ${seconds(performance.now() - started)}${failed ? `; ${failed} failed` : ''}.`)
  return failed > 0 ? 1 : 0
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)
if (isMain) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`${(error as Error).stack ?? String(error)}\n`)
      process.exit(1)
    },
  )
}
