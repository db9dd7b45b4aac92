import { describe, expect, it } from 'vitest'
import { safeHref, toResultView } from './result-view'

describe('toResultView', () => {
  it('reads a full result', () => {
    const view = toResultView({
      answer: ' Compact to 92% of maximum density. ',
      confidence: 'high',
      roleSpecificNotes: 'Check the roller pattern.',
      searchEngine: 'extractive',
      sources: [
        { title: 'Standard Specifications 2025', section: '401.4.14', specificLocation: 'Page 412', relevance: 'primary', url: 'https://www.scdot.org/spec.pdf' },
      ],
      exactCitations: [{ type: 'section', reference: 'Section 401.4.14', documentType: 'Standard Specifications', url: '/documents' }],
    })
    expect(view).toEqual({
      answer: 'Compact to 92% of maximum density.',
      notes: ['Check the roller pattern.'],
      searchEngine: 'extractive',
      sources: [
        {
          title: 'Standard Specifications 2025',
          section: '401.4.14',
          location: 'Page 412',
          relevance: 'primary',
          url: 'https://www.scdot.org/spec.pdf',
        },
      ],
      citations: [{ type: 'section', reference: 'Section 401.4.14', documentType: 'Standard Specifications', url: '/documents' }],
    })
  })

  it('never fails on missing or malformed fields', () => {
    const empty = { answer: null, notes: [], searchEngine: null, sources: [], citations: [] }
    expect(toResultView(undefined)).toEqual(empty)
    expect(toResultView(null)).toEqual(empty)
    expect(toResultView('text')).toEqual(empty)
    expect(toResultView([1, 2])).toEqual(empty)
    expect(toResultView({ answer: 42, sources: 'nope', exactCitations: { reference: 'x' } })).toEqual({ ...empty, answer: '42' })
    expect(
      toResultView({
        sources: [null, 'x', { section: '105.2' }, { title: '' }, { title: 'T', url: 'javascript:alert(1)', section: 7 }],
        exactCitations: [{ type: 'drawing' }, { reference: 'G501', url: 'ftp://x' }],
        roleSpecificNotes: ['one', 2, { no: 1 }, ''],
      }),
    ).toEqual({
      ...empty,
      notes: ['one', '2'],
      sources: [
        { title: '105.2', section: null, location: null, relevance: null, url: null },
        { title: 'T', section: '7', location: null, relevance: null, url: null },
      ],
      citations: [{ type: null, reference: 'G501', documentType: null, url: null }],
    })
  })
})

describe('safeHref', () => {
  it('keeps http(s) and local paths only', () => {
    expect(safeHref('https://www.scdot.org/a b')).toBe('https://www.scdot.org/a%20b')
    expect(safeHref('http://example.com/')).toBe('http://example.com/')
    expect(safeHref('/documents#drawing-g501')).toBe('/documents#drawing-g501')
    expect(safeHref('//evil.test')).toBeNull()
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref(' JaVaScRiPt:alert(1)')).toBeNull()
    expect(safeHref('data:text/html,x')).toBeNull()
    expect(safeHref(42)).toBeNull()
  })
})
