import { describe, expect, it } from 'vitest'
import { VERIFICATION_NOTICE } from '~/lib/corpus/schema'
import { citationOf, exactCitationsOf, sourcesOf } from './citations'
import { DONT_KNOW, SCOPE_MESSAGE, extractiveResult, prepare } from './compose'
import { checkScope } from './scope'
import { gatherEvidence } from './evidence'
import type { CheatSheetInfo } from './answer-suggestions'
import { analysis, asphaltCores, guardrailChecks, guardrailDrawing, passage, section401 } from './test-passages'
import { questionTerms } from './text'

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

const passages = [guardrailDrawing, guardrailChecks, asphaltCores]

describe('extractive search result', () => {
  it('fills every §3 field honestly for an answerable question', () => {
    const query = 'What is the standard spacing for guardrail posts?'
    const result = extractiveResult(prepare(query, analysis(query), passages, sheets))
    expect(result.query).toBe(query)
    expect(result.engine).toBe('extractive')
    expect(result.searchEngine).toBe('Extractive answer from the SCDOT corpus (no AI model)')
    expect(result.answer.split('\n')[0]).toContain('6 ft 3 in (6.25 ft) center to center')
    expect(result.answer).toContain('[MGS test record] (Drawing G501)')
    expect(result.confidence).toBe('high')
    expect(result.exactCitations).toEqual([
      {
        type: 'drawing',
        reference: 'Drawing G501',
        documentType: 'SCDOT Standard Drawings (field summary records)',
        url: '/documents#drawing-g501',
      },
    ])
    expect(result.sources[0]).toMatchObject({ relevance: 'primary', section: 'Drawing G501', url: '/documents#drawing-g501' })
    expect(result.sources.some((s) => s.relevance === 'reference' && s.section === 'SC-M-400')).toBe(true)
    expect(result.cheatSheetSuggestions).toEqual(['guardrail'])
    expect(result.calculationSuggestions).toEqual([])
    expect(result.roleSpecificNotes.at(-1)).toBe(VERIFICATION_NOTICE)
    expect(result.roleSpecificNotes.some((tip) => tip.startsWith('Measure rail height and post spacing'))).toBe(true)
    expect(result.featureSuggestions.map((f) => f.type)).toEqual(['voice_search', 'achievements'])
    expect(result.engagementText).toMatch(/^Answer drawn from \d+ passages? in 1 document of the SCDOT corpus \(3 passages searched and ranked\)\.$/)
    expect(result).toMatchObject({ isDiagnostic: false, diagnosticResult: null, fileName: null, imageAnalysis: null, corrections: [] })
  })

  it("says I don't know below the floor and lists the nearest sources", () => {
    const lanes = passage({ text: '- A lane closure on a multilane road needs a merging taper. [MUTCD 6G.12]', section: 'MUTCD 6G.12' })
    const query = 'How many lanes does I-26 have near Columbia?'
    const result = extractiveResult(prepare(query, analysis(query), [lanes, asphaltCores], sheets))
    expect(result.answer).toBe(DONT_KNOW)
    expect(result.answer.startsWith("I don't know")).toBe(true)
    expect(['low', 'unknown']).toContain(result.confidence)
    expect(result.exactCitations).toEqual([])
    expect(result.sources.map((s) => [s.section, s.relevance])).toEqual([
      ['MUTCD 6G.12', 'reference'],
      ['SC-M-400', 'reference'],
    ])
  })

  it('answers another state with the scope message, confidence unknown', () => {
    const query = "What is Georgia DOT's asphalt compaction requirement?"
    const result = extractiveResult(prepare(query, analysis(query, { otherState: 'Georgia' }), passages, sheets))
    expect(result.engine).toBe('scope')
    expect(result.answer.startsWith(SCOPE_MESSAGE)).toBe(true)
    expect(result.answer).toContain("Georgia's")
    expect(result.confidence).toBe('unknown')
    expect(result.cheatSheetSuggestions).toEqual([])
  })

  it('answers an off-topic question with the scope message and no sources', () => {
    const query = 'Who won the 2024 World Series?'
    const result = extractiveResult(prepare(query, analysis(query), passages, sheets))
    expect(result).toMatchObject({ engine: 'scope', confidence: 'unknown', sources: [], exactCitations: [] })
  })

  it('keeps corrections from the analysis', () => {
    const query = 'guardrial post spacing'
    const result = extractiveResult(
      prepare(query, analysis(query, { corrected: 'guardrail post spacing', corrections: [{ from: 'guardrial', to: 'guardrail' }] }), passages, sheets),
    )
    expect(result.corrections).toEqual([{ from: 'guardrial', to: 'guardrail' }])
    expect(result.query).toBe(query)
  })
})

describe('scope check', () => {
  const evidenceFor = (query: string) => gatherEvidence(questionTerms(analysis(query)), passages)
  it('finds another state even when the analysis did not', () => {
    expect(checkScope(analysis('NCDOT rail height'), evidenceFor('NCDOT rail height'))).toMatchObject({ inScope: false, kind: 'other-state' })
  })
  it('keeps field questions in scope', () => {
    expect(checkScope(analysis('guardrail post spacing'), evidenceFor('guardrail post spacing'))).toEqual({ inScope: true })
    expect(checkScope(analysis('How many lanes does I-26 have?'), evidenceFor('How many lanes does I-26 have?'))).toEqual({ inScope: true })
  })
  it('sends a question with no field vocabulary and weak retrieval out of scope', () => {
    expect(checkScope(analysis('best pizza recipe'), evidenceFor('best pizza recipe'))).toEqual({ inScope: false, kind: 'off-topic' })
  })
})

describe('citations', () => {
  it('formats sections with edition and PDF pages, drawings, tables and unconfirmed numbers', () => {
    expect(citationOf(section401).reference).toBe('Section 401.4.30 (2007)')
    expect(citationOf({ ...section401, pageStart: 12, pageEnd: 14, documentKind: 'spec-book', chunkKind: 'table' })).toMatchObject({
      type: 'table',
      reference: 'Section 401.4.30 (2007), pp. 12-14',
    })
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
