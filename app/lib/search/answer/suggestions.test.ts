import { describe, expect, it } from 'vitest'
import { CALCULATOR_IDS } from '~/lib/calculators'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'
import {
  calculationSuggestions,
  calculatorNote,
  cheatSheetSuggestions,
  engagementText,
  featureSuggestions,
  inspectorTips,
  type CheatSheetInfo,
} from './suggestions'
import { analysis, asphaltCores, guardrailChecks, guardrailDrawing } from './test-passages'
import { questionTerms } from './text'

const sheets: CheatSheetInfo[] = [
  { id: 'asphalt', title: 'Asphalt Paving', keywords: ['asphalt', 'hma', 'tack'], criticalChecks: [] },
  { id: 'guardrail', title: 'Guardrail', keywords: ['guardrail', 'guard rail'], criticalChecks: ['Check rail height at each post.'] },
  { id: 'traffic-control', title: 'Work Zone Traffic Control', keywords: ['work zone', 'flagger', 'taper'], criticalChecks: [] },
  { id: 'bridge-deck', title: 'Bridge Deck Inspection', keywords: ['bridge deck'], criticalChecks: [] },
]

describe('cheat-sheet suggestions', () => {
  it("come from the question's topics, then the topics of the passages used", () => {
    expect(cheatSheetSuggestions('guard rail height', [], sheets)).toEqual(['guardrail'])
    expect(cheatSheetSuggestions('how long is a taper', [asphaltCores], sheets)).toEqual(['traffic-control', 'asphalt'])
  })

  it('never fall back to bridge-deck for a topic that matches no sheet, and stop at three', () => {
    expect(cheatSheetSuggestions('what is SC-T-29', [{ ...asphaltCores, topics: ['testing'] }], sheets)).toEqual([])
    const many = cheatSheetSuggestions('asphalt guardrail flagger bridge deck', [], sheets)
    expect(many).toHaveLength(3)
  })
})

describe('calculator suggestions', () => {
  it.each([
    ['how do i figure the tack rate', 'tack-rate'],
    ['compute asphalt spread rate from tonnage', 'asphalt-rate'],
    ['where do I take random cores in a lot', 'random-cores'],
    ['weight of a number 5 bar per foot', 'rebar-weight'],
    ['percent compaction from the density test', 'compaction-percentage'],
    ['how many cubic yards of concrete for a slab', 'concrete-volume'],
    ['pipe slope from invert elevations', 'pipe-grade'],
    ['convert psi to mpa', 'unit-conversion'],
  ])('%s -> %s', (query, id) => {
    const ids = calculationSuggestions(query)
    expect(ids[0]).toBe(id)
    expect(ids.length).toBeLessThanOrEqual(3)
    for (const suggestion of ids) expect(CALCULATOR_IDS).toContain(suggestion)
  })

  it('suggest nothing for a question no calculator fits', () => {
    expect(calculationSuggestions('What is the standard spacing for guardrail posts?')).toEqual([])
  })

  it('name the calculator and its formula for a how-to question, as the product tool', () => {
    expect(calculatorNote('how do i figure the tack rate', ['tack-rate'])).toBe(
      'Product tool: the Tack Coat Rate calculator in Field Calculations works this out: rate (gal/SY) = gallons used x temperature multiplier / square yards, where gallons used = total - last reading and the multiplier is 1 - 0.000122 x (temperature °F - 39). [product calculator, not an SCDOT document]',
    )
    expect(calculatorNote('weight of a number 5 bar per foot', ['rebar-weight'])).toContain('a #5 bar is 1.043 lbs/ft')
    expect(calculatorNote('what is the tack rate in section 401', ['tack-rate'])).toBeNull()
  })
})

describe('feature suggestions', () => {
  it('offer only features that exist today (no form filler or photo analysis yet)', () => {
    const types = featureSuggestions().map((feature) => feature.type)
    expect(types).toEqual(['voice_search', 'achievements'])
    for (const feature of featureSuggestions()) expect(feature.route.startsWith('/')).toBe(true)
  })
})

describe('inspector tips', () => {
  it('are checks from drawing passages that share a term with the question, then the verification notice', () => {
    const terms = questionTerms(analysis('guardrail rail height'))
    const tips = inspectorTips(terms, [guardrailChecks], [], sheets, ['guardrail'])
    expect(tips.at(-1)).toBe(VERIFICATION_NOTICE)
    expect(tips).toContain(
      'Measure rail height and post spacing along the run and at every terminal, and record the readings with station numbers.',
    )
    expect(tips).toContain('Check rail height at each post.')
    expect(tips.length).toBeLessThanOrEqual(4)
  })

  it('are only the notice when nothing grounded fits', () => {
    expect(inspectorTips(questionTerms(analysis('thermoplastic')), [asphaltCores], [], sheets, [])).toEqual([VERIFICATION_NOTICE])
  })
})

it('engagement text counts passages and documents', () => {
  expect(engagementText([guardrailDrawing, guardrailChecks], 8)).toBe(
    'Answer drawn from 2 passages in 1 document of the SCDOT corpus (8 passages searched and ranked).',
  )
})
