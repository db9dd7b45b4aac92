/**
 * The ingest CLI hands files to a running server that owns the embedded database. Needs the built
 * server (`npm run build`; BUILD_DIR is honoured).
 */
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, rowsOf } from '../../db/client'
import { makeSpecBookPdf } from '../../ingest/pdf/fixtures'
import { PDF_ERROR_MESSAGES } from '../../app/lib/pdf/read.server'
import { runCli } from './cli'
import { createTestDatabase } from './databases'
import { ROOT, startServer, type RunningServer } from './server'

/** Announces a 201 MB body and sends a few bytes: the server must refuse it from the header alone. */
function declaredTooLarge(url: string, token: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Length': String(201 * 1024 * 1024), 'Content-Type': 'application/pdf' },
    })
    request.on('response', (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
      request.destroy()
    })
    request.on('error', reject)
    request.write('%PDF-1.7\n')
  })
}

describe('ingest hand-off to a running server (embedded database)', () => {
  let dataDir: string
  let work: string
  let server: RunningServer | null = null
  let token: string

  beforeAll(async () => {
    // The corpus is loaded already, as after the server's first start: this is about what comes next.
    dataDir = (await createTestDatabase('pglite', { corpus: true })).env.DATA_DIR!
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-handoff-files-'))
    fs.writeFileSync(path.join(work, 'book.pdf'), await makeSpecBookPdf({ pages: 8, edition: '2031' }))
    fs.writeFileSync(path.join(work, 'locked.pdf'), await makeSpecBookPdf({ variant: 'encrypted' }))
    server = await startServer({ DATA_DIR: dataDir, DATABASE_URL: '' })
    const file = path.join(dataDir, 'ingest-handoff.json')
    expect(fs.statSync(file).mode & 0o777).toBe(0o600)
    token = (JSON.parse(fs.readFileSync(file, 'utf8')) as { token: string }).token
  })

  afterAll(async () => {
    await server?.stop()
    fs.rmSync(dataDir, { recursive: true, force: true })
    fs.rmSync(work, { recursive: true, force: true })
  })

  it('refuses requests without the token or an admin session, and client mistakes with a clear 4xx', async () => {
    const url = `${server!.url}/api/admin/ingest`
    const anonymous = await fetch(url, { method: 'POST', body: 'x' })
    expect(anonymous.status).toBe(401)
    const wrong = await fetch(url, { method: 'POST', body: 'x', headers: { Authorization: `Bearer ${'0'.repeat(64)}` } })
    expect(wrong.status).toBe(401)
    expect(((await wrong.json()) as { message: string }).message).toContain('token is not valid')

    const auth = { Authorization: `Bearer ${token}` }
    const empty = await fetch(url, { method: 'POST', headers: auth })
    expect(empty.status).toBe(400)
    const binary = await fetch(url, { method: 'POST', headers: auth, body: new Uint8Array([0xff, 0xfe, 0x00, 0x01, 0x80]) })
    expect(binary.status).toBe(415)
    expect(((await binary.json()) as { message: string }).message).toBe('The file is neither a PDF (no %PDF- header) nor UTF-8 Markdown.')
    const markdown = await fetch(url, { method: 'POST', headers: auth, body: '# a note' })
    expect(markdown.status).toBe(400)
    expect(((await markdown.json()) as { message: string }).message).toContain('corpusPath')
    const escape = await fetch(`${url}?corpusPath=../../etc/x.md`, { method: 'POST', headers: auth, body: '# a note' })
    expect(escape.status).toBe(400)
    expect(await declaredTooLarge(url, token)).toBe(413)
    const crossSite = await fetch(url, { method: 'POST', headers: { ...auth, Origin: 'https://evil.example' }, body: 'x' })
    expect(crossSite.status).toBe(403)
    const missing = await fetch(`${server!.url}/api/admin/ingest/00000000-0000-0000-0000-000000000000`, { headers: auth })
    expect(missing.status).toBe(404)
  })

  it('hands corpus Markdown and the whole corpus folder over too (unchanged since the server started)', async () => {
    const run = await runCli(['corpus/test-methods/sc-t-29.md', 'corpus'], { DATA_DIR: dataDir, DATABASE_URL: '' })
    const shown = `${run.stdout}\n${run.stderr}`
    expect(run.code, shown).toBe(0)
    expect(run.stdout).toMatch(/corpus\/test-methods\/sc-t-29\.md: 0 added, 0 updated, 1 unchanged/)
    expect(run.stdout).toMatch(/ {2}corpus: 0 added, 0 updated, \d+ unchanged, 0 removed, 0 chunks written/)
  })

  it('answers searches while it ingests a handed-over book', async () => {
    const big = path.join(work, 'busy', 'big-book.pdf')
    fs.mkdirSync(path.dirname(big), { recursive: true })
    fs.writeFileSync(big, await makeSpecBookPdf({ pages: 80, edition: '2032' }))
    const origin = { Origin: server!.url, 'Content-Type': 'application/json' }
    const signup = await fetch(`${server!.url}/api/auth/signup`, {
      method: 'POST',
      headers: origin,
      body: JSON.stringify({ firstName: 'Busy', lastName: 'Reader', email: 'busy@example.test', password: 'secret-123' }),
    })
    expect(signup.status).toBe(200)
    const cookie = signup.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ')

    // The CLI announces the hand-off once the server has the file; searches from then until it exits
    // overlap the server's background ingest.
    let handedOver = false
    let finished = false
    const child = spawn(process.execPath, ['scripts/cli.mjs', 'ingest', big, '--document', 'Busy Specifications'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    child.stdout.on('data', (data) => {
      output += data
      if (output.includes('handing the files to it')) handedOver = true
    })
    child.stderr.on('data', (data) => (output += data))
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code))).finally(() => (finished = true))
    const answers: Array<{ status: number; sources: number; during: boolean }> = []
    while (!finished) {
      const during = handedOver
      const response = await fetch(`${server!.url}/api/search`, {
        method: 'POST',
        headers: { ...origin, cookie },
        body: JSON.stringify({ query: 'guardrail post spacing', specBook: 'both', userRole: 'inspector' }),
      })
      const body = (await response.json()) as { sources?: unknown[] }
      answers.push({ status: response.status, sources: body.sources?.length ?? 0, during: during && !finished })
      // A search every quarter second: enough to overlap the ingest many times, without starving it on two cores.
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    expect(await exited, output).toBe(0)
    const during = answers.filter((a) => a.during)
    expect(during.length).toBeGreaterThan(3)
    expect(during.every((a) => a.status === 200 && a.sources > 0)).toBe(true)
  })

  it('refuses a different file that lands on a handed-over book, and replaces it when --document and --edition name it', async () => {
    const twins = fs.mkdtempSync(path.join(os.tmpdir(), 'ingest-handoff-twins-'))
    try {
      const first = path.join(twins, 'first.pdf')
      const second = path.join(twins, 'second.pdf')
      fs.writeFileSync(first, await makeSpecBookPdf({ pages: 6, edition: '2033' }))
      fs.writeFileSync(second, await makeSpecBookPdf({ pages: 9, edition: '2033' }))
      const env = { DATA_DIR: dataDir, DATABASE_URL: '' }
      const added = await runCli([first, '--document', 'Twin Specifications'], env)
      expect(added.code, `${added.stdout}\n${added.stderr}`).toBe(0)
      expect(added.stdout).toMatch(/ok\s+\S*first\.pdf\s+added/)

      // The edition is guessed: the server refuses, naming both files and the flags.
      const refused = await runCli([second, '--document', 'Twin Specifications'], env)
      expect(refused.code, `${refused.stdout}\n${refused.stderr}`).toBe(1)
      expect(refused.stdout).toMatch(/FAILED\s+\S*second\.pdf/)
      expect(refused.stdout).toContain('second.pdf was not ingested')
      expect(refused.stdout).toContain('already loaded from first.pdf')
      expect(refused.stdout).toContain('run again with --document "Twin Specifications" --edition "2033"')

      const replaced = await runCli([second, '--document', 'Twin Specifications', '--edition', '2033'], env)
      expect(replaced.code, `${replaced.stdout}\n${replaced.stderr}`).toBe(0)
      expect(replaced.stdout).toMatch(/ok\s+\S*second\.pdf\s+replaced/)
      expect(replaced.stdout).toContain('replaced first.pdf')
    } finally {
      fs.rmSync(twins, { recursive: true, force: true })
    }
  }, 480_000)

  it('the CLI hands the files to the server, which ingests them while it keeps answering', async () => {
    const run = await runCli([work, '--document', 'Handoff Specifications'], { DATA_DIR: dataDir, DATABASE_URL: '' })
    const shown = `${run.stdout}\n${run.stderr}\n--- server ---\n${server!.output()}`
    expect(run.stdout, shown).toContain('handing the files to it')
    expect(run.stdout, shown).toContain('Summary')
    expect(run.stdout).toMatch(/ok\s+\S*book\.pdf\s+added/)
    expect(run.stdout).toContain("added: Handoff Specifications (2031)")
    expect(run.stdout).toContain("guessed edition '2031'")
    expect(run.stdout).toMatch(/FAILED\s+\S*locked\.pdf/)
    expect(run.stdout).toContain(PDF_ERROR_MESSAGES.encrypted)
    expect(run.code).toBe(1)
    const health = await fetch(`${server!.url}/healthz`)
    expect(health.ok).toBe(true)

    // Only the server can open the directory: stop it, then look at what it wrote.
    await server!.stop()
    server = null
    const handle = await openDatabase({ dataDir })
    try {
      const [doc] = rowsOf<{ chunk_count: number; edition: string }>(
        await handle.db.execute(sql`select chunk_count, edition from documents where id = 'pdf:handoff-specifications:2031'`),
      )
      expect(doc?.edition).toBe('2031')
      expect(doc!.chunk_count).toBeGreaterThan(10)
      const sections = rowsOf<{ section: string }>(
        await handle.db.execute(sql`select section from chunks where document_id = 'pdf:handoff-specifications:2031' and section = '401.4.2'`),
      )
      expect(sections).toHaveLength(1)
      const corpus = rowsOf<{ n: string | number }>(await handle.db.execute(sql`select count(*) as n from documents where source = 'corpus'`))
      expect(Number(corpus[0]!.n)).toBeGreaterThan(100)
      const stale = rowsOf<{ n: string | number }>(
        await handle.db.execute(sql`select count(*) as n from chunks where embedding_model is distinct from (select name from embedding_models)`),
      )
      expect(Number(stale[0]!.n)).toBe(0)
    } finally {
      await handle.close()
    }
    expect(fs.existsSync(path.join(dataDir, 'ingest-handoff.json'))).toBe(false)
    // Two CLI processes compiling TypeScript, a PDF ingest and a server restart: 10 s on a quiet machine, 85 to
    // 120 s on the 2-core CI machine while the end-to-end tests run beside it.
  }, 480_000)
})
