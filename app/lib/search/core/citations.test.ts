import { describe, expect, it } from 'vitest'
import { exactCitationsOf, quotedCitationsOf } from './citations'
import { passage } from './test-passages'

const flaggers = passage({
  chunkId: 'corpus:drawings/drawing-s104.md#1',
  documentId: 'corpus:drawings/drawing-s104.md',
  documentKind: 'drawing',
  documentTitle: 'Flagger Station',
  document: 'SCDOT Standard Drawings (field summary records)',
  section: 'S104',
  url: '/documents#drawing-s104',
  text: '- Flaggers on SCDOT work follow MUTCD Part 6 under OSHA rules. [29 CFR 1926.200(g), 1926.201(a)]',
})

describe('quoted citations', () => {
  it('lists a regulation quoted in the answer that the passage citations do not name', () => {
    const answer = flaggers.text.slice(2)
    const own = exactCitationsOf([flaggers])
    expect(own.map((c) => c.reference)).toEqual(['Drawing S104'])
    expect(quotedCitationsOf(answer, [flaggers], own)).toEqual([
      { type: 'other', reference: '29 CFR 1926.200(g), 1926.201(a)', documentType: 'Cited in Drawing S104', url: '/documents#drawing-s104' },
    ])
  })

  it('skips brackets that name no document, or only documents already cited', () => {
    const plain = passage({ text: '- Keep it clean. [field practice]', section: 'SC-M-400' })
    expect(quotedCitationsOf('Keep it clean. [field practice]', [plain], exactCitationsOf([plain]))).toEqual([])
    const cores = passage({ text: '- One core per 1,500 ft. [SC-M-400, 2018 revision]', section: 'SC-M-400 (2018)' })
    expect(quotedCitationsOf('One core per 1,500 ft. [SC-M-400, 2018 revision]', [cores], exactCitationsOf([cores]))).toEqual([])
  })

  it('ignores a bracket that no used passage carries', () => {
    expect(quotedCitationsOf('Invented. [29 CFR 1926.652]', [flaggers], [])).toEqual([])
  })
})
