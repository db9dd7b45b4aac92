import { describe, expect, it } from 'vitest'
import { askedMemoryOf, askedScorer, factKey, type AskedQuestion } from './asked'
import { decide } from './decide'
import { MODEL, type SearchModel } from './model'
import { FACT_FEATURES, buildCorpusStats, rankingText } from './rank'
import { questionTerms } from './text'
import { analysis, passage } from './test-passages'

const one = () => 1
/** The scorer of a memory in which one fact answered the `asked` questions, read for that fact. */
const askedSimilarity = (stems: string[], asked: AskedQuestion[] | undefined, weightOf: (stem: string) => number, exclude?: string) =>
  askedScorer(new Map(asked ? [['fact', asked]] : []), stems, weightOf, exclude)('fact')

describe('factKey', () => {
  it('is the same for the same words however they are cased, spaced or punctuated', () => {
    expect(factKey('Drums are at least 36 in. tall.')).toBe(factKey('drums are at least  36 in tall'))
  })
  it('differs for different facts', () => {
    expect(factKey('Drums are at least 36 in tall.')).not.toBe(factKey('Cones are at least 28 in tall.'))
  })
})

describe('askedScorer', () => {
  it('is 1 for the same stems and 0 with nothing in common or no memory', () => {
    expect(askedSimilarity(['stripe', 'night'], [{ stems: ['night', 'stripe'] }], one)).toBe(1)
    expect(askedSimilarity(['stripe', 'night'], [{ stems: ['slump', 'concret'] }], one)).toBe(0)
    expect(askedSimilarity(['stripe', 'night'], undefined, one)).toBe(0)
    expect(askedSimilarity([], [{ stems: ['stripe'] }], one)).toBe(0)
  })
  it('takes the nearest earlier question, weighing rare stems more', () => {
    const weights: Record<string, number> = { stripe: 4, night: 3, road: 0.2, bright: 3 }
    const weightOf = (stem: string) => weights[stem] ?? 1
    const near = askedSimilarity(['stripe', 'night', 'road'], [{ stems: ['stripe', 'night', 'bright'] }, { stems: ['road'] }], weightOf)
    expect(near).toBeCloseTo(7 / 10.2, 5)
  })
  it('gives 0 to a fact no earlier question was answered by', () => {
    expect(askedScorer(new Map([['fact', [{ stems: ['stripe'] }]]]), ['stripe'], one)('other fact')).toBe(0)
  })
  it('leaves out the question named by exclude (the fit scoring a question the memory holds)', () => {
    const asked = [{ id: 'q1', stems: ['stripe', 'night'] }, { id: 'q2', stems: ['stripe'] }]
    expect(askedSimilarity(['stripe', 'night'], asked, one)).toBe(1)
    expect(askedSimilarity(['stripe', 'night'], asked, one, 'q1')).toBe(0.5)
  })
})

describe('askedMemoryOf', () => {
  it("parses model.json's form once per data object", () => {
    const data = { abc: ['stripe night', 'paint bright'] }
    const memory = askedMemoryOf(data)
    expect(memory.get('abc')).toEqual([{ stems: ['stripe', 'night'] }, { stems: ['paint', 'bright'] }])
    expect(askedMemoryOf(data)).toBe(memory)
    expect(askedMemoryOf(undefined).size).toBe(0)
  })
  it('the model in model.json holds a memory, each key a fact key and each entry a list of stems', () => {
    const memory = askedMemoryOf(MODEL.asked)
    expect(memory.size).toBeGreaterThan(100)
    for (const [key, questions] of memory) {
      expect(key).toMatch(/^[0-9a-z]+$/)
      for (const q of questions) expect(q.stems.length).toBeGreaterThan(0)
    }
  })
})

describe('decide with questions asked before', () => {
  const drums = passage({ documentTitle: 'Work zone devices', headingPath: 'Work zone devices > Drums', text: '- Drums are at least 36 in tall.' })
  const cones = passage({ documentTitle: 'Work zone devices', headingPath: 'Work zone devices > Cones', text: '- Cones are at least 28 in tall.' })
  const stats = buildCorpusStats([drums, cones].map(rankingText))
  const question = 'how tall do the big orange cans need to be'
  const terms = questionTerms(analysis(question))
  /** A model that ranks by the memory alone, to see the feature reach the fact it names. */
  const memoryOnly: SearchModel = { ...MODEL, fact: { ...MODEL.fact, weights: MODEL.fact.weights.map((_, i) => (FACT_FEATURES[i] === 'askedBefore' ? 10 : 0)) } }
  const ASKED = FACT_FEATURES.indexOf('askedBefore')

  it('gives the fact an earlier question like this one was answered by its closeness, and the others 0', () => {
    const memory = new Map([[factKey('Drums are at least 36 in tall.'), [{ stems: [...terms.terms] }]]])
    const d = decide(analysis(question), terms, [cones, drums], stats, memoryOnly, { memory })
    expect(d.candidates[0]!.fact.body).toContain('Drums')
    expect(d.candidates[0]!.features[ASKED]).toBe(1)
    expect(d.candidates[1]!.features[ASKED]).toBe(0)
  })
  it('is 0 for every fact with an empty memory', () => {
    const d = decide(analysis(question), terms, [cones, drums], stats, memoryOnly, { memory: new Map() })
    expect(d.candidates.every((c) => c.features[ASKED] === 0)).toBe(true)
  })
})
