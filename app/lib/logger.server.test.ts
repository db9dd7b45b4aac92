import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createLogger, loggableUrl, scrubText, serializeError } from './logger.server'

function capture() {
  const lines: string[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk))
      done()
    },
  })
  return { logger: createLogger(destination, { level: 'info' }), text: () => lines.join('') }
}

const HASH = 'scrypt$32768$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo'

describe('log redaction', () => {
  it('drops the parameter values of a failed query and keeps its SQL, code and cause', () => {
    const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), {
      code: '22021',
      query: 'insert into "users" ("email", "password_hash") values ($1, $2)',
      params: ['pat@example.test', HASH],
    })
    const error = new Error(`Failed query: insert into "users" ("email", "password_hash") values ($1, $2)\nparams: pat@example.test,${HASH}`, { cause })
    const { logger, text } = capture()
    logger.error({ err: error }, 'unhandled error')
    const out = text()
    expect(out).not.toContain('pat@example.test')
    expect(out).not.toContain(HASH)
    expect(out).not.toContain('aGFzaGhhc2hoYXNo')
    expect(out).toContain('Failed query: insert into')
    expect(out).toContain('params: [not logged]')
    expect(out).toContain('22021')
    expect(out).toContain('invalid byte sequence')
  })

  it('copies no other property of an error', () => {
    const error = Object.assign(new Error('boom'), { parameters: ['secret-1'], args: ['secret-2'], user: { passwordHash: HASH } })
    expect(JSON.stringify(serializeError(error))).not.toMatch(/secret-1|secret-2|scrypt/)
  })

  it('censors secret-named fields and secret-looking text anywhere in a record', () => {
    const { logger, text } = capture()
    logger.warn({ password: 'hunter22', user: { passwordHash: HASH, email: 'x' }, headers: { cookie: 'sid=abc', authorization: 'Bearer t0ken' } }, `hash ${HASH}`)
    logger.info({ detail: 'Authorization: Bearer abc.def.ghi' }, 'x')
    const out = text()
    for (const secret of ['hunter22', HASH, 'sid=abc', 't0ken']) expect(out).not.toContain(secret)
    expect(scrubText('token Bearer abc.def.ghi here')).toBe('token [redacted] here')
  })

  it('keeps harmless query values and redacts the rest in logged URLs', () => {
    expect(loggableUrl('/history?page=2')).toBe('/history?page=2')
    expect(loggableUrl('http://x/reset?token=abc123&page=1')).toBe('http://x/reset?token=[redacted]&page=1')
    expect(loggableUrl('/?q=my%20question&mode=photo&email=pat%40example.test')).toBe('/?q=[redacted]&mode=photo&email=[redacted]')
    expect(loggableUrl('/healthz')).toBe('/healthz')
  })
})
