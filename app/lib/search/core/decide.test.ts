import { describe, expect, it } from 'vitest'
import { decide, preferNumberedRecord, type SelectedFact } from './decide'
import { MODEL, type SearchModel } from './model'
import { FACT_FEATURES, buildCorpusStats, rankingText } from './rank'
import { factsOf, questionTerms, saysNoConfirmedValue } from './text'
import type { Passage } from './types'
import { analysis, guardrailDrawing, passage, slumpNotConfirmed as noSlump } from './test-passages'

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

  it('leaves the figure in the lead when it is the kind of figure asked for and the no-value fact holds only a word of the setting', () => {
    // 'Slump' is the question's setting here, not what it asks: it asks for a strength, and the lead states one.
    const query = 'class 4000 concrete at that slump, what psi'
    const a = analysis(query)
    const decision = decide(a, questionTerms(a), [strength, noSlump], stats, figuresFirst)
    expect(decision.answerType).toBe('strength')
    expect(decision.facts[0]?.fact.text).toContain('4,000 psi')
    expect(decision.rule).toBeNull()
  })

  it('leaves the figure in the lead when the question asks for what the figure gives', () => {
    const query = 'what strength is class 4000 concrete'
    const a = analysis(query)
    const decision = decide(a, questionTerms(a), [strength, noSlump], stats, figuresFirst)
    expect(decision.facts[0]?.fact.text).toContain('4,000 psi')
    expect(decision.rule).toBeNull()
  })
})

describe('preferNumberedRecord: the record the answer cites', () => {
  const note = passage({
    documentKind: 'manual-note',
    documentTitle: 'Guardrail and barriers (topic note; section numbers to verify)',
    section: '(to verify)',
    headingPath: 'Guardrail and barriers > W-beam',
    text: '- Line posts on a standard W-beam run are 6 ft 3 in (6.25 ft) center to center. [MGS test record]',
  })
  const reduced = passage({ ...guardrailDrawing, chunkId: 'corpus:drawings/drawing-g501.md#reduced', text: '- Reduced line post spacing: 3 ft 1.5 in center to center. [MGS test record]' })
  const candidate = (p: Passage, probability: number, coverage = 1): SelectedFact =>
    ({ fact: factsOf(p.text)[0]!, passage: p, rank: 0, coverage, ownCoverage: coverage, missingMax: 0, types: new Set(), features: [], probability }) as SelectedFact
  const sameFigure = () => candidate(guardrailDrawing, 0.3)

  it('puts a close fact with the same figure from a drawing before a note cited only by its title', () => {
    const drawing = sameFigure()
    const candidates = [candidate(note, 0.4), candidate(reduced, 0.35), drawing]
    preferNumberedRecord(candidates)
    expect(candidates[0]).toBe(drawing)
    expect(candidates).toHaveLength(3)
  })

  it('keeps the note in the lead when the numbered fact is far behind, covers less, or states another figure', () => {
    for (const candidates of [
      [candidate(note, 0.8), candidate(guardrailDrawing, 0.3)],
      [candidate(note, 0.4), candidate(guardrailDrawing, 0.3, 0.5)],
      [candidate(note, 0.4), candidate(reduced, 0.35)],
    ]) {
      const lead = candidates[0]
      preferNumberedRecord(candidates)
      expect(candidates[0]).toBe(lead)
    }
  })

  it('leaves a lead from a numbered record where it is', () => {
    const candidates = [sameFigure(), candidate(note, 0.29)]
    const lead = candidates[0]
    preferNumberedRecord(candidates)
    expect(candidates[0]).toBe(lead)
  })
})
