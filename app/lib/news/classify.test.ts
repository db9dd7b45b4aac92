import { describe, expect, it } from 'vitest'
import { categorise, compareNews, prioritise } from './classify'

describe('categorise', () => {
  it('keeps the feed category by default', () => {
    expect(categorise({ feedCategory: 'construction', title: 'Contractor wins bid', summary: 'A hospital job' })).toBe('construction')
    expect(categorise({ feedCategory: 'engineering', title: 'New bridge design', summary: '' })).toBe('engineering')
  })
  it('files items naming the department under scdot, from any feed', () => {
    expect(categorise({ feedCategory: 'construction', title: 'SCDOT lets I-26 widening', summary: '' })).toBe('scdot')
    expect(categorise({ feedCategory: 'engineering', title: 'Bridge work', summary: 'The South Carolina Department of Transportation said...' })).toBe('scdot')
  })
  it('moves an item whose title names OSHA to osha, but not for safety words alone', () => {
    expect(categorise({ feedCategory: 'construction', title: '9 of the biggest OSHA fines', summary: '' })).toBe('osha')
    expect(categorise({ feedCategory: 'construction', title: 'Worker dies in trench collapse', summary: 'OSHA is investigating' })).toBe('construction')
  })
})

describe('prioritise', () => {
  it('marks recalls, fatalities, emergencies, closures and imminent danger critical', () => {
    expect(prioritise('construction', 'Harness recall announced', '')).toBe('critical')
    expect(prioritise('osha', 'Worker fatality at site', '')).toBe('critical')
    expect(prioritise('scdot', 'Emergency bridge repair', '')).toBe('critical')
    expect(prioritise('scdot', 'Overnight lane closures on I-95', '')).toBe('critical')
    expect(prioritise('osha', 'Inspectors found imminent danger', '')).toBe('critical')
  })
  it('marks department items and new rules, standards and deadlines high', () => {
    expect(prioritise('scdot', 'Public meeting on resurfacing', '')).toBe('high')
    expect(prioritise('osha', 'OSHA publishes final rule on heat', '')).toBe('high')
    expect(prioritise('engineering', 'Comment deadline extended', '')).toBe('high')
    expect(prioritise('construction', 'Contractor cited after inspection', '')).toBe('high')
  })
  it('leaves everything else normal, matching whole words only', () => {
    expect(prioritise('construction', 'Spending rises in October', 'Backlogs grow')).toBe('normal')
    expect(prioritise('engineering', 'Deathless prose about enclosures', '')).toBe('normal')
  })
})

describe('compareNews', () => {
  it('puts newer days first and critical before high before normal within a day', () => {
    const items = [
      { id: 'old-critical', publishedAt: '2026-11-18T12:00:00Z', priority: 'critical' as const },
      { id: 'today-normal-late', publishedAt: '2026-11-21T14:00:00Z', priority: 'normal' as const },
      { id: 'today-critical-early', publishedAt: '2026-11-21T08:00:00Z', priority: 'critical' as const },
      { id: 'today-high', publishedAt: '2026-11-21T09:00:00Z', priority: 'high' as const },
    ]
    expect([...items].sort(compareNews).map((i) => i.id)).toEqual(['today-critical-early', 'today-high', 'today-normal-late', 'old-critical'])
  })
})
