import { describe, expect, it } from 'vitest'
import { weightsFor } from './evidence'
import { questionTerms } from './text'

describe('term weights', () => {
  const terms = questionTerms({ original: 'how glossy must white paint be', corrected: 'how glossy must white paint be', expansions: [], numbers: [] })
  const passages = [new Set(['whit', 'paint']), new Set(['paint'])]

  it('weighs a corpus word that no passage holds most', () => {
    const weights = weightsFor(terms, passages)
    expect(weights.get('glossy')).toBeGreaterThan(weights.get('whit')!)
    expect(weights.get('whit')).toBeGreaterThan(weights.get('paint')!)
  })

  it('weighs a plain word the whole corpus never uses like a parameter', () => {
    const weights = weightsFor(terms, passages, ['glossy'])
    expect(weights.get('glossy')).toBe(0.5)
    expect(weights.get('whit')).toBeGreaterThan(0.5)
  })
})
