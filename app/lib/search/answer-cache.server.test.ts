import { describe, expect, it } from 'vitest'
import { loadConfig } from '~/lib/config.server'
import { AnswerCache, answerCacheEnabled, frozen } from './answer-cache.server'

function setup(options: { max?: number; recheckMs?: number } = {}) {
  let version = 'v1'
  let versionReads = 0
  let clock = 0
  const cache = new AnswerCache<string>(
    async () => {
      versionReads++
      return version
    },
    { now: () => clock, ...options },
  )
  let computed = 0
  const answer = (key: string, cacheable = true) =>
    cache.get(key, async () => {
      computed++
      return { value: `${key}@${version}#${computed}`, cacheable }
    })
  return {
    cache,
    answer,
    computed: () => computed,
    versionReads: () => versionReads,
    setVersion: (v: string) => (version = v),
    advance: (ms: number) => (clock += ms),
  }
}

describe('AnswerCache', () => {
  it('answers a repeated key from the cache', async () => {
    const t = setup()
    const first = await t.answer('q')
    expect(await t.answer('q')).toBe(first)
    expect(t.computed()).toBe(1)
    expect(await t.answer('other')).not.toBe(first)
    expect(t.computed()).toBe(2)
  })

  it('reads the corpus version at most once per recheck interval', async () => {
    const t = setup({ recheckMs: 5_000 })
    await t.answer('q')
    await t.answer('q')
    t.advance(4_999)
    await t.answer('q')
    expect(t.versionReads()).toBe(1)
    t.advance(1)
    await t.answer('q')
    expect(t.versionReads()).toBe(2)
  })

  it('misses after the corpus version changes (once the recheck is due)', async () => {
    const t = setup({ recheckMs: 5_000 })
    expect(await t.answer('q')).toBe('q@v1#1')
    t.setVersion('v2')
    // Within the recheck interval the old answer stands (as for the spelling vocabulary).
    expect(await t.answer('q')).toBe('q@v1#1')
    t.advance(5_000)
    expect(await t.answer('q')).toBe('q@v2#2')
    expect(t.cache.size).toBe(1)
  })

  it('does not keep an answer computed while the corpus version changed', async () => {
    let version = 'v1'
    let clock = 0
    const cache = new AnswerCache<string>(async () => version, { now: () => clock, recheckMs: 10 })
    let release!: () => void
    const slow = cache.get('q', () => new Promise((resolve) => (release = () => resolve({ value: 'old', cacheable: true }))))
    await new Promise((r) => setTimeout(r, 0))
    version = 'v2'
    clock = 10
    expect(await cache.get('other', async () => ({ value: 'new', cacheable: true }))).toBe('new')
    release()
    expect(await slow).toBe('old')
    await new Promise((r) => setTimeout(r, 0))
    expect(await cache.get('q', async () => ({ value: 'fresh', cacheable: true }))).toBe('fresh')
  })

  it('keeps at most max entries, evicting the least recently used', async () => {
    const t = setup({ max: 3 })
    await t.answer('a')
    await t.answer('b')
    await t.answer('c')
    await t.answer('a') // a is now the most recently used
    await t.answer('d') // evicts b
    expect(t.cache.size).toBe(3)
    const before = t.computed()
    await t.answer('a')
    await t.answer('c')
    await t.answer('d')
    expect(t.computed()).toBe(before)
    await t.answer('b')
    expect(t.computed()).toBe(before + 1)
    expect(t.cache.size).toBe(3)
  })

  it('does not keep an answer marked not cacheable', async () => {
    const t = setup()
    await t.answer('q', false)
    await t.answer('q', false)
    expect(t.computed()).toBe(2)
    expect(t.cache.size).toBe(0)
  })

  it('shares one computation between concurrent requests for the same key', async () => {
    const t = setup()
    const answers = await Promise.all([t.answer('q'), t.answer('q'), t.answer('q')])
    expect(new Set(answers).size).toBe(1)
    expect(t.computed()).toBe(1)
  })

  it('does not cache a failed computation', async () => {
    const cache = new AnswerCache<string>(async () => 'v1')
    await expect(cache.get('q', () => Promise.reject(new Error('down')))).rejects.toThrow('down')
    expect(await cache.get('q', async () => ({ value: 'ok', cacheable: true }))).toBe('ok')
  })

  it('answers without the cache when the corpus version cannot be read', async () => {
    const cache = new AnswerCache<string>(() => Promise.reject(new Error('db down')))
    expect(await cache.get('q', async () => ({ value: 'ok', cacheable: true }))).toBe('ok')
    expect(cache.size).toBe(0)
  })
})

describe('answer cache helpers', () => {
  it('is on unless SEARCH_ANSWER_CACHE=0', () => {
    expect(answerCacheEnabled(loadConfig({}))).toBe(true)
    expect(answerCacheEnabled(loadConfig({ SEARCH_ANSWER_CACHE: '1' }))).toBe(true)
    expect(answerCacheEnabled(loadConfig({ SEARCH_ANSWER_CACHE: '0' }))).toBe(false)
  })

  it('freezes a cached answer deeply', () => {
    const value = frozen({ sources: [{ title: 'Section 401' }] })
    expect(Object.isFrozen(value.sources[0])).toBe(true)
    expect(() => {
      ;(value.sources as { title: string }[]).push({ title: 'x' })
    }).toThrow()
  })
})
