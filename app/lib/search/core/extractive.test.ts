import { describe, expect, it } from 'vitest'
import { judgeConfidence } from './confidence'
import { gatherEvidence } from './evidence'
import { passagesUsed, selectFacts } from './extractive'
import { analysis, asphaltCores, guardrailChecks, guardrailDrawing, passage, section401 } from './test-passages'
import { figuresOf, questionTerms } from './text'

function run(query: string, passages = [guardrailDrawing, guardrailChecks, asphaltCores], overrides = {}) {
  const terms = questionTerms(analysis(query, overrides))
  const evidence = gatherEvidence(terms, passages)
  const facts = selectFacts(evidence, passages)
  return { evidence, facts, verdict: judgeConfidence(evidence, facts) }
}

describe('extractive fact selection', () => {
  it('leads with the bullet that holds the figure the question asks for, citation kept', () => {
    const { facts } = run('What is the spacing of guardrail posts?')
    expect(facts[0]!.fact.text).toBe(
      'Line post spacing, standard W-beam run: 6 ft 3 in (6.25 ft) center to center (CRITICAL: failure means tear-out) [MGS test record]',
    )
    expect(facts[0]!.passage).toBe(guardrailDrawing)
  })

  it('answers a height question with the rail height, and never more than four facts', () => {
    const { facts } = run('how high is the top of the guardrail')
    expect(facts[0]!.fact.body).toContain('31 in')
    expect(facts.length).toBeGreaterThan(0)
    expect(facts.length).toBeLessThanOrEqual(4)
  })

  it('after a lead with a figure, keeps only facts with figures when the question asks for one', () => {
    const { facts } = run('minimum post spacing for guardrail')
    for (const fact of facts) expect(fact.fact.body).toMatch(/\d/)
  })

  it('quotes facts as written: every figure of the selection is in a passage', () => {
    const passages = [guardrailDrawing, guardrailChecks, asphaltCores]
    const all = new Set(passages.flatMap((p) => figuresOf(p.text)))
    for (const query of ['guardrail post spacing', 'how often are cores taken for surface type A', 'rail height']) {
      for (const fact of run(query, passages).facts) for (const figure of figuresOf(fact.fact.text)) expect(all).toContain(figure)
    }
  })

  it('takes core frequency from the SC-M-400 passage', () => {
    const { facts } = run('How often are cores taken for surface type A asphalt?')
    expect(facts[0]!.passage).toBe(asphaltCores)
    expect(facts[0]!.fact.body).toContain('1,500-ft')
  })

  it('lists the passages used once each, in retrieval order', () => {
    const { facts } = run('guardrail rail height and post spacing checks')
    const used = passagesUsed(facts)
    expect(new Set(used).size).toBe(used.length)
    expect(used[0]).toBe(guardrailDrawing)
  })

  it('selects nothing from passages that share no word with the question', () => {
    expect(run('thermoplastic thickness', [asphaltCores]).facts).toEqual([])
  })
})

describe('figure questions and what the corpus does not hold', () => {
  const concrete = passage({
    documentKind: 'drawing',
    documentTitle: 'Drawing C501 Portland Cement Concrete: Classes',
    section: 'C501',
    url: '/documents#drawing-c501',
    headingPath: 'Drawing C501 Portland Cement Concrete: Classes > Warnings',
    text: [
      '- Class 4000 concrete is 4,000 psi at 28 days. [Section 701.1.1]',
      '- Slump, air content and curing limits are in Section 701 and the contract; the product holds no confirmed values for them.',
    ].join('\n'),
  })

  it('leads with the corpus saying it holds no confirmed value when that matches the question best, and abstains', () => {
    const classes = passage({ section: '701.1.1', text: '- Class 3000 is 3,000 psi and Class 4000 is 4,000 psi concrete. [Section 701.1.1]' })
    const more = ['Concrete of each class comes from an approved plant.', 'Reject concrete of the wrong class.', 'Record the class of concrete on the ticket.'].map(
      (text) => passage({ section: '701', text: `- ${text}` }),
    )
    const { facts, verdict } = run('What slump is allowed for Class 4000 concrete?', [concrete, classes, ...more])
    expect(facts[0]!.fact.body).toMatch(/^Slump, air content/)
    expect(verdict).toMatchObject({ confidence: 'low', belowFloor: true })
  })

  it('answers the figure when the question asks for the figure the corpus holds', () => {
    const { facts, verdict } = run('What strength is Class 4000 concrete?', [concrete])
    expect(facts[0]!.fact.body).toContain('4,000 psi')
    expect(verdict.belowFloor).toBe(false)
  })

  it('leads a how-big question with the fact that states a size', () => {
    const lab = passage({
      documentTitle: 'Inspection and Approval of Asphalt Field Laboratories',
      section: 'SC-M-404',
      headingPath: 'Inspection and Approval of Asphalt Field Laboratories > SC-M-404 Building',
      text: [
        '- SC-M-404 sets how SCDOT approves the field laboratory at an asphalt plant.',
        '- The lab has at least 250 sq ft of working floor. [SC-M-404]',
      ].join('\n'),
    })
    expect(run('How big does an asphalt plant field lab have to be?', [lab]).facts[0]!.fact.body).toContain('250 sq ft')
  })
})

describe('confidence', () => {
  it('is high for full coverage with the full-text and vector lists agreeing', () => {
    expect(run('guardrail post spacing').verdict).toMatchObject({ confidence: 'high', belowFloor: false })
  })

  it('is high for an exact section match that covers the question', () => {
    const { verdict } = run('401.4.30 weigh tickets', [section401], { numbers: ['401.4.30'] })
    expect(verdict).toMatchObject({ confidence: 'high', belowFloor: false })
  })

  it('is medium when coverage is good but the lists disagree', () => {
    const weak = { ...guardrailDrawing, scores: { fts: 0.01, ftsRank: 7, vector: 0.2, vectorRank: null, exact: false, fused: 0.01 } }
    expect(run('guardrail post spacing', [weak]).verdict.confidence).toBe('medium')
  })

  it('falls below the floor when the question\'s specific words are in no passage', () => {
    const lanes = passage({ text: '- A lane closure on a multilane road needs a merging taper. [MUTCD 6G.12]' })
    const { verdict } = run('How many lanes does I-26 have near Columbia?', [lanes, asphaltCores])
    expect(verdict.belowFloor).toBe(true)
    expect(['low', 'unknown']).toContain(verdict.confidence)
  })

  it('abstains when a figure is asked and the matching facts state none', () => {
    const closures = passage({ text: '- SCDOT restricts non-emergency lane closures on Interstates over holidays. [SCDOT notice]' })
    const { verdict } = run('How many lanes does I-85 have?', [closures, asphaltCores])
    expect(verdict).toMatchObject({ confidence: 'low', belowFloor: true })
  })

  it('answers a route question from a rule on interstates, and abstains when the fact is not about interstates', () => {
    const pipe = passage({ text: '- Interstates and evacuation routes take rigid RCP only; HDPE is allowed only on other routes. [SC-M-714]' })
    expect(run('is HDPE allowed on I-26', [pipe, asphaltCores]).verdict.belowFloor).toBe(false)
    const taper = passage({ text: '- Compute taper length for the posted or 85th-percentile speed. [MUTCD 6C.08]' })
    expect(run('what is the speed limit on I-95', [taper, asphaltCores]).verdict.belowFloor).toBe(true)
  })

  it('treats a fact that gives a method as an answer even when it says the target value is not confirmed', () => {
    const tack = passage({
      text: '- Tack rate in gal/SY is the gallons applied divided by the square yards covered; the required tack rate is not confirmed. [product calculator]',
    })
    expect(run('how do I check my tack shot', [tack, asphaltCores]).verdict.belowFloor).toBe(false)
  })

  it('is unknown with no passage', () => {
    expect(run('guardrail post spacing', []).verdict).toMatchObject({ confidence: 'unknown', belowFloor: true })
  })
})
