import { describe, expect, it } from 'vitest'
import { parseDateRange, type DateRange } from './date-range'
import { articlesIn, changePercent, computeFigures, formatChange, keyMetricsOf, mostActiveSource, reportable, topTopics, type NewsArticle, type SearchAggregate } from './metrics'

function range(text = '2024-2025'): DateRange {
  const parsed = parseDateRange(text)
  if (!parsed.ok) throw new Error(parsed.message)
  return parsed.range
}

let n = 0
function article(title: string, date: string, extra: Partial<NewsArticle> = {}): NewsArticle {
  n += 1
  return { title, summary: '', url: `https://news.example/${n}`, source: 'Roads Weekly', publishedAt: new Date(date), priority: 'normal', ...extra }
}

const none: SearchAggregate = { total: { searches: 0, users: 0 }, topics: [] }

describe('change and counts', () => {
  it('computes a whole-number percentage change, null without a base', () => {
    expect(changePercent(6, 4)).toBe(50)
    expect(changePercent(2, 4)).toBe(-50)
    expect(changePercent(4, 4)).toBe(0)
    expect(changePercent(1, 3)).toBe(-67)
    expect(changePercent(5, 0)).toBeNull()
    expect(formatChange(50)).toBe('+50%')
    expect(formatChange(-67)).toBe('-67%')
    expect(formatChange(null)).toBe('n/a')
  })

  it('keeps articles of the category inside [start, end), newest first', () => {
    const r = range()
    const list = [
      article('Asphalt overlay on US-17', '2024-01-01T00:00:00Z'),
      article('Asphalt plant news', '2026-01-01T00:00:00Z'),
      article('Bridge girder set', '2025-06-01T00:00:00Z'),
      article('Warm mix asphalt trial', '2025-12-31T23:59:59Z'),
    ]
    expect(articlesIn(list, 'Asphalt Technology', r.start, r.end).map((a) => a.title)).toEqual(['Warm mix asphalt trial', 'Asphalt overlay on US-17'])
  })

  it('names the most active source, ties alphabetically', () => {
    expect(mostActiveSource([])).toBeNull()
    const list = [article('a', '2025-01-01', { source: 'B' }), article('b', '2025-01-02', { source: 'A' }), article('c', '2025-01-03', { source: 'B' })]
    expect(mostActiveSource(list)).toEqual({ name: 'B', count: 2 })
    expect(mostActiveSource(list.slice(0, 2))).toEqual({ name: 'A', count: 1 })
  })
})

describe('k-anonymity of search counts', () => {
  it('reports a count only with at least 3 different searchers and 3 searches', () => {
    expect(reportable({ searches: 10, users: 2 })).toBe(false)
    expect(reportable({ searches: 3, users: 3 })).toBe(true)
    expect(reportable({ searches: 2, users: 2 })).toBe(false)
  })

  it('leaves out topics under the threshold and orders the rest', () => {
    const topics = [
      { topic: 'Asphalt', searches: 9, users: 4 },
      { topic: 'Bases', searches: 20, users: 1 },
      { topic: 'Concrete', searches: 3, users: 3 },
      { topic: 'Earthwork', searches: 12, users: 5 },
    ]
    expect(topTopics(topics)).toEqual([
      { topic: 'Earthwork', searches: 12 },
      { topic: 'Asphalt', searches: 9 },
      { topic: 'Concrete', searches: 3 },
    ])
  })
})

describe('computeFigures', () => {
  const articles = [
    ...['2024-03-01', '2024-09-01', '2025-02-01', '2025-05-01', '2025-11-01', '2025-12-01'].map((d, i) =>
      article(`Hot mix asphalt item ${i}`, `${d}T00:00:00Z`, { priority: i < 2 ? 'high' : 'normal', source: i % 2 ? 'ENR' : 'Roads Weekly' }),
    ),
    ...['2022-05-01', '2023-05-01', '2023-08-01', '2023-10-01'].map((d, i) => article(`Asphalt binder story ${i}`, `${d}T00:00:00Z`)),
    article('OSHA trench rule', '2025-04-01T00:00:00Z', { priority: 'critical' }),
  ]

  it('counts the period and the previous one, the change, priorities and the top source', () => {
    const searches: SearchAggregate = { total: { searches: 14, users: 5 }, topics: [{ topic: 'Asphalt', searches: 12, users: 5 }, { topic: 'Bases', searches: 2, users: 2 }] }
    const previousSearches: SearchAggregate = { total: { searches: 7, users: 3 }, topics: [] }
    const { figures, used } = computeFigures({ category: 'Asphalt Technology', range: range(), articles, searches, previousSearches })
    expect(figures).toMatchObject({
      articles: 6,
      previousArticles: 4,
      articleChangePercent: 50,
      priorityArticles: 2,
      topSource: { name: 'ENR', count: 3 },
      searches: 14,
      previousSearches: 7,
      searchChangePercent: 100,
      topTopics: [{ topic: 'Asphalt', searches: 12 }],
      enoughData: true,
      rangeLabel: '2024-2025',
      previousLabel: '2022-2023',
    })
    expect(figures.headlines[0]!.title).toBe('Hot mix asphalt item 5')
    expect(used).toHaveLength(6)
    expect(keyMetricsOf(figures)).toEqual({
      'News articles': 6,
      'News articles (2022-2023)': 4,
      'Change vs previous period': '+50%',
      'Critical or high priority articles': 2,
      'Searches on these topics': 14,
      'Search change vs previous period': '+100%',
      'Top search topics': 'Asphalt (12)',
      'Most active news source': 'ENR (3)',
    })
  })

  it('hides search totals under the threshold and flags too little data', () => {
    const few: SearchAggregate = { total: { searches: 5, users: 2 }, topics: [{ topic: 'Concrete', searches: 5, users: 2 }] }
    const { figures } = computeFigures({ category: 'Concrete Materials', range: range(), articles, searches: few, previousSearches: none })
    expect(figures).toMatchObject({ articles: 0, searches: null, topTopics: [], enoughData: false })
    expect(keyMetricsOf(figures)['Searches on these topics']).toBe('Fewer than 3 searchers')
  })
})
