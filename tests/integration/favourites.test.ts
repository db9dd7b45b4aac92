import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { users } from '../../db/schema'
import {
  addFavourite,
  applyFavouriteAction,
  listFavourites,
  removeFavourite,
  savedRefIds,
} from '../../app/lib/favourites.server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'
import { ROOT } from './server'

process.env.APP_ROOT = ROOT

describe.each(DATABASE_KINDS)('favourites on %s', (kind) => {
  let database: TestDatabase
  let handle: DbHandle
  const pat = randomUUID()
  const sam = randomUUID()

  beforeAll(async () => {
    ;({ database, handle } = await openMigratedTestDatabase(kind))
    await handle.db.insert(users).values([
      { id: pat, email: 'pat@example.test', firstName: 'Pat', lastName: 'One' },
      { id: sam, email: 'sam@example.test', firstName: 'Sam', lastName: 'Two' },
    ])
  })
  afterAll(async () => {
    await handle?.close()
    await database?.cleanup()
  })

  it('adds idempotently, keeping one row and its date while refreshing title and url', async () => {
    const { db } = handle
    const first = await addFavourite(db, pat, { kind: 'document', refId: 'drawing-g501', title: 'G501', url: '/documents#drawing-g501' })
    const second = await addFavourite(db, pat, {
      kind: 'document',
      refId: 'drawing-g501',
      title: 'Guardrail G501',
      url: '/documents?view=drawing-g501',
    })
    expect(second.id).toBe(first.id)
    expect(second.createdAt.getTime()).toBe(first.createdAt.getTime())
    expect(second).toMatchObject({ title: 'Guardrail G501', url: '/documents?view=drawing-g501' })
    // The same refId of another kind, or for another user, is another favourite.
    await addFavourite(db, pat, { kind: 'answer', refId: 'drawing-g501', title: 'An answer', url: '/history/drawing-g501' })
    await addFavourite(db, sam, { kind: 'document', refId: 'drawing-g501', title: 'G501', url: '/documents' })
    const mine = await listFavourites(db, pat)
    expect(mine.map((f) => [f.kind, f.title])).toEqual([
      ['answer', 'An answer'],
      ['document', 'Guardrail G501'],
    ])
    expect([...(await savedRefIds(db, pat, 'document'))]).toEqual(['drawing-g501'])
    expect([...(await savedRefIds(db, pat, 'document', ['drawing-m601', 'drawing-g501']))]).toEqual(['drawing-g501'])
    expect((await savedRefIds(db, pat, 'document', [])).size).toBe(0)
  })

  it('removes only the user’s own favourite', async () => {
    const { db } = handle
    expect(await removeFavourite(db, pat, { kind: 'document', refId: 'drawing-g501' })).toBe(true)
    expect(await removeFavourite(db, pat, { kind: 'document', refId: 'drawing-g501' })).toBe(false)
    expect((await listFavourites(db, pat)).map((f) => f.kind)).toEqual(['answer'])
    expect((await listFavourites(db, sam)).map((f) => f.refId)).toEqual(['drawing-g501'])
  })

  it('applies add and remove actions', async () => {
    const { db } = handle
    const added = await applyFavouriteAction(db, sam, { action: 'add', kind: 'answer', refId: 's-1', title: 'Q', url: '/history/s-1' })
    expect(added).toMatchObject({ saved: true, favourite: { userId: sam, kind: 'answer', refId: 's-1' } })
    expect(await applyFavouriteAction(db, sam, { action: 'remove', kind: 'answer', refId: 's-1' })).toEqual({ saved: false, removed: true })
  })
})
