import { describe, expect, it } from 'vitest'
import type { TrendFigures } from './metrics'
import { checkNarrative, narrativePrompt, numbersIn } from './model.server'

const figures: TrendFigures = {
  category: 'Bridge Inspection',
  rangeLabel: '2024-2025',
  previousLabel: '2022-2023',
  articles: 8,
  previousArticles: 5,
  articleChangePercent: 60,
  priorityArticles: 1,
  topSource: { name: 'ENR', count: 4 },
  searches: null,
  previousSearches: null,
  searchChangePercent: null,
  topTopics: [],
  headlines: [{ title: 'I-95 bridge deck work', source: 'ENR' }],
  enoughData: true,
}

describe('checkNarrative', () => {
  it('accepts text whose every number is one of the figures', () => {
    const text = 'Bridge Inspection news rose 60% in 2024-2025: 8 articles against 5 in 2022-2023, ENR leading with 4; one mentions I-95 deck work.'
    expect(checkNarrative(text, figures)).toEqual({ ok: true, text })
  })

  it('refuses invented numbers, links, refusals and bad lengths', () => {
    expect(checkNarrative('Bridge Inspection news rose 75% in 2024-2025 with 8 articles in total this period.', figures)).toEqual({ ok: false, reason: 'numbers not in the figures: 75' })
    expect(checkNarrative('See https://example.com for Bridge Inspection news in 2024-2025 with 8 articles.', figures).ok).toBe(false)
    expect(checkNarrative("I don't know what the Bridge Inspection trend in this period was, sorry.", figures).ok).toBe(false)
    expect(checkNarrative('Too short.', figures).ok).toBe(false)
    expect(checkNarrative('a '.repeat(800), figures).ok).toBe(false)
  })

  it('reads numbers with thousands separators as one number, and puts the figures in the prompt', () => {
    expect([...numbersIn('1,200 items, 25% and 3.5')]).toEqual(['1200', '25', '3.5'])
    expect(narrativePrompt(figures)).toContain('"articleChangePercent": 60')
  })
})
