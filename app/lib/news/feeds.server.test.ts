import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import { readCorpus } from '../corpus/files.server'
import { loadFeeds, parseFeedList } from './feeds.server'

const CORPUS_FEEDS = path.resolve(import.meta.dirname, '../../../corpus/news/feeds.json')

describe('feed list', () => {
  afterEach(() => {
    delete process.env.NEWS_FEEDS_JSON
    resetConfig()
  })
  it('corpus/news/feeds.json matches the schema and covers every category', () => {
    const feeds = parseFeedList(JSON.parse(fs.readFileSync(CORPUS_FEEDS, 'utf8')))
    expect(feeds.length).toBeGreaterThan(3)
    expect(new Set(feeds.map((f) => f.category))).toEqual(new Set(['scdot', 'osha', 'construction', 'engineering']))
    for (const feed of feeds) if (!feed.verified) expect(feed.note, feed.id).toBeTruthy()
  })
  it('is not read as a search document by the corpus loader', async () => {
    const files = await readCorpus(path.dirname(path.dirname(CORPUS_FEEDS)))
    expect(files.length).toBeGreaterThan(10)
    expect(files.filter((file) => file.path.startsWith('news/'))).toEqual([])
  })
  it('NEWS_FEEDS_JSON overrides the file and disabled feeds are left out', () => {
    process.env.NEWS_FEEDS_JSON = JSON.stringify([
      { id: 'a', name: 'A', url: 'http://127.0.0.1:1/a.xml', category: 'osha', source: 'A' },
      { id: 'b', name: 'B', url: 'http://127.0.0.1:1/b.xml', category: 'scdot', source: 'B', enabled: false },
    ])
    resetConfig()
    expect(loadFeeds().map((f) => f.id)).toEqual(['a'])
  })
  it('refuses bad lists with a clear error', () => {
    expect(() => parseFeedList([{ id: 'a', name: 'A', url: 'ftp://x/feed', category: 'osha', source: 'A' }])).toThrow(/http/)
    expect(() => parseFeedList([{ id: 'a', name: 'A', url: 'https://x/feed', category: 'sports', source: 'A' }])).toThrow()
    const one = { id: 'a', name: 'A', url: 'https://x/feed', category: 'osha', source: 'A' }
    expect(() => parseFeedList([one, one])).toThrow(/unique/)
  })
})
