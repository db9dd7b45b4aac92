import { describe, expect, it } from 'vitest'
import { findFormTemplate, formLabel } from '~/lib/forms/templates'
import { CALCULATOR_IDS } from '~/lib/calculators/index'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'
import {
  calculationSuggestions,
  calculatorNote,
  cheatSheetSuggestions,
  engagementText,
  featureSuggestions,
  formIdFor,
  inspectorTips,
  type CheatSheetInfo,
} from './answer-suggestions'
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
  const types = (query: string, options?: { fromPhoto?: boolean }) => featureSuggestions(query, options).map((feature) => feature.type)

  it('offer voice search and achievements for any question, with in-app routes', () => {
    expect(types('')).toEqual(['voice_search', 'achievements'])
    expect(types('What is the standard spacing for guardrail posts?')).toEqual(['voice_search', 'achievements'])
    for (const feature of featureSuggestions('daily report of a cracked pour')) expect(feature.route.startsWith('/')).toBe(true)
  })

  it('offer the form filler for field records, with the form for the topic', () => {
    const form = (query: string) => featureSuggestions(query).find((feature) => feature.type === 'form_filler')
    expect(form('What goes in the HMA daily report?')).toMatchObject({ route: '/ar-inspection', formId: '400.04', buttonText: 'Open Form Filler' })
    expect(form('how do I record the mat temperature when paving')?.formId).toBe('400.04')
    expect(form('what do I inspect during a concrete pour?')?.formId).toBe('300.02')
    expect(form('slump test record')?.formId).toBe('300.02')
    expect(form('bridge inspection')?.formId).toBe('100.10')
    expect(form('Bridge Inspection')?.description).toContain('100.10 Daily Construction Inspection Report')
    expect(form('asphalt compaction requirement')).toBeUndefined()
    expect(formIdFor('asphalt concrete pour')).toBe('400.04')
  })

  it('name each suggested form exactly as its template does', () => {
    for (const id of ['400.04', '300.02', '100.10'] as const) {
      const form = featureSuggestions(`daily report ${id === '400.04' ? 'asphalt' : id === '300.02' ? 'concrete' : 'site'}`)[0]!
      expect(form.formId).toBe(id)
      expect(form.description).toContain(formLabel(findFormTemplate(id)!).replace(' - ', ' '))
    }
  })

  it('offer photo analysis for defects and plan sheets, not for a result that came from a photo', () => {
    expect(types('what causes alligator cracking?')).toEqual(['photo_analysis', 'voice_search', 'achievements'])
    expect(featureSuggestions('rutting in the wheel path')[0]).toMatchObject({ route: '/?mode=photo', buttonText: 'Analyze a Photo' })
    expect(types('how do I read a plan sheet')).toContain('photo_analysis')
    expect(types('what causes alligator cracking?', { fromPhoto: true })).toEqual(['voice_search', 'achievements'])
    expect(types('inspection record of spalling on the deck')).toEqual(['form_filler', 'photo_analysis', 'voice_search', 'achievements'])
  })

  it('suggests the industry trends for questions about news and what is changing', () => {
    expect(types('latest OSHA trench news')).toEqual(['trends_analysis', 'voice_search', 'achievements'])
    expect(types("what's new in asphalt specifications")).toEqual(['trends_analysis', 'voice_search', 'achievements'])
    expect(types('asphalt compaction density')).not.toContain('trends_analysis')
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
