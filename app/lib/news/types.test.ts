import { describe, expect, it } from 'vitest'
import { filterNews, parseNewsFilter } from './types'

describe('parseNewsFilter', () => {
  it('accepts the five filters in any case and defaults to all', () => {
    expect(parseNewsFilter('OSHA')).toBe('osha')
    expect(parseNewsFilter(null)).toBe('all')
    expect(parseNewsFilter('')).toBe('all')
    expect(parseNewsFilter('scdot')).toBe('scdot')
  })
  it('refuses anything else', () => {
    expect(parseNewsFilter('sports')).toBeNull()
  })
})

describe('filterNews', () => {
  const items = [
    { id: 'a', category: 'osha' as const },
    { id: 'b', category: 'scdot' as const },
  ]
  it('keeps all for all and one category otherwise', () => {
    expect(filterNews(items, 'all')).toHaveLength(2)
    expect(filterNews(items, 'scdot').map((i) => i.id)).toEqual(['b'])
    expect(filterNews(items, 'engineering')).toEqual([])
  })
})
