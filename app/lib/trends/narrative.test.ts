import { describe, expect, it } from 'vitest'
import type { TrendFigures } from './metrics'
import { NOT_ENOUGH_DATA, insightText, insightTitle } from './narrative'
import { recommendationsFor } from './recommendations'

const base: TrendFigures = {
  category: 'Asphalt Technology',
  rangeLabel: '2024-2025',
  previousLabel: '2022-2023',
  articles: 6,
  previousArticles: 4,
  articleChangePercent: 50,
  priorityArticles: 2,
  topSource: { name: 'ENR', count: 3 },
  searches: 14,
  previousSearches: 7,
  searchChangePercent: 100,
  topTopics: [{ topic: 'Asphalt', searches: 12 }, { topic: 'Bases', searches: 3 }],
  headlines: [{ title: 'Warm mix trial', source: 'ENR' }],
  enoughData: true,
}

describe('insightText', () => {
  it('states what rose, priorities, the top source, searches and headlines from the figures', () => {
    expect(insightText(base)).toBe(
      '6 stored news articles about Asphalt Technology were published in 2024-2025, up 50% from 4 in 2022-2023. ' +
        '2 of them were marked critical or high priority. ENR published the most (3). ' +
        'Users searched these topics 14 times, up 100% on the previous period; the most asked-about topics were Asphalt (12) and Bases (3). ' +
        "Recent headlines include 'Warm mix trial' (ENR).",
    )
  })

  it('says what fell, or that there is no base to compare with', () => {
    expect(insightText({ ...base, articles: 3, articleChangePercent: -25, previousArticles: 4 })).toContain('3 stored news articles about Asphalt Technology were published in 2024-2025, down 25% from 4 in 2022-2023.')
    expect(insightText({ ...base, previousArticles: 0, articleChangePercent: null })).toContain('there were none in the previous period (2022-2023) to compare with.')
    expect(insightText({ ...base, articleChangePercent: 0, previousArticles: 6 })).toContain('the same number as in 2022-2023.')
  })

  it('does not call a news trend from one or two articles, and hides unreportable searches', () => {
    const text = insightText({ ...base, articles: 1, priorityArticles: 0, topSource: null, searches: null, searchChangePercent: null, topTopics: [], enoughData: true })
    expect(text).toContain('Only 1 stored news article about Asphalt Technology was published in 2024-2025, too few to call a trend in the news.')
    expect(text).toContain('Fewer than 3 people searched these topics, so search interest is not reported.')
    expect(text).not.toContain('ENR published')
  })

  it('says plainly when there is not enough data', () => {
    const text = insightText({ ...base, articles: 1, searches: null, topTopics: [], enoughData: false })
    expect(text.startsWith(NOT_ENOUGH_DATA)).toBe(true)
    expect(text).toContain('Asphalt Technology in 2024-2025: 1 matching news article, and fewer than 3 people searching its topics.')
  })

  it('titles the insight by category and period', () => {
    expect(insightTitle(base)).toBe('Asphalt Technology trends, 2024-2025')
    expect(insightTitle({ ...base, rangeLabel: 'last-30-days' })).toBe('Asphalt Technology trends, the last 30 days')
  })
})

describe('recommendationsFor', () => {
  const specs = ['Section 401.4 (2007)', 'SC-T-29']

  it('fires only the rules the figures support, citing the specifications', () => {
    expect(recommendationsFor(base, specs)).toEqual([
      'Brief crews on the 2 critical or high-priority Asphalt Technology articles of this period and compare current practice with Section 401.4 (2007).',
      'News about Asphalt Technology rose 50% on 2022-2023: review SC-T-29 before similar work starts.',
      'Asphalt is the most searched topic (12 searches): keep the Asphalt cheat sheet (Inspector Cheat Sheets) at hand in the field.',
      'Searches on Asphalt Technology topics rose 100%: check that site references for Section 401.4 (2007) are current.',
    ])
  })

  it('points safety categories to the work-zone checklist', () => {
    const safety = { ...base, category: 'Construction Safety' as const, priorityArticles: 1, articleChangePercent: 0, searchChangePercent: 0, topTopics: [] }
    expect(recommendationsFor(safety, ['29 CFR 1926.652'])).toEqual([
      '1 construction safety item was flagged critical or high priority: walk the work-zone traffic control checklist (Work Zone Traffic Control cheat sheet) on active sites and check devices against 29 CFR 1926.652.',
    ])
  })

  it('gives none without enough data or without supporting figures', () => {
    expect(recommendationsFor({ ...base, enoughData: false }, specs)).toEqual([])
    expect(recommendationsFor({ ...base, priorityArticles: 0, articleChangePercent: 10, searchChangePercent: -5, topTopics: [] }, specs)).toEqual([])
  })
})
