import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { preparedStatements } from './pglite-statements.mjs'
import { PGliteThread } from './pglite-thread'

type Query = PGlite['query']

const named = async (db: Pick<PGlite, 'query'>) =>
  (await db.query<{ name: string; statement: string }>('select name, statement from pg_prepared_statements order by name')).rows

describe('prepared statements on PGlite', () => {
  let db: PGlite
  let query: Query
  let plain: Query

  beforeAll(async () => {
    db = await PGlite.create()
    plain = db.query.bind(db) as Query
    query = preparedStatements(db, plain, { max: 3 }) as Query
    expect(query).not.toBeNull()
    await db.exec(`create table items (id int primary key, label text, size numeric); insert into items values (1, 'drum', 36), (2, 'cone', 28)`)
  })
  afterAll(async () => {
    await db.close()
  })

  it('prepares a statement the second time it runs, with the same rows, types and parsers', async () => {
    const text = 'select id, label, size from items where id = any($1::int[]) order by id'
    const first = await query(text, [[1, 2]])
    expect((await named(db)).map((s) => s.statement)).not.toContain(text)
    const second = await query(text, [[1, 2]])
    const third = await query(text, [[2]], { rowMode: 'array' })
    expect((await named(db)).map((s) => s.statement)).toContain(text)
    expect(second).toEqual(first)
    expect(first.rows).toEqual([
      { id: 1, label: 'drum', size: '36' },
      { id: 2, label: 'cone', size: '28' },
    ])
    expect(third.rows).toEqual([[2, 'cone', '28']])
    expect(third.fields.map((f) => f.name)).toEqual(['id', 'label', 'size'])
    const raw = await query(text, [[1]], { parsers: { 23: (value: string) => `raw ${value}` } })
    expect(raw.rows).toEqual([{ id: 'raw 1', label: 'drum', size: '36' }])
  })

  it('keeps at most `max` statements, closing the least recently used', async () => {
    for (let n = 0; n < 5; n++) {
      await query(`select ${n} as n`)
      await query(`select ${n} as n`)
    }
    const open = (await named(db)).map((s) => s.statement)
    expect(open).toEqual(expect.arrayContaining(['select 2 as n', 'select 3 as n', 'select 4 as n']))
    expect(open).toHaveLength(3)
  })

  it('raises the database error of a prepared statement with its code, and the connection stays usable', async () => {
    const text = 'select 10 / $1::int as q'
    await query(text, [2])
    expect((await query(text, [5])).rows).toEqual([{ q: 2 }])
    await expect(query(text, [0])).rejects.toMatchObject({ code: '22012', query: text })
    expect((await query(text, [10])).rows).toEqual([{ q: 1 }])
  })

  it('re-runs unprepared when a schema change alters the columns of a prepared statement', async () => {
    await db.exec(`create table notes (id int, body text); insert into notes values (1, 'a')`)
    const text = 'select * from notes'
    await query(text)
    await query(text)
    await db.exec(`alter table notes add column author text`)
    expect((await query(text)).rows).toEqual([{ id: 1, body: 'a', author: null }])
    expect((await query(text)).fields.map((f) => f.name)).toEqual(['id', 'body', 'author'])
  })

  it('waits for an open transaction instead of running inside it', async () => {
    const text = 'select count(*)::int as n from items'
    await query(text)
    let inserted!: () => void
    const insertedOnce = new Promise<void>((resolve) => (inserted = resolve))
    let commit!: () => void
    const transaction = db.transaction(async (tx) => {
      await tx.query(`insert into items values (3, 'barricade', 96)`)
      inserted()
      await new Promise<void>((resolve) => (commit = resolve))
    })
    await insertedOnce
    const counted = query(text)
    let settled = false
    void counted.then(() => (settled = true))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(settled).toBe(false)
    commit()
    await transaction
    expect((await counted).rows).toEqual([{ n: 3 }])
  })
})

describe('prepared statements in the database thread', () => {
  const dirs: string[] = []
  afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })))

  for (const prepare of [true, false]) {
    it(`prepares repeated statements outside a transaction only when asked (prepare: ${prepare})`, async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-statements-'))
      dirs.push(dir)
      const thread = await PGliteThread.start(dir, { prepare })
      try {
        const text = 'select $1::int + 1 as n'
        await thread.query(text, [1])
        expect((await thread.query(text, [2])).rows).toEqual([{ n: 3 }])
        await thread.transaction(async (tx) => {
          await tx.query('select $1::int * 2 as m', [1])
          await tx.query('select $1::int * 2 as m', [2])
        })
        const open = (await named(thread)).map((s) => s.statement)
        expect(open).toEqual(prepare ? [text] : [])
      } finally {
        await thread.close()
      }
      // A new cluster in a new thread (initdb in WebAssembly): over 5 s beside typecheck and lint on two cores.
    }, 60_000)
  }
})
