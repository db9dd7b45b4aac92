import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { favourites, formSubmissions, searches, users } from '../../db/schema'
import { mergeGuestInto } from '../../app/lib/auth/users.server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

// A guest who signs in to an existing account hands over everything made as a guest, then the guest row goes.
describe.each(DATABASE_KINDS)('a guest signing in to an account on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle
  const guest = randomUUID()
  const member = randomUUID()

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
    await handle.db.insert(users).values([
      { id: guest, firstName: 'Guest', lastName: '', isGuest: true, searchCount: 2 },
      { id: member, email: 'kim@example.test', firstName: 'Kim', lastName: 'Lee', searchCount: 5 },
    ])
    await handle.db.insert(searches).values({ id: randomUUID(), userId: guest, query: 'tack rate', confidence: 'high', topics: [], result: {} })
    await handle.db.insert(favourites).values([
      { id: randomUUID(), userId: guest, kind: 'document', refId: 'drawing-g501', title: 'G501', url: '/documents#drawing-g501' },
      { id: randomUUID(), userId: guest, kind: 'document', refId: 'drawing-p401', title: 'P401', url: '/documents#drawing-p401' },
      { id: randomUUID(), userId: member, kind: 'document', refId: 'drawing-p401', title: 'P401', url: '/documents#drawing-p401' },
    ])
    await handle.db.insert(formSubmissions).values({
      id: randomUUID(),
      userId: guest,
      formId: '400.04',
      formName: 'Hot Mix Asphalt Construction Daily Report',
      data: { date: '2026-11-20', projectNumber: '12-345' },
      inputMethod: 'manual',
    })
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('moves searches, favourites and saved inspection forms to the member and adds the search count', async () => {
    await mergeGuestInto(handle.db, guest, member)
    const forms = await handle.db.select().from(formSubmissions).where(eq(formSubmissions.userId, member))
    expect(forms.map((form) => form.data)).toEqual([{ date: '2026-11-20', projectNumber: '12-345' }])
    expect(await handle.db.select().from(searches).where(eq(searches.userId, member))).toHaveLength(1)
    const saved = await handle.db.select().from(favourites).where(eq(favourites.userId, member))
    expect(saved.map((row) => row.refId).sort()).toEqual(['drawing-g501', 'drawing-p401'])
    const [row] = await handle.db.select().from(users).where(eq(users.id, member))
    expect(row?.searchCount).toBe(7)
    expect(await handle.db.select().from(users).where(eq(users.id, guest))).toHaveLength(0)
    expect(await handle.db.select().from(favourites).where(eq(favourites.userId, guest))).toHaveLength(0)
  })
})
