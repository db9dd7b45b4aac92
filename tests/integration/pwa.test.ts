import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { answerOffline, prepareIndex } from '../../app/lib/offline/answer'
import { MAX_INDEX_BYTES } from '../../app/lib/offline/index-builder'
import type { OfflineIndex } from '../../app/lib/offline/types'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { HOME_BUDGET_KB, measureBundle } from '../../scripts/bundle-size.mjs'
import { ROOT, jsonHeaders, signUpMember, startServer, type RunningServer } from './server'

const BUILD = path.resolve(ROOT, process.env.BUILD_DIR ?? 'build')

/** A GET whose body is given as sent (fetch would decompress it), with the Accept-Encoding given. */
function rawGet(url: string, acceptEncoding: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

describe.each(DATABASE_KINDS)('PWA routes on %s', (kind) => {
  let database: TestDatabase
  let server: RunningServer

  beforeAll(async () => {
    database = await createTestDatabase(kind, { corpus: true })
    server = await startServer(database.env)
  }, 180_000)
  afterAll(async () => {
    await server?.stop()
    await database?.cleanup()
  })

  it('serves the web app manifest with name, scope, standalone display, colours and PNG icons', async () => {
    const response = await fetch(`${server.url}/manifest.webmanifest`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('application/manifest+json')
    const manifest = (await response.json()) as Record<string, unknown> & { icons: { src: string; sizes: string; purpose: string }[] }
    expect(manifest).toMatchObject({ start_url: '/', scope: '/', display: 'standalone', theme_color: '#1e3a8a', background_color: '#f8fafc' })
    expect(String(manifest.name)).toContain('Specifications Only')
    expect((manifest.short_name as string).length).toBeLessThanOrEqual(12)
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of manifest.icons) {
      const image = await fetch(`${server.url}${icon.src}`)
      expect(image.status, icon.src).toBe(200)
      expect(image.headers.get('content-type')).toBe('image/png')
    }
    const page = await (await fetch(`${server.url}/disclosures`)).text()
    expect(page).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
  })

  it(`sends a member's home page at most ${HOME_BUDGET_KB} KB of JavaScript, gzipped, as bench:bundle counts it`, async () => {
    const cookie = await signUpMember(server)
    const page = await fetch(`${server.url}/`, { headers: { cookie } })
    expect(page.status).toBe(200)
    // Every script the page loads is named in it (modulepreload links, the entry's imports).
    const loaded = new Set([...(await page.text()).matchAll(/\/(assets\/[\w.-]+\.js)/g)].map((match) => match[1]!))
    const home = measureBundle(BUILD).routes.find((route) => route.route === '_index.tsx')!
    expect([...loaded].sort()).toEqual([...home.files].sort())
    const bytes = [...loaded].reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(BUILD, 'client', file)), { level: 9 }).length, 0)
    expect(bytes).toBe(home.total)
    expect(bytes / 1024).toBeLessThanOrEqual(HOME_BUDGET_KB)
  })

  it('serves the service worker, never from a stale HTTP cache, with the shell list built in', async () => {
    const response = await fetch(`${server.url}/entry.worker.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-cache')
    expect(response.headers.get('content-type')).toContain('javascript')
    const code = await response.text()
    expect(code).toContain('sw-static-')
    const shell = JSON.parse(fs.readFileSync(path.join(BUILD, 'sw-precache.json'), 'utf8')) as string[]
    expect(shell.length).toBeGreaterThan(3)
    for (const file of shell) expect(code, file).toContain(file)
    // Hashed assets stay immutable.
    const asset = await fetch(`${server.url}${shell.find((file) => file.endsWith('.js'))}`)
    expect(asset.headers.get('cache-control')).toContain('immutable')
  })

  it('serves the offline index: the whole bundled corpus, capped, versioned with an ETag, 304 when unchanged', async () => {
    const response = await fetch(`${server.url}/offline-index.json`)
    expect(response.status).toBe(200)
    const etag = response.headers.get('etag')
    expect(etag).toMatch(/"oi-[a-f0-9]{20}"/)
    const body = await response.text()
    expect(Buffer.byteLength(body)).toBeLessThan(MAX_INDEX_BYTES)
    const index = JSON.parse(body) as OfflineIndex
    expect(index.format).toBe(2)
    expect(index.passages.length).toBeGreaterThan(500)
    const kinds = new Set(index.passages.map((entry) => entry.documentKind))
    for (const k of ['drawing', 'cheat-sheet', 'spec-section', 'defect', 'federal']) expect(kinds).toContain(k)
    expect(index.sheets.map((sheet) => sheet.id)).toContain('guardrail')
    expect(index.commonWords.length).toBeGreaterThan(100_000)

    const again = await fetch(`${server.url}/offline-index.json`, { headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
  })

  it('sends the offline index as Brotli or gzip when the client accepts it, the same JSON each way', async () => {
    const url = `${server.url}/offline-index.json`
    const plain = await rawGet(url, 'identity')
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.headers.vary).toContain('Accept-Encoding')
    const json = plain.body.toString('utf8')
    expect((JSON.parse(json) as OfflineIndex).format).toBe(2)

    const gz = await rawGet(url, 'gzip, deflate')
    expect(gz.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(gz.body).toString('utf8')).toBe(json)
    const br = await rawGet(url, 'gzip, deflate, br')
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.body).toString('utf8')).toBe(json)
    expect(br.headers.etag).toBe(plain.headers.etag)
    expect(br.body.length).toBeLessThan(gz.body.length)
    expect(gz.body.length).toBeLessThan(plain.body.length / 4)
    // A client that refuses Brotli gets gzip; one that accepts only Brotli gets Brotli.
    expect((await rawGet(url, 'br;q=0, gzip')).headers['content-encoding']).toBe('gzip')
    expect((await rawGet(url, 'br')).headers['content-encoding']).toBe('br')
  })

  it('answers on the device as the server answers: the same lead fact, or both abstain', async () => {
    const index = (await (await fetch(`${server.url}/offline-index.json`)).json()) as OfflineIndex
    const device = prepareIndex(index)
    const cookie = await signUpMember(server)
    // A fixed sample: every fifth question of the own set and of the field set's tuning half.
    const own = fs.readFileSync(path.join(ROOT, 'tests/eval/questions.jsonl'), 'utf8').split('\n').filter(Boolean)
    const field = fs
      .readFileSync(path.join(ROOT, 'tests/eval/field-language.jsonl'), 'utf8')
      .split('\n')
      .filter((line) => line.includes('"split":"tune"'))
    const sample = [...own, ...field].filter((_, i) => i % 5 === 0).map((line) => (JSON.parse(line) as { q: string }).q)
    const lead = (answer: string) => (answer.startsWith("I don't know") || answer.startsWith('This product covers') ? 'abstain' : answer.split('\n\n')[0])
    const differing: string[] = []
    for (const question of sample) {
      const online = (await (
        await fetch(`${server.url}/api/search`, { method: 'POST', headers: { ...jsonHeaders(server, cookie) }, body: JSON.stringify({ query: question }) })
      ).json()) as { answer: string }
      const offline = answerOffline(device, question)
      if (lead(online.answer) !== lead(offline.answer)) differing.push(`${question}\n  online:  ${lead(online.answer)}\n  offline: ${lead(offline.answer)}`)
    }
    console.info(`offline/online agreement on ${kind}: ${sample.length - differing.length}/${sample.length}`)
    // The target is 0.9 on the bundled corpus (issue: offline answers from the same engine).
    expect((sample.length - differing.length) / sample.length, differing.join('\n')).toBeGreaterThanOrEqual(0.9)
    expect(answerOffline(device, 'what is the airspeed velocity of an unladen swallow').engine).toBe('scope')
  })

  it('labels pages and page data with a per-session cache partition, never shared', async () => {
    const anon = await fetch(`${server.url}/cheat-sheets`)
    expect(anon.headers.get('x-cache-partition')).toBe('anon')
    const first = await signUpMember(server)
    const second = await signUpMember(server)
    const a = await fetch(`${server.url}/cheat-sheets`, { headers: { cookie: first } })
    const b = await fetch(`${server.url}/cheat-sheets`, { headers: { cookie: second } })
    const pa = a.headers.get('x-cache-partition')
    expect(pa).toMatch(/^[a-f0-9]{32}$/)
    expect(b.headers.get('x-cache-partition')).toMatch(/^[a-f0-9]{32}$/)
    expect(pa).not.toBe(b.headers.get('x-cache-partition'))
    const data = await fetch(`${server.url}/cheat-sheets.data`, { headers: { cookie: first } })
    expect(data.status).toBe(200)
    expect(data.headers.get('x-cache-partition')).toBe(pa)
    // Not cacheable answers stay as they were: the API says no-store and carries no partition.
    const me = await fetch(`${server.url}/api/auth/me`, { headers: { cookie: first } })
    expect(me.headers.get('x-cache-partition')).toBeNull()
  })
})
