import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { installedExtensions, migrateDatabase, openDatabase, rowsOf, type DbHandle } from '../../db/client'
import { loadCorpusFiles } from '../../ingest/corpus-files'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { OCR_ASSETS } from '../../app/lib/ocr/assets'
import { ROOT, startServer, type RunningServer } from './server'

process.env.APP_ROOT = ROOT

describe.each(DATABASE_KINDS)('on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle

  beforeAll(async () => {
    database = await createTestDatabase(kind)
    handle = await openDatabase(database.open)
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('applies the migrations to an empty database, creating pgvector first', async () => {
    const before = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`),
    )
    expect(before[0]?.n).toBe(0)

    await migrateDatabase(handle)

    expect(await installedExtensions(handle)).toContain('vector')
    const tables = rowsOf<{ table_name: string }>(
      await handle.db.execute(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      ),
    ).map((r) => r.table_name)
    expect(tables).toEqual(expect.arrayContaining(['app_settings', 'corpus_files']))
    // pgvector really works: a distance between two vectors.
    const [distance] = rowsOf<{ d: number }>(
      await handle.db.execute(sql`select ('[1,0,0]'::vector <=> '[0,1,0]'::vector)::float8 as d`),
    )
    expect(distance?.d).toBeCloseTo(1, 6)
  })

  it('running the migrations again changes nothing', async () => {
    await migrateDatabase(handle)
    const applied = rowsOf<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
    )
    const files = fs.readdirSync(path.join(ROOT, 'db', 'migrations')).filter((f) => f.endsWith('.sql'))
    expect(applied[0]?.n).toBe(files.length)
  })

  it('loads a corpus folder, skipping unchanged files and removing deleted ones', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-'))
    fs.mkdirSync(path.join(dir, 'specs'))
    fs.writeFileSync(path.join(dir, 'specs', 'a.md'), '---\ntitle: Section A\n---\nBody A')
    fs.writeFileSync(path.join(dir, 'specs', 'b.md'), '---\ntitle: Section B\nkind: drawing\n---\nBody B')
    expect(await loadCorpusFiles(handle, dir)).toMatchObject({ files: 2, added: 2, unchanged: 0, removed: 0 })
    expect(await loadCorpusFiles(handle, dir)).toMatchObject({ files: 2, added: 0, unchanged: 2, updated: 0 })
    fs.writeFileSync(path.join(dir, 'specs', 'a.md'), '---\ntitle: Section A\n---\nBody A, revised')
    fs.rmSync(path.join(dir, 'specs', 'b.md'))
    expect(await loadCorpusFiles(handle, dir)).toMatchObject({ files: 1, updated: 1, removed: 1 })
    const rows = rowsOf<{ path: string; kind: string; body: string }>(
      await handle.db.execute(sql`select path, kind, body from corpus_files order by path`),
    )
    expect(rows).toEqual([{ path: 'specs/a.md', kind: 'specs', body: 'Body A, revised' }])
    fs.rmSync(dir, { recursive: true, force: true })
  })

  it('refuses a corpus file with broken front matter and keeps the previous load', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corpus-bad-'))
    fs.writeFileSync(path.join(dir, 'bad.md'), '---\ntitle: [unclosed\n---\nBody')
    await expect(loadCorpusFiles(handle, dir)).rejects.toThrow(/bad\.md: front matter is not valid YAML/)
    const rows = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from corpus_files`))
    expect(rows[0]?.n).toBe(1)
    fs.rmSync(dir, { recursive: true, force: true })
  })
})

describe('an existing embedded database, upgraded', () => {
  it('keeps no old row versions when a migration rewrote rows (PGlite has no autovacuum)', async () => {
    // The prepared database (migrated, corpus searchable), with its last migration (0007, which writes every
    // chunk again) not yet applied: what an existing directory looks like before an upgrade.
    const database = await createTestDatabase('pglite', { corpus: true })
    const handle = await openDatabase(database.open)
    try {
      // The table's size on disk: the pages a sequential scan reads, old row versions included.
      const size = async () => rowsOf<{ size: number }>(await handle.db.execute(sql`select pg_relation_size('chunks')::int as size`))[0]!.size
      const before = await size()
      await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`)
      await migrateDatabase(handle)
      // Without the vacuum the rewritten table is twice its size (every chunk stored twice).
      expect(await size()).toBeLessThanOrEqual(before)
      const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await handle.db.execute(sql`select count(*)::int as n from chunks where embedding is not null`))
      expect(n).toBeGreaterThan(100)
    } finally {
      await handle.close()
      await database.cleanup()
    }
  })
})

describe.each(DATABASE_KINDS)('the built server on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await startServer(database.env)
  })
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  it('answers /healthz with the database it uses', async () => {
    const response = await fetch(`${server.url}/healthz`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({ status: 'ok', database: kind })
  })

  it('serves the home page with security headers, compressed', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'gzip' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBe('gzip')
    const csp = response.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'nonce-[A-Za-z0-9+/=]+'/)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    const html = await response.text()
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    // Every inline script carries this response's nonce.
    const scripts = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)]
    expect(scripts.length).toBeGreaterThan(0)
    for (const [, attrs] of scripts) expect(attrs).toContain(`nonce="${nonce}"`)
  })

  it('answers 404 for an unknown path and a plain message, never a stack trace, for a bad request', async () => {
    const missing = await fetch(`${server.url}/no/such/page`)
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('404 Page Not Found')
    const bad = await fetch(`${server.url}/theme`, {
      method: 'POST',
      body: new URLSearchParams({ theme: 'purple' }),
    })
    expect(bad.status).toBe(400)
    const body = await bad.text()
    expect(body).not.toMatch(/at .+\.(js|ts):\d+/)
  })

  it('keeps an idle connection open longer than a proxy or client would (no reset on reuse at 5 s)', async () => {
    const agent = new http.Agent({ keepAlive: true })
    const header = await new Promise<string | undefined>((resolve, reject) => {
      http
        .get(`${server.url}/healthz`, { agent }, (response) => {
          response.resume()
          resolve(String(response.headers['keep-alive']))
        })
        .on('error', reject)
    })
    agent.destroy()
    expect(header).toBe('timeout=65')
  })

  it('refuses a cross-origin form post', async () => {
    const response = await fetch(`${server.url}/theme`, {
      method: 'POST',
      headers: { origin: 'http://evil.example' },
      body: new URLSearchParams({ theme: 'dark' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(403)
  })

  it('serves the OCR worker, WebAssembly core and English data from our own origin, cached for good', async () => {
    const files = [
      [`${OCR_ASSETS.workerPath}`, /javascript/],
      [`${OCR_ASSETS.corePath}/tesseract-core-simd-lstm.wasm.js`, /javascript/],
      [`${OCR_ASSETS.langPath}/eng.traineddata.gz`, /gzip|octet-stream/],
    ] as const
    for (const [file, type] of files) {
      const response = await fetch(`${server.url}${file}`, { method: 'HEAD' })
      expect(response.status, file).toBe(200)
      expect(response.headers.get('content-type'), file).toMatch(type)
      expect(response.headers.get('cache-control'), file).toContain('immutable')
    }
    const missing = await fetch(`${server.url}${OCR_ASSETS.corePath}/../package.json`)
    expect(missing.status).toBe(404)
    const policy = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'nonce-/)
    expect(policy).not.toContain("'unsafe-eval'")
  })

  it('stores the theme from a form post in a cookie and redirects back', async () => {
    const response = await fetch(`${server.url}/theme`, {
      method: 'POST',
      headers: { origin: server.url },
      body: new URLSearchParams({ theme: 'dark', redirectTo: '/disclosures' }),
      redirect: 'manual',
    })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/disclosures')
    expect(response.headers.get('set-cookie')).toMatch(/^theme=dark; Path=\/; Max-Age=31536000; SameSite=Lax/)
    const page = await fetch(`${server.url}/disclosures`, { headers: { cookie: 'theme=dark' } })
    expect(await page.text()).toContain('data-theme="dark"')
  })
})

describe('the embedded database directory', () => {
  it('refuses a second live process and takes over a lock left by a dead one', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scdot-lock-'))
    const { DatabaseLockedError } = await import('../../db/client')
    // A live process that is not us: the lock names the parent of this test process.
    fs.mkdirSync(dataDir, { recursive: true })
    fs.writeFileSync(path.join(dataDir, 'app.lock'), String(process.ppid))
    await expect(openDatabase({ dataDir })).rejects.toBeInstanceOf(DatabaseLockedError)
    await expect(openDatabase({ dataDir })).rejects.toThrow(/Stop the server first, or use DATABASE_URL with PostgreSQL/)
    // A pid that no longer exists: the stale lock is taken over.
    fs.writeFileSync(path.join(dataDir, 'app.lock'), '999999')
    const handle = await openDatabase({ dataDir })
    expect(fs.readFileSync(path.join(dataDir, 'app.lock'), 'utf8')).toBe(String(process.pid))
    await handle.close()
    expect(fs.existsSync(path.join(dataDir, 'app.lock'))).toBe(false)
    fs.rmSync(dataDir, { recursive: true, force: true })
  })
})
