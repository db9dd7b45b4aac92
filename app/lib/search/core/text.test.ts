import { describe, expect, it } from 'vitest'
import { tokenize } from './tokenize'
import { analysis } from './test-passages'
import { coverage, factsOf, figuresOf, quantitiesOf, questionTerms, saysNoConfirmedValue, sentences, stemsMatch, termFound } from './text'

describe('factsOf', () => {
  it('keeps each bullet whole with its bracketed citation, and skips the verification notice', () => {
    const facts = factsOf(
      [
        '- Set line posts at 6 ft 3 in centers on a standard run. [MGS test record]',
        '- Do not mix post types within a run unless the drawing allows it.',
        '',
        'Verify against the current official SCDOT documents before use.',
      ].join('\n'),
    )
    expect(facts).toHaveLength(2)
    expect(facts[0]).toMatchObject({
      text: 'Set line posts at 6 ft 3 in centers on a standard run. [MGS test record]',
      body: 'Set line posts at 6 ft 3 in centers on a standard run.',
      citation: 'MGS test record',
      isBullet: true,
    })
    expect(facts[1]!.citation).toBeNull()
  })

  it('cuts running text into sentences without breaking decimals or abbreviations', () => {
    expect(sentences('Posts are 6.25 ft apart. No. 5 bars weigh 1.043 lb/ft. Check it.')).toEqual([
      'Posts are 6.25 ft apart.',
      'No. 5 bars weigh 1.043 lb/ft.',
      'Check it.',
    ])
    expect(factsOf('## 401 Heading\nFirst sentence of the note here. Second sentence of the note.').map((f) => f.text)).toEqual([
      'First sentence of the note here.',
      'Second sentence of the note.',
    ])
  })
})

describe('figures', () => {
  it('reads figures outside citations, normalised', () => {
    expect(figuresOf('one core per 1,500-ft sublot at 93.0 percent [SC-M-400, 2018]')).toEqual(['1500', '93'])
  })

  it('quantities leave out identifiers and years', () => {
    expect(quantitiesOf('Under SC-M-400 and Section 401.4 (2018), Table 6H-3 and G501 apply')).toEqual([])
    expect(quantitiesOf('one core per 1,500-ft sublot under SC-M-400')).toEqual(['1500'])
  })
})

describe('saysNoConfirmedValue', () => {
  const fact = (line: string) => factsOf(`- ${line}`)[0]!
  it('reads a fact without a figure that says the corpus holds none', () => {
    expect(saysNoConfirmedValue(fact('Slump and air limits were not confirmed from an SCDOT source. [no source: to verify]'))).toBe(true)
    expect(saysNoConfirmedValue(fact('Lines are 4 in wide. [SCDOT Section 625]'))).toBe(false)
  })
  it('reads a clause of its own saying so beside a figure on something else', () => {
    expect(saysNoConfirmedValue(fact('Fill density and lift thickness were not confirmed from an SCDOT document; the 95 percent figure is a product reference value.'))).toBe(true)
    // The figure is in the unconfirmed clause itself: the fact gives that figure, so it is not a no-value fact.
    expect(saysNoConfirmedValue(fact('The 95 percent mark was not confirmed from an SCDOT document.'))).toBe(false)
  })
  it("does not read the notice on the product's reference values as a missing value (corpus/README.md, rule 3)", () => {
    // The figure beside the notice is the answer, shown with the notice.
    const notice = 'Field reference value - not confirmed as an SCDOT requirement; verify against the current SCDOT specification.'
    expect(saysNoConfirmedValue(fact(`The product keeps 4,500 psi at 28 days as a deck concrete strength. ${notice} [product field-reference]`))).toBe(false)
    // A fact naming the reference values held elsewhere does not say the corpus lacks them.
    expect(saysNoConfirmedValue(fact("The product's retroreflectivity minimums for new paint are field reference values, not confirmed SCDOT requirements."))).toBe(false)
    // A real gap beside a reference value is still one.
    expect(saysNoConfirmedValue(fact(`Lift thickness was not confirmed from an SCDOT document; the product keeps 95 percent. ${notice}`))).toBe(true)
  })
  it('keeps a method as an answer though the required value is unconfirmed', () => {
    expect(saysNoConfirmedValue(fact('Tack rate in gal/SY is the gallons shot divided by the square yards covered; the required tack rate is not confirmed.'))).toBe(false)
  })
})

describe('question terms and coverage', () => {
  it('drops generic words and recognises a figure question', () => {
    const terms = questionTerms(analysis('What is the SCDOT standard spacing for guardrail posts?'))
    expect(terms.terms).toEqual(tokenize('spacing guardrail posts'))
    expect(terms.wantsFigure).toBe(true)
    expect(questionTerms(analysis('what section covers hot mix asphalt')).wantsFigure).toBe(false)
  })

  it('holds an SCDOT identifier however it was typed, and no apostrophe-less question word', () => {
    expect(questionTerms(analysis('whats sc t 22')).terms).toEqual(['sc-t-22'])
    expect(questionTerms(analysis('sc m 810-4 seeding')).terms).toEqual(['sc-m-810-4', ...tokenize('seeding')])
  })

  it("keeps the asking verbs of a how-to-work-it-out question out of its content terms", () => {
    const tack = questionTerms(analysis('how do i figure the tack rate'))
    expect(tack.wantsFormula).toBe(true)
    expect(tack.terms).toEqual(tokenize('tack rate'))
    expect(questionTerms(analysis('compute asphalt spread rate from tonnage')).terms).not.toContain(tokenize('compute')[0])
    // Without the asking, 'figure' stays a word of the question ('figure 6H-10').
    expect(questionTerms(analysis('which figure shows the lane closure')).terms).toContain(tokenize('figure')[0])
  })

  it('matches agent nouns to their verbs and units to their abbreviations', () => {
    expect(stemsMatch('flagger', 'flag')).toBe(true)
    expect(stemsMatch('con', 'concrete')).toBe(false)
    const terms = questionTerms(analysis('Is a trench box needed for a 4 foot deep trench?'))
    expect(termFound(terms, 'foot', ['ft'])).toBe(true)
    expect(termFound(terms, 'deep', ['depth'])).toBe(true)
  })

  it('credits a synonym only when the question wrote the member whole', () => {
    const hma = questionTerms(analysis('hma density'))
    expect(termFound(hma, 'hma', ['hot', 'mix', 'asphalt'])).toBe(true)
    const concrete = questionTerms(analysis('concrete strength'))
    // 'asphalt concrete' is an HMA synonym, but the question only says 'concrete'.
    expect(termFound(concrete, 'concrete', ['hma'])).toBe(false)
  })

  it('weights coverage by the weights given', () => {
    const terms = questionTerms(analysis('lanes on I-26 at Columbia'))
    expect(coverage(terms, tokenize('lane closures'))).toBeCloseTo(1 / 3)
    const weights = new Map([...tokenize('lanes'), 'i-26', 'columbia'].map((term, i) => [term, [1, 5, 4][i]!] as const))
    expect(coverage(terms, tokenize('lane closures'), weights)).toBeCloseTo(0.1)
  })
})
