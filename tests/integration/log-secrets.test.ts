/**
 * No secret reaches the log. A real failing insert (a NUL the database refuses) carries an email and a
 * password hash in its parameters: logged as the app logs errors, neither appears. (What a running
 * server logs is checked by hostile-input.test.ts, on the server it sends hostile requests to.)
 */
import { randomUUID } from 'node:crypto'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DbHandle } from '../../db/client'
import { users } from '../../db/schema'
import { createLogger } from '../../app/lib/logger.server'
import { DATABASE_KINDS, openMigratedTestDatabase, type TestDatabase } from './databases'

const HASH = 'scrypt$32768$8$1$bG9nLXRlc3Qtc2FsdA$bG9nLXRlc3QtaGFzaC12YWx1ZQ'

describe.each(DATABASE_KINDS)('log secrets on %s', (kind) => {
  describe('a failed insert', () => {
    let database: TestDatabase
    let handle: DbHandle
    beforeAll(async () => {
      ;({ database, handle } = await openMigratedTestDatabase(kind))
    })
    afterAll(async () => {
      await handle?.close()
      await database?.cleanup()
    })

    it('is logged with its SQL and the database error, without the email or the hash', async () => {
      const email = `secret-${randomUUID()}@example.test`
      const failure = await handle.db
        .insert(users)
        .values({ id: randomUUID(), email, firstName: 'A\u0000B', lastName: 'C', passwordHash: HASH })
        .then(() => null)
        .catch((error: unknown) => error)
      expect(failure, 'the database refuses NUL').toBeInstanceOf(Error)
      // The unredacted error does carry the secrets: this is what must not be written.
      expect(`${(failure as Error).message}`).toContain(HASH)

      const lines: string[] = []
      const logger = createLogger(new Writable({ write: (chunk, _e, done) => (lines.push(String(chunk)), done()) }), { level: 'info' })
      logger.error({ err: failure }, 'unhandled error')
      logger.error(failure as Error)
      const out = lines.join('')
      expect(out).toContain('Failed query: insert into')
      expect(out).not.toContain(email)
      expect(out).not.toContain(HASH)
      expect(out).not.toContain('bG9nLXRlc3QtaGFzaC12YWx1ZQ')
    })
  })
})
