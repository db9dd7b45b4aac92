import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { WEATHER_REQUEST_TIMEOUT_MS } from '../app/lib/weather/constants'
import { config, ConfigError, loadConfig, resetConfig, settingMeta, SETTINGS } from './settings.mjs'

const ROOT = path.resolve(import.meta.dirname, '..')

/** The README's configuration table: each row's variables and its default cell. */
function readmeRows(): Array<{ names: string[]; defaults: string }> {
  const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('\n## Configuration'), readme.indexOf('\n## ', readme.indexOf('\n## Configuration') + 1))
  return section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const [names = '', defaults = ''] = line.split(' | ')
      return { names: [...names.matchAll(/`([A-Z][A-Z0-9_]*)`/g)].map((m) => m[1]!), defaults: defaults.trim() }
    })
}

const documented = Object.keys(SETTINGS).filter((name) => !settingMeta(name)?.internal)

/** Whether a README default cell says what the schema's default is. */
function cellProblem(name: string, cell: string): string | null {
  const value: unknown = loadConfig({ APP_ROOT: '/app' })[name as keyof typeof SETTINGS]
  const meta = settingMeta(name)!
  if (meta.shown) {
    if (cell !== meta.shown) return `README says '${cell}', the schema shows '${meta.shown}'`
    const relative = /^`\.\/(.+)`$/.exec(meta.shown)?.[1]
    if (relative && value !== path.join('/app', relative)) return `the default is ${String(value)}, not ./${relative}`
    return null
  }
  if (value === undefined || (Array.isArray(value) && value.length === 0)) return cell === 'unset' ? null : `README says '${cell}', the schema has no default`
  const expected = typeof value === 'boolean' ? (value ? 'on' : 'off') : String(value)
  const said = typeof value === 'number' ? cell.split(' ')[0] : cell.replaceAll('`', '')
  return said === expected ? null : `README says '${cell}', the schema's default is ${expected}`
}

describe('the README configuration table and the schema', () => {
  const rows = readmeRows()

  it('finds the table', () => {
    expect(rows.length).toBeGreaterThan(30)
  })

  it('lists every setting exactly once, and nothing the schema does not read', () => {
    const inReadme = rows.flatMap((row) => row.names)
    expect(inReadme.filter((name, index) => inReadme.indexOf(name) !== index)).toEqual([])
    expect([...inReadme].sort()).toEqual([...documented].sort())
  })

  it('gives the schema defaults', () => {
    const problems = rows.flatMap(({ names, defaults }) => {
      // "a, b, c" gives one default per variable; a single value applies to each.
      const parts = defaults.split(', ')
      const cells = parts.length === names.length ? parts : names.map(() => defaults)
      return names.flatMap((name, i) => {
        const problem = cellProblem(name, cells[i]!)
        return problem ? [`${name}: ${problem}`] : []
      })
    })
    expect(problems).toEqual([])
  })

  it('the browser-side weather time limit is built on the same default', () => {
    expect(loadConfig({}).WEATHER_TIMEOUT_MS).toBe(WEATHER_REQUEST_TIMEOUT_MS)
  })
})

describe('loadConfig', () => {
  it('gives a frozen object with defaults, folders resolved from the project folder', () => {
    const settings = loadConfig({ APP_ROOT: '/srv/app', CORPUS_DIR: 'books' })
    expect(Object.isFrozen(settings)).toBe(true)
    expect(settings).toMatchObject({
      PORT: 3000,
      DATA_DIR: '/srv/app/data',
      CORPUS_DIR: '/srv/app/books',
      NEWS_FEEDS_FILE: '/srv/app/books/news/feeds.json',
      LOG_LEVEL: 'info',
      TRUST_PROXY: false,
      NEWS_FETCH: true,
    })
  })

  it('treats an empty value as unset and trims values', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: ' ', NEWS_FETCH: ' OFF ', ADMIN_EMAILS: ' a@x.test , ,b@x.test' })).toMatchObject({
      PORT: 3000,
      DATABASE_URL: undefined,
      NEWS_FETCH: false,
      ADMIN_EMAILS: ['a@x.test', 'b@x.test'],
    })
  })

  it('stops on a bad value with one message naming each variable and what it allows', () => {
    let error: unknown
    try {
      loadConfig({ PORT: 'eighty', RATE_LIMIT_SIGNIN_PER_IP: '0', TRUST_PROXY: 'yes', LOG_LEVEL: 'loud', GEOCODER_URL: 'ftp://geo' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    expect((error as ConfigError).problems).toEqual([
      "PORT must be a whole number from 0 to 65535, not 'eighty'.",
      "TRUST_PROXY must be 1 (on) or 0 (off), not 'yes'.",
      "LOG_LEVEL must be fatal, error, warn, info, debug, trace, silent, not 'loud'.",
      "RATE_LIMIT_SIGNIN_PER_IP must be a whole number from 1 to 1000000000, not '0'.",
      "GEOCODER_URL must be an http:// or https:// address, not 'ftp://geo'.",
    ])
    expect((error as Error).message).toMatch(/^The configuration is not valid:\n {2}- PORT must be/)
  })

  it('never shows the value of a secret', () => {
    const secret = 'mysql://admin:hunter2-secret@db.internal/app'
    expect(() => loadConfig({ DATABASE_URL: secret })).toThrow('DATABASE_URL must be a postgres:// or postgresql:// address (its value is not shown: it is a secret).')
    try {
      loadConfig({ DATABASE_URL: secret })
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2')
    }
    for (const name of ['DATABASE_URL', 'SESSION_SECRET', 'OPENAI_API_KEY', 'VISION_API_KEY', 'VAPID_PRIVATE_KEY']) {
      expect(settingMeta(name)?.secret, name).toBe(true)
    }
  })

  it('checks settings that depend on each other', () => {
    expect(() => loadConfig({ EMBEDDINGS_MODEL: 'nomic', OPENAI_API_KEY: 'k' })).toThrow(/EMBEDDINGS_MODEL needs OPENAI_BASE_URL and OPENAI_API_KEY as well/)
  })
})

describe('config()', () => {
  const saved = process.env.DATABASE_POOL_SIZE
  afterEach(() => {
    if (saved === undefined) delete process.env.DATABASE_POOL_SIZE
    else process.env.DATABASE_POOL_SIZE = saved
    resetConfig()
  })

  it('parses the environment once, until resetConfig()', () => {
    process.env.DATABASE_POOL_SIZE = '7'
    resetConfig()
    const first = config()
    expect(first.DATABASE_POOL_SIZE).toBe(7)
    process.env.DATABASE_POOL_SIZE = '8'
    expect(config()).toBe(first)
    resetConfig()
    expect(config().DATABASE_POOL_SIZE).toBe(8)
  })
})
