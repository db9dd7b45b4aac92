import { describe, expect, it } from 'vitest'
import { appendReference, MAX_SUGGESTIONS, suggestDocuments } from './suggestions'

const refs = (query: string) => suggestDocuments(query).map((s) => s.reference)

describe('suggestions panel (spec §4, §9)', () => {
  it('needs more than 3 characters', () => {
    expect(refs('hma')).toEqual([])
    expect(refs('hma ')).toEqual([])
    expect(refs('hma d')).toEqual(['Section 401'])
  })

  it('needs a keyword match', () => {
    expect(refs('what time is it')).toEqual([])
  })

  it('maps the spec keywords to the references the corpus confirms', () => {
    expect(refs('asphalt compaction')).toEqual(['Section 401'])
    expect(refs('concrete testing')).toEqual(['Section 701'])
    expect(refs('concrete pavement joints')).toEqual(['Section 701', 'Section 501'])
    expect(suggestDocuments('concrete pavement joints')[1]!.title).toContain('title to verify')
    expect(refs('drainage requirements')).toEqual(['Section 714', 'Drawing D601'])
    expect(refs('guard rail standards')).toEqual(['Drawing G501'])
    expect(refs('signage placement')).toEqual(['Drawing S101'])
    expect(refs('flagger stations')).toEqual(['Drawing S104', 'Drawing S103'])
    expect(refs('bridge inspection')).toEqual(['Drawing B501'])
    expect(refs('environmental erosion rules')).toEqual(['SCR100000 stormwater permit', 'SC-M-810'])
    expect(refs('osha hard hat')).toEqual(['29 CFR 1926 Subpart G', '29 CFR 1926.652'])
    expect(refs('excavation shoring depth')).toEqual(['29 CFR 1926.652'])
    expect(refs('pipe trench box')).toEqual(['Section 714', '29 CFR 1926.652', 'Drawing D601'])
    expect(refs('silica when sawing')).toEqual(['29 CFR 1926.1153'])
  })

  it('never names Section 602 or the GR/SS series the corpus does not confirm', () => {
    const all = ['drainage structures', 'guardrail', 'work zone signs', 'concrete'].flatMap(refs).join(' ')
    expect(all).not.toMatch(/602|GR|SS/)
  })

  it('shows at most 3, sharing the places between topics', () => {
    const many = refs('asphalt and concrete near the guardrail in the work zone')
    expect(many).toHaveLength(MAX_SUGGESTIONS)
    expect(many).toEqual(['Section 401', 'Section 701', 'Drawing G501'])
  })

  it('does not suggest a reference already in the question', () => {
    expect(refs('hma density Section 401')).toEqual([])
    expect(refs('drainage pipe section 714')).toEqual(['Drawing D601'])
  })

  it('appends the reference to the question', () => {
    const [first] = suggestDocuments('asphalt compaction ')
    expect(appendReference('asphalt compaction ', first!)).toBe('asphalt compaction Section 401')
  })
})
