import { describe, expect, it } from 'vitest'
import { cacheNames, isAppNavigation, isKeptPage, isPrivatePage, kindOf, pagePath, partitionOf, shouldCache, staleCaches } from './cache-policy'

const ORIGIN = 'https://app.example'
const get = (path: string, mode = 'navigate') => ({ method: 'GET', url: `${ORIGIN}${path}`, mode })
const ok = (headers: Record<string, string> = {}, status = 200, type = 'basic') => ({
  status,
  type,
  headers: new Headers(headers),
})
const PARTITION = { 'X-Cache-Partition': 'a'.repeat(32) }

describe('kindOf', () => {
  it('classifies our assets, OCR files, the index, the manifest and offline pages', () => {
    expect(kindOf(get('/assets/root-abc.js'), ORIGIN)).toBe('static')
    expect(kindOf(get('/icons/icon-192.png'), ORIGIN)).toBe('static')
    expect(kindOf(get('/ocr/tesseract-core/5.1.0/x.wasm.js'), ORIGIN)).toBe('ocr')
    expect(kindOf(get('/offline-index.json'), ORIGIN)).toBe('index')
    expect(kindOf(get('/manifest.webmanifest'), ORIGIN)).toBe('manifest')
    for (const page of ['/', '/field-calculations', '/cheat-sheets', '/documents', '/documents.data', '/_root.data', '/ar-inspection']) {
      expect(kindOf(get(page), ORIGIN), page).toBe('page')
    }
  })

  it('never caches other methods, other origins, the API, submissions, admin, history, favourites, auth or the worker', () => {
    expect(kindOf({ method: 'POST', url: `${ORIGIN}/` }, ORIGIN)).toBeNull()
    expect(kindOf({ method: 'PUT', url: `${ORIGIN}/assets/a.js` }, ORIGIN)).toBeNull()
    expect(kindOf({ method: 'DELETE', url: `${ORIGIN}/documents` }, ORIGIN)).toBeNull()
    expect(kindOf({ method: 'GET', url: 'https://cdn.example/assets/a.js' }, ORIGIN)).toBeNull()
    for (const path of [
      '/api/search',
      '/api/auth/me',
      '/api/forms/submissions',
      '/api/forms/templates',
      '/api/dashboard/personalized',
      '/ar-inspection/submissions',
      '/ar-inspection/submissions/abc',
      '/ar-inspection/submissions.data',
      '/admin/emails',
      '/admin/emails.data',
      '/history',
      '/history/123',
      '/history.data',
      '/favourites',
      '/auth',
      '/auth.data',
      '/logout',
      '/entry.worker.js',
      '/some-unknown-page',
    ]) {
      expect(kindOf(get(path), ORIGIN), path).toBeNull()
    }
  })

  it('maps Remix data URLs to their page', () => {
    expect(pagePath('/documents.data')).toBe('/documents')
    expect(pagePath('/_root.data')).toBe('/')
    expect(pagePath('/cheat-sheets')).toBe('/cheat-sheets')
  })
})

describe('shouldCache', () => {
  it('keeps a partitioned page and a plain asset', () => {
    expect(shouldCache(get('/documents'), ok(PARTITION), ORIGIN)).toBe('page')
    expect(shouldCache(get('/assets/a.js', 'cors'), ok({ 'Cache-Control': 'public, max-age=31536000, immutable' }), ORIGIN)).toBe('static')
    expect(shouldCache(get('/offline-index.json', 'cors'), ok({ 'Cache-Control': 'public, no-cache' }), ORIGIN)).toBe('index')
  })

  it('never keeps a page without a valid partition header', () => {
    expect(shouldCache(get('/documents'), ok(), ORIGIN)).toBeNull()
    expect(shouldCache(get('/documents'), ok({ 'X-Cache-Partition': '../../evil' }), ORIGIN)).toBeNull()
    expect(partitionOf(ok({ 'X-Cache-Partition': 'anon' }))).toBe('anon')
  })

  it('never keeps errors, redirects, opaque answers, no-store, Set-Cookie or private non-page answers', () => {
    expect(shouldCache(get('/documents'), ok(PARTITION, 500), ORIGIN)).toBeNull()
    expect(shouldCache(get('/documents'), ok(PARTITION, 404), ORIGIN)).toBeNull()
    expect(shouldCache(get('/'), ok(PARTITION, 302), ORIGIN)).toBeNull()
    expect(shouldCache(get('/assets/a.js'), ok({}, 0, 'opaque'), ORIGIN)).toBeNull()
    expect(shouldCache(get('/documents'), ok({ ...PARTITION, 'Cache-Control': 'no-store' }), ORIGIN)).toBeNull()
    expect(shouldCache(get('/assets/a.js'), ok({ 'Cache-Control': 'private, no-store' }), ORIGIN)).toBeNull()
    expect(shouldCache(get('/documents'), ok({ ...PARTITION, 'Set-Cookie': 'toast=; Max-Age=0' }), ORIGIN)).toBeNull()
    expect(shouldCache(get('/offline-index.json'), ok({ 'Cache-Control': 'private' }), ORIGIN)).toBeNull()
    expect(shouldCache({ method: 'POST', url: `${ORIGIN}/api/search` }, ok(PARTITION), ORIGIN)).toBeNull()
    expect(shouldCache(get('/api/forms/submissions'), ok(PARTITION), ORIGIN)).toBeNull()
    expect(shouldCache(get('/ar-inspection/submissions'), ok(PARTITION), ORIGIN)).toBeNull()
  })
})

describe('cache names', () => {
  it('deletes old versions and other users’ partitions, and nobody else’s caches', () => {
    const names = cacheNames('v2')
    const existing = ['sw-static-v1', names.static, names.ocr, names.index, names.meta, names.page('a'.repeat(32)), names.page('anon'), 'other-app']
    expect(staleCaches(existing, 'v2', 'anon').sort()).toEqual(['sw-pages-v1-' + 'a'.repeat(32), 'sw-static-v1'].sort())
    expect(staleCaches(existing, 'v2', null)).toContain(names.page('anon'))
    expect(staleCaches(existing, 'v2', null)).not.toContain('other-app')
  })
})

describe('page loads answered offline', () => {
  it('every GET page load of our origin goes through the worker, kept or not', () => {
    for (const path of ['/', '/history', '/history/abc', '/favourites', '/ar-inspection/submissions', '/admin/emails', '/auth', '/brand-demo', '/no-such-page']) {
      expect(isAppNavigation(get(path), ORIGIN), path).toBe(true)
    }
  })

  it('but never a form post, a fetch, another origin or the worker script', () => {
    expect(isAppNavigation({ method: 'POST', url: `${ORIGIN}/history`, mode: 'navigate' }, ORIGIN)).toBe(false)
    expect(isAppNavigation(get('/history.data', 'cors'), ORIGIN)).toBe(false)
    expect(isAppNavigation({ method: 'GET', url: 'https://elsewhere.example/history', mode: 'navigate' }, ORIGIN)).toBe(false)
    expect(isAppNavigation(get('/entry.worker.js'), ORIGIN)).toBe(false)
    expect(isAppNavigation({ method: 'GET', url: 'not a url', mode: 'navigate' }, ORIGIN)).toBe(false)
  })

  it('tells private pages (never on the device) from pages kept after a visit', () => {
    for (const path of ['/history', '/history/1', '/history.data', '/favourites', '/ar-inspection/submissions', '/ar-inspection/submissions/x', '/admin/emails']) {
      expect(isPrivatePage(path), path).toBe(true)
      expect(isKeptPage(path), path).toBe(false)
    }
    for (const path of ['/', '/news', '/trends', '/disclosures', '/ar-inspection', '/documents', '/documents.data']) {
      expect(isPrivatePage(path), path).toBe(false)
      expect(isKeptPage(path), path).toBe(true)
    }
    expect(isKeptPage('/auth')).toBe(false)
    expect(isPrivatePage('/auth')).toBe(false)
  })
})
