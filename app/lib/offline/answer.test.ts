import { describe, expect, it } from 'vitest'
import { answerOffline, OFFLINE_ENGINE, prepareIndex, scoreStatements } from './answer'
import type { OfflineEntry, OfflineIndex } from './types'

const entry = (over: Partial<OfflineEntry> & Pick<OfflineEntry, 'id' | 'title' | 'statements'>): OfflineEntry => ({
  kind: 'drawing',
  where: over.title,
  citation: { type: 'other', reference: over.title, documentType: 'SCDOT', url: '/documents' },
  url: '/documents',
  refs: [],
  ...over,
})

const INDEX: OfflineIndex = {
  version: 'test-1',
  generatedAt: '2026-11-21T00:00:00.000Z',
  entries: [
    entry({
      id: 'b501',
      title: 'Drawing B501 Bridge Deck Concrete',
      refs: ['b501', '701.1.1'],
      citation: { type: 'drawing', reference: 'Drawing B501', documentType: 'SCDOT Standard Drawings', url: '/documents#drawing-b501' },
      url: '/documents#drawing-b501',
      statements: [
        'The product reference for bridge deck concrete is 4,500 psi at 28 days; confirm it against the plans. [product field-reference]',
        'Keep the deck surface wet with curing compound or burlap. [Section 702]',
      ],
    }),
    entry({
      id: 'g501',
      title: 'Drawing G501 W-Beam Guardrail Installation',
      refs: ['g501'],
      citation: { type: 'drawing', reference: 'Drawing G501', documentType: 'SCDOT Standard Drawings', url: '/documents#drawing-g501' },
      statements: ['Line post spacing for a standard W-beam run is 6 ft 3 in (6.25 ft) center to center. [MASH MGS]', 'Top of W-beam rail height is 31 in above the finished grade.'],
    }),
    entry({
      id: '401',
      kind: 'spec-section',
      title: 'Section 401 Hot-Mix Asphalt Pavement',
      refs: ['401', '401.4'],
      citation: { type: 'section', reference: 'Section 401.4 (2007)', documentType: 'SCDOT Standard Specifications (2007)', url: 'https://scdot.example/401' },
      statements: ['Place hot mix asphalt only when the air temperature is at least 40 F and rising. [Section 401.4]', 'Compact each lift to the density in SC-M-400.'],
    }),
    entry({
      id: 'pcc',
      kind: 'cheat-sheet',
      title: 'Concrete cheat sheet',
      statements: ['Pavement concrete is 4,000 psi at 28 days in the product reference.', 'Slump for pavement concrete is checked at the truck.'],
    }),
  ],
}

const prepared = prepareIndex(INDEX)

describe('answerOffline', () => {
  it('quotes the matching statement with its citation and says it is offline', () => {
    const result = answerOffline(prepared, 'What strength is bridge deck concrete?')
    expect(result.searchEngine).toBe(OFFLINE_ENGINE)
    expect(result.answer).toContain('4,500 psi')
    expect(result.answer).toContain('(Drawing B501)')
    expect(result.exactCitations[0]?.reference).toBe('Drawing B501')
    expect(result.sources[0]).toMatchObject({ relevance: 'primary', url: '/documents#drawing-b501' })
    expect(['medium', 'low']).toContain(result.confidence)
  })

  it('recognises quantities written with or without a thousands comma', () => {
    const { scored } = scoreStatements(prepared, '4500 psi concrete')
    expect(scored[0]?.statement.text).toContain('4,500 psi')
    const result = answerOffline(prepared, 'is 4000 psi right for pavement concrete')
    expect(result.answer).toContain('4,000 psi')
  })

  it('uses the online synonyms: HMA finds hot mix asphalt, guard rail finds W-beam guardrail', () => {
    expect(answerOffline(prepared, 'HMA placement temperature').answer).toContain('at least 40 F')
    expect(answerOffline(prepared, 'guard rail post spacing').answer).toContain('6.25 ft')
  })

  it('matches section and drawing numbers exactly', () => {
    const result = answerOffline(prepared, 'Section 401.4')
    expect(result.exactCitations[0]?.reference).toBe('Section 401.4 (2007)')
    expect(result.confidence).toBe('medium')
    expect(answerOffline(prepared, 'drawing G501').exactCitations[0]?.reference).toBe('Drawing G501')
  })

  it("never claims high confidence, and says I don't know when nothing matches", () => {
    for (const question of ['bridge deck concrete strength', 'Section 401.4', 'guardrail post spacing', 'pavement concrete psi']) {
      expect(answerOffline(prepared, question).confidence).not.toBe('high')
    }
    const unknown = answerOffline(prepared, 'How do I renew a fishing licence?')
    expect(unknown.confidence).toBe('unknown')
    expect(unknown.answer).toMatch(/^I don't know/)
    expect(unknown.exactCitations).toEqual([])
    expect(unknown.sources).toEqual([])
  })

  it('does not answer for another state', () => {
    const result = answerOffline(prepared, 'NCDOT bridge deck concrete strength')
    expect(result.confidence).toBe('unknown')
    expect(result.answer).toContain('South Carolina')
  })

  it('one rare word shared with a statement does not answer a two-word question', () => {
    // 'burlap' is in one statement and 'psi' in others, never together.
    expect(answerOffline(prepared, 'burlap psi').confidence).toBe('unknown')
    expect(answerOffline(prepared, 'burlap curing').confidence).not.toBe('unknown')
  })

  it('a question half about something else is not answered from a single shared word', () => {
    expect(answerOffline(prepared, 'concrete mixer truck licence plate renewal fee').confidence).toBe('unknown')
  })
})
