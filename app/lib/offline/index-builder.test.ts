import { describe, expect, it } from 'vitest'
import { buildOfflineIndex } from './index-builder'
import type { OfflinePassage } from './types'

const passage = (id: string, text: string): OfflinePassage => ({
  chunkId: id,
  documentId: `corpus:${id}`,
  documentKind: 'drawing',
  documentTitle: `Record ${id}`,
  document: 'SCDOT Standard Drawings (field summary records)',
  edition: null,
  section: id.toUpperCase(),
  sectionTitle: null,
  headingPath: `Record ${id}`,
  chunkKind: 'drawing',
  text,
  pageStart: null,
  pageEnd: null,
  url: `/documents#drawing-${id}`,
})

describe('buildOfflineIndex', () => {
  const sheets = [{ id: 'guardrail', title: 'Guardrail', keywords: ['guardrail'], criticalChecks: [] }]

  it('holds every passage whole, in id order, with the sheets and the common words', () => {
    const index = buildOfflineIndex([passage('g501', '- Post spacing 6 ft 3 in.'), passage('b501', '- Deck 4,500 psi.')], sheets, 'walk/dgs road', new Date(0))
    expect(index.format).toBe(2)
    expect(index.passages.map((p) => p.chunkId)).toEqual(['b501', 'g501'])
    expect(index.passages[1]!.text).toBe('- Post spacing 6 ft 3 in.')
    expect(index.sheets).toEqual(sheets)
    expect(index.commonWords).toBe('walk/dgs road')
    expect(index.generatedAt).toBe('1970-01-01T00:00:00.000Z')
  })

  it('versions by content: the same content gives the same version, any change another', () => {
    const a = buildOfflineIndex([passage('g501', 'x one')], sheets, 'road')
    expect(buildOfflineIndex([passage('g501', 'x one')], sheets, 'road').version).toBe(a.version)
    expect(buildOfflineIndex([passage('g501', 'x two')], sheets, 'road').version).not.toBe(a.version)
    expect(buildOfflineIndex([passage('g501', 'x one')], [], 'road').version).not.toBe(a.version)
    expect(buildOfflineIndex([passage('g501', 'x one')], sheets, 'roads').version).not.toBe(a.version)
  })
})
