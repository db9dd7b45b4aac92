import { describe, expect, it } from 'vitest'
import { TOPIC_NAMES } from '../dashboard/topics'
import { CATEGORY_PROFILES, TREND_CATEGORIES, categoryOptionSchema, generationCategory, matchedKeywords, matchesCategory } from './categories'

describe('trend categories', () => {
  it('lists the nine categories of §9, all first', () => {
    expect(TREND_CATEGORIES).toEqual([
      'all', 'Highway Construction', 'Bridge Inspection', 'Construction Safety', 'Concrete Materials', 'Asphalt Technology',
      'Traffic Control', 'Environmental Compliance', 'Quality Control',
    ])
  })

  it("generates 'all' as Highway Construction and any other as itself", () => {
    expect(generationCategory('all')).toBe('Highway Construction')
    expect(generationCategory('Bridge Inspection')).toBe('Bridge Inspection')
  })

  it('refuses an unknown category', () => {
    expect(categoryOptionSchema.safeParse('Gardening').success).toBe(false)
    expect(categoryOptionSchema.safeParse('Asphalt Technology').success).toBe(true)
  })

  it('maps every category to search topics that exist', () => {
    for (const profile of Object.values(CATEGORY_PROFILES)) {
      expect(profile.topics.length).toBeGreaterThan(0)
      for (const topic of profile.topics) expect(TOPIC_NAMES).toContain(topic)
    }
  })

  it('matches whole words and phrases only', () => {
    expect(matchesCategory('New warm mix asphalt plant opens', 'Asphalt Technology')).toBe(true)
    expect(matchesCategory('Crews wrap up shoulder work', 'Asphalt Technology')).toBe(false)
    expect(matchedKeywords('OSHA cites contractor after trench collapse', 'Construction Safety')).toEqual(['osha', 'trench'])
    expect(matchesCategory('Silt fence and stormwater permit rules', 'Environmental Compliance')).toBe(true)
    expect(matchesCategory('Lane closure on I-26 for work zone striping', 'Traffic Control')).toBe(true)
    expect(matchesCategory('Girder replacement on the Cooper River bridge', 'Bridge Inspection')).toBe(true)
    expect(matchesCategory('QC/QA density testing round-up', 'Quality Control')).toBe(true)
    expect(matchesCategory('Portland cement prices', 'Concrete Materials')).toBe(true)
    expect(matchesCategory('Quarterly earnings call', 'Highway Construction')).toBe(false)
  })
})
