import { describe, expect, it } from 'vitest'
import { extractRefs, joinScdotRefs, normalizeRef, withParents } from './refs'

describe('extractRefs', () => {
  it.each([
    ['Section 401', ['401']],
    ['See Subsection 401.4 of this section', ['401.4']],
    ['401.4.2 Job Mix Formula', ['401.4.2']],
    ['703.04 Epoxy-coated bars', ['703.04']],
    ['Division 400', ['400']],
    ['Sections 401 and 402', ['401', '402']],
    ['Sections 300 to 301 apply', ['300', '301']],
    ['## 101-108 In the 2025 book', ['101', '102', '103', '104', '105', '106', '107', '108']],
    ['## 810 Seed mixes', ['810']],
    ['401', ['401']],
  ])('reads spec sections in %j', (text, refs) => {
    expect(extractRefs(text)).toEqual(refs)
  })

  it.each([
    ['SC-T-29', 'sc-t-29'],
    ['sc t 29', 'sc-t-29'],
    ['sct29', 'sc-t-29'],
    ['SC T-29 1 Scope', 'sc-t-29'],
    ['SC-M-400 (04/15)', 'sc-m-400'],
    ['SC-M-810-4', 'sc-m-810-4'],
    ['scm 402', 'sc-m-402'],
    ['AASHTO T 99', 'aashto-t99'],
    ['aashto t-99', 'aashto-t99'],
    ['ASTM D 1557', 'astm-d1557'],
    ['Drawing G501', 'g501'],
    ['drawing-s101', 's101'],
    ['G-501', 'g501'],
    ['drawing g 501', 'g501'],
    ['MUTCD Table 6H-3', '6h-3'],
    ['Section 6C.08', '6c.08'],
    ['6c.8', '6c.08'],
    ['29 CFR 1926.652(a)(1)', '1926.652'],
    ['OSHA 1926.1153', '1926.1153'],
    ['SC Code 56-5-1535(A)', '56-5-1535'],
    ['Table 401-1 Job Mix Formula Tolerances', 'table-401-1'],
  ])('reads the identifier in %j as %j', (text, ref) => {
    expect(extractRefs(text)[0]).toBe(ref)
  })

  it('does not turn quantities, reports, dates or codes into refs', () => {
    expect(extractRefs('a 100 ft buffer and 350 ft spacing')).toEqual([])
    expect(extractRefs('one reading per 500-ft section; one core per 1,500-ft section')).toEqual([])
    expect(extractRefs('MwRSF report 325; issue 72729; 2,500 tons; 145.5 pcf; $150.00')).toEqual([])
    expect(extractRefs('test record TRP-03-262-12, revised 7-15-2020, page 401-3')).toEqual([])
    expect(extractRefs('placed at 250.5 ft and 300.25 feet')).toEqual([])
  })

  it('keeps a supplemental spec whole (no drawing M400 inside SC-M-400)', () => {
    expect(extractRefs('Specification sections: 401, SC-M-400, SC-M-402.')).toEqual(['sc-m-400', 'sc-m-402', '401'])
    expect(extractRefs('ASTM C150 cement')).toEqual(['astm-c150'])
  })

  it('de-duplicates and lower-cases', () => {
    expect(extractRefs('Drawing G501 and g501 and G-501; SC-T-29 and sc-t-29')).toEqual(['sc-t-29', 'g501'])
  })

  it('counts bare numbers in a question only with { query: true }, never with a unit', () => {
    expect(extractRefs('what does 401 say about density')).toEqual([])
    expect(extractRefs('what does 401 say about density', { query: true })).toEqual(['401'])
    expect(extractRefs('is a 100 ft buffer enough at 450 mph', { query: true })).toEqual([])
    expect(extractRefs('the 805 series', { query: true })).toEqual(['805'])
    expect(extractRefs('compaction for 95% of 2,500 tons', { query: true })).toEqual([])
  })

  it('reads bare numbers given as values in a question as values, not sections', () => {
    expect(extractRefs('If binder is 105, gradation 100 and density 95 percent, what is the pay factor?', { query: true })).toEqual([])
    expect(extractRefs('the mat temperature is 285', { query: true })).toEqual([])
    expect(extractRefs('requirements of 714 for pipe', { query: true })).toEqual(['714'])
    expect(extractRefs('section 401 and section 402', { query: true })).toEqual(['401', '402'])
  })
})

describe('joinScdotRefs', () => {
  it('writes a spaced or run-together SCDOT identifier as one word and leaves other text alone', () => {
    expect(joinScdotRefs('whats sc t 22')).toBe('whats sc-t-22')
    expect(joinScdotRefs('SC M 810-4 and sct29, SC-T-31')).toBe('sc-m-810-4 and sc-t-29, sc-t-31')
    expect(joinScdotRefs('the sc road section 401.4')).toBe('the sc road section 401.4')
  })
})

describe('normalizeRef', () => {
  it('gives the canonical form of one identifier', () => {
    expect(normalizeRef(' SC T 29 ')).toBe('sc-t-29')
    expect(normalizeRef('Drawing G-501')).toBe('g501')
    expect(normalizeRef('401')).toBe('401')
    expect(normalizeRef('29 CFR 1926.652')).toBe('1926.652')
    expect(normalizeRef('Something Else')).toBe('something else')
  })
})

describe('withParents', () => {
  it('lists the containing sections of a decimal section number', () => {
    expect(withParents('401.4.2')).toEqual(['401.4.2', '401.4', '401'])
    expect(withParents('401')).toEqual(['401'])
    expect(withParents('sc-t-29')).toEqual(['sc-t-29'])
  })
})
