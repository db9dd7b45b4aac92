import { describe, expect, it } from 'vitest'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'
import { citationOf, exactCitationsOf, sourcesOf } from './citations'
import { DONT_KNOW, SCOPE_MESSAGE, extractiveResult, prepare } from './compose'
import type { CheatSheetInfo } from './answer-suggestions'
import { buildCorpusStats, rankingText } from './rank'
import { analysis, asphaltCores, guardrailChecks, guardrailDrawing, passage, section401, slumpNotConfirmed as slump } from './test-passages'

const sheets: CheatSheetInfo[] = [
  {
    id: 'guardrail',
    title: 'Guardrail',
    keywords: ['guardrail', 'guard rail', 'post spacing', 'rail height'],
    criticalChecks: ['Measure top-of-rail height at every post of a new run. [MwRSF report 57]'],
  },
  { id: 'asphalt', title: 'Asphalt Paving', keywords: ['asphalt', 'hma', 'cores'], criticalChecks: ['Check core locations are random.'] },
  { id: 'bridge-deck', title: 'Bridge Deck Inspection', keywords: ['bridge deck'], criticalChecks: ['Check cover.'] },
]

const lanes = passage({ text: '- A lane closure on a multilane road needs a merging taper. [MUTCD 6G.12]', section: 'MUTCD 6G.12' })
const arithmetic = passage({
  documentTitle: 'Hot-Mix Asphalt Pavement',
  section: '401',
  headingPath: 'Hot-Mix Asphalt Pavement > 401 Spread rate and tack arithmetic',
  text: [
    '- Spread rate in lb/SY is the tons placed times 2,000 divided by the square yards covered. [product calculator arithmetic]',
    '- Tack rate in gal/SY is the gallons shot divided by the square yards covered; the required tack rate is not confirmed from an SCDOT document. [product calculator arithmetic]',
  ].join('\n'),
})
const passages = [guardrailDrawing, guardrailChecks, asphaltCores]
// The corpus the core weighs terms against: these passages and a few more.
const stats = buildCorpusStats([...passages, section401, lanes, slump, arithmetic].map(rankingText))
const answer = (query: string, candidates = passages, overrides = {}) => extractiveResult(prepare(query, analysis(query, overrides), candidates, stats, sheets))

describe('extractive search result', () => {
  it('fills every §3 field honestly for an answerable question, the figure leading', () => {
    const query = 'What is the standard spacing for guardrail posts?'
    const result = answer(query)
    expect(result.query).toBe(query)
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe('Extractive answer from the SCDOT corpus (no AI model)')
    expect(result.answer.split('\n')[0]).toMatch(/^6 ft 3 in: Line post spacing.*6 ft 3 in \(6\.25 ft\) center to center/)
    expect(result.answer).toContain('[MGS test record] (Drawing G501)')
    expect(['high', 'medium']).toContain(result.confidence)
    expect(result.exactCitations[0]).toEqual({
      type: 'drawing',
      reference: 'Drawing G501',
      documentType: 'SCDOT Standard Drawings (field summary records)',
      url: '/documents#drawing-g501',
    })
    expect(result.sources[0]).toMatchObject({ relevance: 'primary', section: 'Drawing G501', url: '/documents#drawing-g501' })
    expect(result.sources.some((s) => s.relevance === 'reference' && s.section === 'SC-M-400')).toBe(true)
    expect(result.cheatSheetSuggestions).toEqual(['guardrail'])
    expect(result.calculationSuggestions).toEqual([])
    expect(result.roleSpecificNotes.at(-1)).toBe(VERIFICATION_NOTICE)
    expect(result.featureSuggestions.map((f) => f.type)).toEqual(['voice_search', 'achievements'])
    expect(result.engagementText).toMatch(/^Answer drawn from \d+ passages? in 1 document of the SCDOT corpus \(3 passages searched and ranked\)\.$/)
    expect(result).toMatchObject({ isDiagnostic: false, diagnosticResult: null, fileName: null, imageAnalysis: null, corrections: [] })
  })

  it("says I don't know when the passages do not hold the figure asked for, and lists the nearest sources", () => {
    const result = answer('How many lanes does I-26 have near Columbia?', [lanes, asphaltCores])
    expect(result.answer.startsWith(DONT_KNOW)).toBe(true)
    expect(['low', 'unknown']).toContain(result.confidence)
    expect(result.exactCitations).toEqual([])
    expect(result.sources.map((s) => s.relevance)).toEqual(['reference', 'reference'])
  })

  it('abstains with the corpus’s own words when the corpus says it holds no confirmed value', () => {
    const result = answer('what slump is allowed on structural concrete', [slump, ...passages])
    expect(result.answer.startsWith(DONT_KNOW)).toBe(true)
    expect(result.answer).toContain('What the corpus says: Slump, air content and concrete temperature limits were not confirmed')
    expect(result.confidence).toBe('low')
  })

  // Whether it is answered is the fitted answer model's call on the whole corpus (tests/integration/answer.test.ts
  // asks this question of the bundled corpus); on these few passages the core must lead with the method, and the
  // rule for a corpus that holds no confirmed value must not settle it.
  it('leads how to work a rate out with the method for that rate, though the corpus holds no required value', () => {
    const query = 'how do i figure the tack rate'
    const prepared = prepare(query, analysis(query), [arithmetic, ...passages], stats, sheets)
    expect(prepared.decision.rule).toBeNull()
    expect(prepared.facts[0]?.fact.body).toContain('Tack rate in gal/SY is the gallons shot divided by the square yards covered')
    expect(extractiveResult(prepared).answer).toContain('Tack rate in gal/SY is the gallons shot divided by the square yards covered')
  })

  it('answers another state with the scope message, confidence unknown', () => {
    const query = "What is Georgia DOT's asphalt compaction requirement?"
    const result = answer(query, passages, { otherState: 'Georgia' })
    expect(result.engine).toBe('scope')
    expect(result.answer.startsWith(SCOPE_MESSAGE)).toBe(true)
    expect(result.answer).toContain("Georgia's")
    expect(result.confidence).toBe('unknown')
    expect(result.cheatSheetSuggestions).toEqual([])
  })

  it('answers an off-topic question with the scope message and no sources', () => {
    expect(answer('Who won the 2024 World Series?')).toMatchObject({ engine: 'scope', confidence: 'unknown', sources: [], exactCitations: [] })
    expect(answer('shrimp and grits recipe')).toMatchObject({ engine: 'scope', confidence: 'unknown' })
  })

  it('never refuses a field question in plain words as out of scope', () => {
    for (const query of ['how far apart do the posts go on a run of guard rail', 'how many cores do we pull on the mat', 'how tall does the rail sit']) {
      expect(answer(query).engine, query).not.toBe('scope')
    }
  })

  it('keeps corrections from the analysis', () => {
    const query = 'guardrial post spacing'
    const result = answer(query, passages, { corrected: 'guardrail post spacing', corrections: [{ from: 'guardrial', to: 'guardrail' }] })
    expect(result.corrections).toEqual([{ from: 'guardrial', to: 'guardrail' }])
    expect(result.query).toBe(query)
  })
})

describe('citations', () => {
  it('formats sections with edition and PDF pages, drawings, tables and unconfirmed numbers', () => {
    expect(citationOf(section401).reference).toBe('Section 401.4.30 (2007)')
    expect(citationOf({ ...section401, pageStart: 12, pageEnd: 14, documentKind: 'spec-book', chunkKind: 'table' })).toMatchObject({
      type: 'table',
      reference: 'Section 401.4.30 (2007), pp. 12-14',
    })
    // A book that prints its page labels is cited by them; the link goes to the PDF page.
    const printed = { ...section401, pageStart: 12, pageEnd: 13, pageLabelStart: '401-3', pageLabelEnd: '401-4', documentKind: 'spec-book', url: 'https://scdot.example/book.pdf#page=12' }
    expect(citationOf(printed)).toMatchObject({ reference: 'Section 401.4.30 (2007), pp. 401-3 to 401-4', url: 'https://scdot.example/book.pdf#page=12' })
    expect(citationOf({ ...printed, pageEnd: 12, pageLabelEnd: '401-3' }).reference).toBe('Section 401.4.30 (2007), p. 401-3')
    expect(sourcesOf([printed], [])[0]!.specificLocation).toContain('PDF pages 12-13')
    expect(citationOf({ ...section401, section: '300-301' }).reference).toBe('Sections 300-301 (2007)')
    expect(citationOf({ ...section401, section: 'MUTCD 6H-3', edition: '2009' })).toMatchObject({ type: 'table', reference: 'Table 6H-3' })
    expect(citationOf({ ...section401, section: '(to verify)', documentTitle: 'Guardrail and barriers (topic note)' })).toMatchObject({
      type: 'other',
      reference: 'Guardrail and barriers (topic note)',
    })
    expect(citationOf(asphaltCores)).toMatchObject({ type: 'other', reference: 'SC-M-400', documentType: 'SCDOT Supplemental Technical Specification SC-M-400 (2018)' })
  })

  it('deduplicates citations and sources', () => {
    expect(exactCitationsOf([guardrailDrawing, guardrailChecks])).toHaveLength(1)
    const sources = sourcesOf([guardrailDrawing], [guardrailChecks, asphaltCores])
    expect(sources.map((s) => [s.section, s.relevance])).toEqual([
      ['Drawing G501', 'primary'],
      ['SC-M-400', 'reference'],
    ])
  })
})
