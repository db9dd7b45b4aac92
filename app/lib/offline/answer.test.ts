import { describe, expect, it } from 'vitest'
import { extractiveResult, prepare } from '../search/core/compose'
import { localRetrieval } from '../search/core/knowledge'
import { answerOffline, OFFLINE_ENGINE, OFFLINE_NOTE, prepareIndex } from './answer'
import type { OfflineIndex, OfflinePassage } from './types'

const passage = (over: Partial<OfflinePassage> & Pick<OfflinePassage, 'chunkId' | 'documentTitle' | 'text'>): OfflinePassage => ({
  documentId: `corpus:${over.chunkId}`,
  documentKind: 'drawing',
  document: 'SCDOT Standard Drawings (field summary records)',
  edition: null,
  section: null,
  sectionTitle: null,
  headingPath: over.documentTitle,
  chunkKind: 'drawing',
  pageStart: null,
  pageEnd: null,
  url: '/documents',
  ...over,
})

const INDEX: OfflineIndex = {
  format: 2,
  version: 'test-2',
  generatedAt: '2026-11-21T00:00:00.000Z',
  sheets: [{ id: 'guardrail', title: 'Guardrail', keywords: ['guardrail', 'post spacing'], criticalChecks: [] }],
  commonWords: 'the road paint white night black have must/S',
  passages: [
    passage({
      chunkId: 'b501',
      documentTitle: 'Drawing B501 Bridge Deck Concrete',
      section: 'B501',
      url: '/documents#drawing-b501',
      text: '- Bridge deck concrete: 4,500 psi at 28 days (product reference; confirm against the plans). [product field-reference]\n- Keep the deck surface wet while it cures. [Section 702]',
    }),
    passage({
      chunkId: 'g501',
      documentTitle: 'Drawing G501 W-Beam Guardrail Installation',
      section: 'G501',
      url: '/documents#drawing-g501',
      text: '- Line post spacing, standard W-beam run: 6 ft 3 in (6.25 ft) center to center. [MGS test record]\n- Top of W-beam rail height: 31 in above the finished grade. [MwRSF report 57]',
    }),
    passage({
      chunkId: 'm601',
      documentTitle: 'Drawing M601 Pavement Markings',
      section: 'M601',
      url: '/documents#drawing-m601',
      text: '- Initial retroreflectivity, white paint: 250 mcd/m2/lx minimum. [product field-reference]\n- Glass beads meet AASHTO M 247. [Section 625]',
    }),
  ],
}

const prepared = prepareIndex(INDEX)

describe('answerOffline: the search core on the saved corpus', () => {
  it('answers a plain field question with the figure and its citation, and says it is offline', () => {
    const result = answerOffline(prepared, 'how far apart do the posts go on a run of guard rail')
    expect(result.searchEngine).toBe(OFFLINE_ENGINE)
    expect(result.roleSpecificNotes[0]).toBe(OFFLINE_NOTE)
    expect(result.answer).toContain('6 ft 3 in')
    expect(result.answer).toContain('(Drawing G501)')
    expect(result.exactCitations[0]?.reference).toBe('Drawing G501')
    expect(result.cheatSheetSuggestions).toContain('guardrail')
  })

  it('bridges field words and corrects spelling with the vocabulary of the saved corpus', () => {
    expect(answerOffline(prepared, 'how shiny does new white paint have to be at night').answer).toContain('250')
    expect(answerOffline(prepared, 'gaurd rail post spaceing').answer).toContain('6 ft 3 in')
  })

  it('gives the answer the core gives for the same candidates: one engine', () => {
    const question = 'how tall is the top of the guardrail'
    const { analysis, passages } = localRetrieval(question, prepared.passages, prepared.knowledge)
    const core = extractiveResult(prepare(question, analysis, passages, prepared.knowledge.stats, prepared.sheets))
    const offline = answerOffline(prepared, question)
    expect(offline.answer).toBe(core.answer)
    expect(offline.confidence).toBe(core.confidence)
  })

  it("says I don't know, or that it covers South Carolina only, when it should", () => {
    expect(answerOffline(prepared, 'What is the Georgia DOT rail height?')).toMatchObject({ engine: 'scope', confidence: 'unknown' })
    expect(answerOffline(prepared, 'shrimp and grits recipe')).toMatchObject({ engine: 'scope', confidence: 'unknown' })
    const unknown = answerOffline(prepared, 'how many bolts go in a guardrail splice')
    expect(unknown.answer.startsWith("I don't know")).toBe(true)
  })
})
