import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '../../config/settings.mjs'
import { closeDatabase, getDatabase } from '../../db/client'
import { searches, users } from '../../db/schema'
import { createSession } from '../../app/lib/auth/session.server'
import { recordSearch } from '../../app/lib/search/history.server'
import { toastSessionStorage } from '../../app/lib/toast.server'
import * as adminCsv from '../../app/routes/admin.emails[.]csv'
import * as adminEmails from '../../app/routes/admin.emails'
import * as favouritesRoute from '../../app/routes/favourites'
import * as history from '../../app/routes/history'
import * as historyEntry from '../../app/routes/history_.$id'
import { DATABASE_KINDS, createTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

/**
 * The loaders and actions of /history, /history/:id, /favourites and /admin/emails(.csv), called as
 * functions on a real database: paging, ownership, redirects, status codes and flashed toasts.
 */
process.env.APP_ROOT = ROOT
const ORIGIN = 'http://localhost'

type Args = Parameters<typeof history.loader>[0]

function args(path: string, cookie: string | null, init: RequestInit = {}, params: Record<string, string> = {}): Args {
  const headers = new Headers(init.headers)
  if (cookie) headers.set('cookie', cookie)
  return { request: new Request(`${ORIGIN}${path}`, { ...init, headers }), params, context: {} }
}

function post(path: string, cookie: string | null, form: Record<string, string>, origin = ORIGIN): Args {
  return args(path, cookie, { method: 'POST', body: new URLSearchParams(form), headers: { origin } })
}

/** What a loader or action threw (a Response), or fails when it returned. */
async function thrown(work: Promise<unknown>): Promise<Response> {
  try {
    await work
  } catch (error) {
    if (error instanceof Response) return error
    throw error
  }
  throw new Error('expected a thrown Response')
}

async function flashedToast(response: Response): Promise<unknown> {
  const cookie = response.headers.get('set-cookie') ?? ''
  const session = await toastSessionStorage.getSession(cookie.split(';')[0])
  return session.get('toast')
}

describe.each(DATABASE_KINDS)('history, favourites and admin routes on %s', (kind) => {
  let database: TestDatabase
  const saved = { DATA_DIR: process.env.DATA_DIR, DATABASE_URL: process.env.DATABASE_URL }
  const pat = randomUUID()
  const sam = randomUUID()
  const boss = randomUUID()
  const cookies: Record<string, string> = {}
  const patSearches: string[] = []
  let samSearch = ''

  beforeAll(async () => {
    database = await createTestDatabase(kind, { migrated: true })
    process.env.DATA_DIR = database.env.DATA_DIR ?? ''
    process.env.DATABASE_URL = database.env.DATABASE_URL ?? ''
    resetConfig()
    const { db } = await getDatabase()
    await db.insert(users).values([
      { id: pat, email: 'pat@example.test', firstName: 'Pat', lastName: 'Field', newsEmailOptIn: true, createdAt: new Date('2026-01-01T12:00:00Z') },
      { id: sam, email: 'sam@example.test', firstName: 'Sam', lastName: 'Site', createdAt: new Date('2026-02-01T12:00:00Z') },
      { id: boss, email: 'boss@example.test', firstName: 'Bo', lastName: 'Boss', role: 'admin', createdAt: new Date('2026-03-01T12:00:00Z') },
    ])
    for (const [name, id] of Object.entries({ pat, sam, boss })) {
      cookies[name] = (await createSession(db, id, new Request(ORIGIN))).split(';')[0]!
    }
    for (let i = 0; i < 25; i++) {
      const row = await recordSearch(
        db,
        pat,
        { query: `question ${i}`, confidence: i % 2 ? 'high' : 'low', result: { answer: `answer ${i}` } },
        new Date(Date.UTC(2026, 3, 1, 0, i)),
      )
      patSearches.push(row.id)
    }
    samSearch = (await recordSearch(db, sam, { query: 'sam asks', confidence: 'medium', result: {} })).id
  })
  afterAll(async () => {
    await closeDatabase()
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key]
      else process.env[key] = value
      resetConfig()
    }
    await database?.cleanup()
  })

  it('sends signed-out visitors to sign in', async () => {
    for (const loader of [history.loader, favouritesRoute.loader, adminEmails.loader]) {
      const response = await thrown(loader(args('/x', null)))
      expect(response.status).toBe(302)
      expect(response.headers.get('location')).toBe('/auth?tab=signin')
    }
    const entry = await thrown(historyEntry.loader(args(`/history/${samSearch}`, null, {}, { id: samSearch })))
    expect(entry.headers.get('location')).toBe('/auth?tab=signin')
  })

  it('pages the history 20 at a time, newest first', async () => {
    const first = await history.loader(args('/history', cookies.pat!))
    expect(first).toMatchObject({ total: 25, page: 1, pageCount: 2 })
    expect(first.searches).toHaveLength(20)
    expect(first.searches[0]).toEqual({ id: patSearches[24], query: 'question 24', confidence: 'low', createdAt: '2026-04-01T00:24:00.000Z' })
    const second = await history.loader(args('/history?page=2', cookies.pat!))
    expect(second.searches.map((s) => s.query)).toEqual(['question 4', 'question 3', 'question 2', 'question 1', 'question 0'])
    // A page that is not a whole number in range is the client's mistake: a 400, never a 500 (1e20 used to overflow).
    for (const page of ['abc', '1e20', '9223372036854775808', '0']) expect((await thrown(history.loader(args(`/history?page=${page}`, cookies.pat!)))).status).toBe(400)
    expect((await history.loader(args('/history?page=', cookies.pat!))).page).toBe(1)
    const past = await thrown(history.loader(args('/history?page=9', cookies.pat!)))
    expect(past.headers.get('location')).toBe('/history?page=2')
    const empty = await history.loader(args('/history', cookies.boss!))
    expect(empty).toMatchObject({ total: 0, page: 1, pageCount: 1, searches: [] })
  })

  it('opens only the user’s own search, with its favourite state', async () => {
    const id = patSearches[3]!
    const entry = await historyEntry.loader(args(`/history/${id}`, cookies.pat!, {}, { id }))
    expect(entry).toMatchObject({ search: { id, query: 'question 3', confidence: 'high' }, view: { answer: 'answer 3' }, saved: false })
    await favouritesRoute.action(
      post('/favourites', cookies.pat!, { intent: 'add', kind: 'answer', refId: id, title: 'question 3', url: `/history/${id}` }),
    )
    expect((await historyEntry.loader(args(`/history/${id}`, cookies.pat!, {}, { id }))).saved).toBe(true)
    const other = await thrown(historyEntry.loader(args(`/history/${samSearch}`, cookies.pat!, {}, { id: samSearch })))
    expect(other.status).toBe(404)
    expect(await other.json()).toEqual({ message: 'Search not found.' })
  })

  it('deletes only the user’s own searches, with a toast', async () => {
    const { db } = await getDatabase()
    const notMine = await history.action(post('/history', cookies.pat!, { intent: 'delete', id: samSearch }))
    expect(notMine.headers.get('location')).toBe('/history')
    expect(await flashedToast(notMine)).toMatchObject({ title: 'Search not found', variant: 'destructive' })
    expect(await db.select().from(searches).where(eq(searches.id, samSearch))).toHaveLength(1)

    const id = patSearches[0]!
    const deleted = await history.action(post('/history', cookies.pat!, { intent: 'delete', id, redirectTo: '/history?page=2' }))
    expect(deleted.status).toBe(302)
    expect(deleted.headers.get('location')).toBe('/history?page=2')
    expect(await flashedToast(deleted)).toMatchObject({ title: 'Search deleted' })
    expect(await db.select().from(searches).where(eq(searches.id, id))).toHaveLength(0)

    expect((await thrown(history.action(post('/history', cookies.pat!, { id })))).status).toBe(400)
    expect((await thrown(history.action(post('/history', null, { intent: 'delete', id })))).status).toBe(401)
    const crossSite = await thrown(history.action(post('/history', cookies.pat!, { intent: 'delete', id: patSearches[1]! }, 'https://evil.test')))
    expect(crossSite.status).toBe(403)
  })

  it('adds and removes favourites through the form, returning where it was sent from', async () => {
    const add = await favouritesRoute.action(
      post('/favourites', cookies.sam!, {
        intent: 'add',
        kind: 'document',
        refId: 'drawing-g501',
        title: 'Guardrail G501',
        url: '/documents#drawing-g501',
        redirectTo: '/documents',
      }),
    )
    expect(add.headers.get('location')).toBe('/documents')
    expect(await flashedToast(add)).toMatchObject({ title: 'Saved to favourites', description: 'Guardrail G501' })
    expect((await favouritesRoute.loader(args('/favourites', cookies.sam!))).favourites.map((f) => f.refId)).toEqual(['drawing-g501'])

    const remove = await favouritesRoute.action(
      post('/favourites', cookies.sam!, { intent: 'remove', kind: 'document', refId: 'drawing-g501', redirectTo: 'https://evil.test/' }),
    )
    expect(remove.headers.get('location')).toBe('/favourites')
    expect(await flashedToast(remove)).toMatchObject({ title: 'Removed from favourites' })
    expect((await favouritesRoute.loader(args('/favourites', cookies.sam!))).favourites).toEqual([])

    const bad = await thrown(
      favouritesRoute.action(post('/favourites', cookies.sam!, { intent: 'add', kind: 'document', refId: 'x', title: 'X', url: 'javascript:alert(1)' })),
    )
    expect(bad.status).toBe(400)
  })

  it('keeps /admin/emails and its CSV for administrators', async () => {
    const refused = await thrown(adminEmails.loader(args('/admin/emails', cookies.pat!)))
    expect(refused.status).toBe(403)
    expect(await refused.json()).toEqual({ message: 'Administrators only.' })
    expect((await thrown(adminCsv.loader(args('/admin/emails.csv', cookies.pat!)))).status).toBe(403)
    expect((await thrown(adminCsv.loader(args('/admin/emails.csv', null)))).status).toBe(401)

    const page = await adminEmails.loader(args('/admin/emails?q=%20PAT%20&page=4', cookies.boss!))
    expect(page).toMatchObject({ filter: { q: 'PAT', optedIn: false }, total: 1, optedIn: 1, page: 1, pageCount: 1 })
    expect(page.members).toEqual([
      { email: 'pat@example.test', firstName: 'Pat', lastName: 'Field', createdAt: '2026-01-01T12:00:00.000Z', newsEmailOptIn: true },
    ])
    const everyone = await adminEmails.loader(args('/admin/emails', cookies.boss!))
    expect(everyone.members.map((m) => m.email)).toEqual(['boss@example.test', 'sam@example.test', 'pat@example.test'])

    const csv = (await adminCsv.loader(args('/admin/emails.csv?optedIn=1', cookies.boss!))) as Response
    expect(csv.status).toBe(200)
    expect(csv.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="members.csv"')
    expect(await csv.text()).toBe(
      'email,first_name,last_name,signed_up,news_opt_in\r\npat@example.test,Pat,Field,2026-01-01T12:00:00.000Z,true\r\n',
    )
  })
})
