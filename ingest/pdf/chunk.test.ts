import { describe, expect, it } from 'vitest'
import { chunkSections, slug, splitSentences } from './chunk'
import { parseSpecBook, type PageText } from './structure'

const META = { document: 'SCDOT Standard Specifications', edition: '2025' }

function sentence(n: number): string {
  return `Sentence ${n} tells the contractor to compact lift number ${n} before the mat cools below the limit.`
}

function paragraph(from: number, count: number): string {
  return Array.from({ length: count }, (_, i) => sentence(from + i)).join(' ')
}

function bookPages(overrides: { weather?: string } = {}): PageText[] {
  return [
    {
      num: 5,
      text: [
        'SECTION 401 HOT-MIX ASPHALT PAVEMENT',
        '401.2 Materials',
        '401.2.2 Mix Design',
        '401.2.2.1 Job Mix Formula',
        'Submit a job mix formula for each mixture.',
        'Table 401-1 Job Mix Formula Tolerances',
        ...Array.from({ length: 40 }, (_, i) => `Sieve ${i + 1} ± ${i}.0 percent`),
      ].join('\n'),
    },
    {
      num: 6,
      text: ['401.4 Construction Requirements', paragraph(1, 12), '', paragraph(13, 12)].join('\n'),
    },
    {
      num: 7,
      text: [paragraph(25, 6), '401.4.2 Weather Limitations', overrides.weather ?? 'Do not pave in rain.'].join('\n'),
    },
  ]
}

describe('chunkSections', () => {
  const book = parseSpecBook(bookPages(), META)
  const chunks = chunkSections(book, { maxChars: 600, overlapChars: 120 })

  it('gives stable ids by document, edition, section and position, and no chunk to a bare heading', () => {
    expect(chunks.map((c) => c.id)).toEqual([
      'scdot-standard-specifications:2025:401.2.2.1:1',
      'scdot-standard-specifications:2025:401.2.2.1:2',
      ...Array.from({ length: chunks.length - 3 }, (_, i) => `scdot-standard-specifications:2025:401.4:${i + 1}`),
      'scdot-standard-specifications:2025:401.4.2:1',
    ])
    expect(chunks.every((c) => c.document === META.document && c.edition === '2025')).toBe(true)
  })

  it('carries bare headings into the heading path of their child', () => {
    expect(chunks[0]).toMatchObject({
      section: '401.2.2.1',
      sectionTitle: 'Job Mix Formula',
      headingPath:
        'Section 401 HOT-MIX ASPHALT PAVEMENT > 401.2 Materials > 401.2.2 Mix Design > 401.2.2.1 Job Mix Formula',
      carries: ['401', '401.2', '401.2.2'],
      kind: 'text',
      text: 'Submit a job mix formula for each mixture.',
    })
  })

  it('keeps a table whole in its own chunk even when it is longer than the limit', () => {
    const table = chunks[1]!
    expect(table.kind).toBe('table')
    expect(table.text.length).toBeGreaterThan(600)
    expect(table.text.split('\n')).toHaveLength(41)
    expect(table.text).toMatch(/^Table 401-1 Job Mix Formula Tolerances\nSieve 1 ± 0\.0 percent\n/)
    expect(table.text).toMatch(/Sieve 40 ± 39\.0 percent$/)
  })

  it('splits long text on sentence boundaries within the limit, with overlap, and tracks pages', () => {
    const text = chunks.filter((c) => c.section === '401.4')
    expect(text.length).toBeGreaterThan(3)
    for (const chunk of text) {
      expect(chunk.text.length).toBeLessThanOrEqual(600)
      expect(chunk.text).toMatch(/^(?:Sentence \d+|[a-z ]+)/)
      expect(chunk.text).toMatch(/below the limit\.$/)
    }
    for (let i = 1; i < text.length; i++) {
      const previous = text[i - 1]!.text
      const overlap = text[i]!.text.slice(0, 60)
      expect(previous).toContain(overlap)
    }
    // Every sentence is kept, in order.
    const all = text.map((c) => c.text).join(' ')
    for (let n = 1; n <= 30; n++) expect(all).toContain(sentence(n))
    expect(text[0]).toMatchObject({ pageStart: 6, pageEnd: 6 })
    expect(text.at(-1)).toMatchObject({ pageStart: 7, pageEnd: 7 })
    // The paragraph that runs from page 6 onto page 7 is cited to both only where a chunk straddles the break.
    const straddling = text.filter((c) => c.pageStart === 6 && c.pageEnd === 7)
    expect(straddling).toHaveLength(1)
    expect(straddling[0]!.text).toContain(`${sentence(24)} ${sentence(25)}`)
  })

  it('is deterministic, and a change in one section changes only that section’s chunks', () => {
    expect(chunkSections(parseSpecBook(bookPages(), META), { maxChars: 600, overlapChars: 120 })).toEqual(chunks)
    const changed = chunkSections(parseSpecBook(bookPages({ weather: 'Do not pave in rain or fog.' }), META), {
      maxChars: 600,
      overlapChars: 120,
    })
    expect(changed.map((c) => c.id)).toEqual(chunks.map((c) => c.id))
    const differing = changed.filter((c, i) => c.contentHash !== chunks[i]!.contentHash).map((c) => c.id)
    expect(differing).toEqual(['scdot-standard-specifications:2025:401.4.2:1'])
    expect(chunks.every((c) => /^[0-9a-f]{64}$/.test(c.contentHash))).toBe(true)
  })

  it('uses the defaults of 1,800 characters and 200 of overlap', () => {
    const chunksByDefault = chunkSections(book)
    const text = chunksByDefault.filter((c) => c.section === '401.4')
    expect(text.length).toBeGreaterThan(1)
    expect(Math.max(...text.map((c) => c.text.length))).toBeLessThanOrEqual(1800)
    expect(Math.max(...text.map((c) => c.text.length))).toBeGreaterThan(1400)
  })

  it('splits a sentence longer than the limit at word boundaries', () => {
    const long = Array.from({ length: 120 }, (_, i) => `word${i}`).join(' ')
    const single = parseSpecBook(
      [{ num: 1, text: `SECTION 401 HOT-MIX ASPHALT PAVEMENT\n401.1 Description\n${long}` }],
      META,
    )
    const pieces = chunkSections(single, { maxChars: 300, overlapChars: 50 })
    expect(pieces.length).toBeGreaterThan(3)
    for (const piece of pieces) {
      expect(piece.text.length).toBeLessThanOrEqual(300)
      expect(piece.text).toMatch(/^word\d+( word\d+)*$/)
    }
  })
})

describe('helpers', () => {
  it('splits sentences but not after No. or e.g.', () => {
    expect(splitSentences('Use No. 57 stone. Place it, e.g. by spreader. Compact it! Done? Yes.')).toEqual([
      'Use No. 57 stone.',
      'Place it, e.g. by spreader.',
      'Compact it!',
      'Done?',
      'Yes.',
    ])
  })

  it('slugs document names', () => {
    expect(slug('SCDOT Standard Specifications (2025 Édition)')).toBe('scdot-standard-specifications-2025-edition')
  })
})
