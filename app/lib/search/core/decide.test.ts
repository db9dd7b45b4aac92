import { describe, expect, it } from 'vitest'
import { decide } from './decide'
import { MODEL, type SearchModel } from './model'
import { FACT_FEATURES, buildCorpusStats, rankingText } from './rank'
import { questionTerms, saysNoConfirmedValue } from './text'
import { analysis, passage, slumpNotConfirmed as noSlump } from './test-passages'

const strength = passage({
  documentTitle: 'Portland Cement Concrete',
  section: '701.1.1',
  headingPath: 'Portland Cement Concrete > Classes',
  text: '- Class 4000 concrete: 4,000 psi at 28 days. [Section 701.1.1]',
})
const stats = buildCorpusStats([strength, noSlump].map(rankingText))

/** The fitted model, with the fact model made to all but ignore facts that state no figure. */
const figuresFirst: SearchModel = {
  ...MODEL,
  fact: { ...MODEL.fact, weights: MODEL.fact.weights.map((w, i) => (FACT_FEATURES[i] === 'hasQuantity' ? 40 : w)) },
}

describe('decide: the corpus saying it holds no confirmed value', () => {
  it('settles the answer when a candidate says the question’s heaviest missing term is unconfirmed, however the fact model ranks it', () => {
    const query = 'what slump is allowed for class 4000 concrete'
    const a = analysis(query)
    const decision = decide(a, questionTerms(a), [strength, noSlump], stats, figuresFirst)
    const noValue = decision.candidates.find((c) => saysNoConfirmedValue(c.fact))!
    // The fact model alone would lead with the strength figure and leave the no-value fact far behind.
    expect(noValue.probability).toBeLessThan(0.05 * Math.max(...decision.candidates.map((c) => c.probability)))
    expect(decision.facts[0]?.fact.text).toContain('Slump, air content and concrete temperature limits were not confirmed')
    expect(decision.rule).toBe('not-confirmed')
    expect(decision.verdict.belowFloor).toBe(true)
  })

  it('leaves the figure in the lead when the question asks for what the figure gives', () => {
    const query = 'what strength is class 4000 concrete'
    const a = analysis(query)
    const decision = decide(a, questionTerms(a), [strength, noSlump], stats, figuresFirst)
    expect(decision.facts[0]?.fact.text).toContain('4,000 psi')
    expect(decision.rule).toBeNull()
  })
})
