import { describe, expect, it } from 'vitest'
import { buildOfflineIndex, entryOf, MAX_STATEMENT_CHARS, statementsOf, type IndexRow } from './index-builder'

const row = (over: Partial<IndexRow>): IndexRow => ({
  chunkId: 'corpus:drawings/drawing-b501.md#spec',
  documentId: 'corpus:drawings/drawing-b501.md',
  documentKind: 'drawing',
  documentTitle: 'Drawing B501 Bridge Deck Concrete and Reinforcement',
  document: 'SCDOT Standard Drawings',
  edition: null,
  section: 'B501',
  sectionTitle: 'Bridge Deck Concrete and Reinforcement',
  headingPath: 'Drawing B501 > Specifications > Deck concrete',
  chunkKind: 'drawing',
  text: '- Deck concrete is 4,500 psi at 28 days. [product field-reference]\n- Cure for 7 days. [Section 702]',
  pageStart: null,
  pageEnd: null,
  url: '/documents#drawing-b501',
  refs: ['B501', '701.1.1'],
  ...over,
})

describe('statementsOf', () => {
  it('keeps each bullet whole with its bracketed source, splits prose into sentences, drops the verify notice', () => {
    expect(statementsOf('- Deck concrete is 4,500 psi at 28 days. [Section 701]\n- Cure it for seven days.')).toEqual([
      'Deck concrete is 4,500 psi at 28 days. [Section 701]',
      'Cure it for seven days.',
    ])
    expect(statementsOf('The first sentence is here. The second one follows.\nVerify against the current official SCDOT documents before use.')).toEqual([
      'The first sentence is here.',
      'The second one follows.',
    ])
  })

  it('caps statement length', () => {
    const [long] = statementsOf(`- ${'word '.repeat(200)}`)
    expect(long!.length).toBeLessThanOrEqual(MAX_STATEMENT_CHARS)
  })
})

describe('entryOf / buildOfflineIndex', () => {
  it('cites a drawing as the online answers do and links to its detail view', () => {
    const entry = entryOf(row({}))!
    expect(entry.citation).toMatchObject({ type: 'drawing', reference: 'Drawing B501', url: '/documents#drawing-b501' })
    expect(entry.refs).toEqual(['b501', '701.1.1'])
    expect(entry.statements).toHaveLength(2)
  })

  it('leaves out kinds the field index does not carry, and versions by content', () => {
    const index = buildOfflineIndex([row({}), row({ chunkId: 'defect:1', documentKind: 'defect' }), row({ chunkId: 'cat:1', documentKind: 'catalogue' })])
    expect(index.entries.map((e) => e.id)).toEqual(['corpus:drawings/drawing-b501.md#spec'])
    const again = buildOfflineIndex([row({})])
    expect(again.version).toBe(index.version)
    expect(buildOfflineIndex([row({ text: '- Deck concrete is 5,000 psi now. [x]' })]).version).not.toBe(index.version)
  })
})
