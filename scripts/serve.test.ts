import { describe, expect, it } from 'vitest'
import { serverProcesses } from './serve.mjs'

describe('serverProcesses', () => {
  it('runs one server process per core on PostgreSQL, or WEB_CONCURRENCY of them', () => {
    expect(serverProcesses({ DATABASE_URL: 'postgres://db/app' }, 4)).toEqual({ count: 4, warning: null })
    expect(serverProcesses({ DATABASE_URL: 'postgres://db/app', WEB_CONCURRENCY: '3' }, 2)).toEqual({ count: 3, warning: null })
    expect(serverProcesses({ DATABASE_URL: 'postgres://db/app', WEB_CONCURRENCY: '1' }, 8)).toEqual({ count: 1, warning: null })
  })

  it('runs one process on the embedded database, and says so when WEB_CONCURRENCY asks for more', () => {
    expect(serverProcesses({}, 8)).toEqual({ count: 1, warning: null })
    expect(serverProcesses({ DATABASE_URL: '' }, 8)).toEqual({ count: 1, warning: null })
    const { count, warning } = serverProcesses({ WEB_CONCURRENCY: '4' }, 8)
    expect(count).toBe(1)
    expect(warning).toMatch(/WEB_CONCURRENCY=4 needs DATABASE_URL/)
  })

  it('refuses a WEB_CONCURRENCY that is not a whole number from 1 to 64', () => {
    for (const bad of ['0', '-2', '1.5', 'many', '65']) {
      expect(() => serverProcesses({ DATABASE_URL: 'postgres://db/app', WEB_CONCURRENCY: bad }, 2)).toThrow(/WEB_CONCURRENCY must be a whole number from 1 to 64/)
    }
  })
})
