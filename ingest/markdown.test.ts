import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { VERIFICATION_NOTICE } from '../app/lib/corpus/schema'
import { readCorpus, type CorpusFile } from './corpus-files'
import { MAX_CHUNK_CHARS, corpusFileToChunks, splitHeading, splitOnBullets } from './markdown'

const CORPUS = path.resolve(import.meta.dirname, '..', 'corpus')
let files: CorpusFile[]
const file = (p: string) => {
  const found = files.find((f) => f.path === p)
  if (!found) throw new Error(`missing corpus/${p}`)
  return found
}

beforeAll(async () => {
  files = await readCorpus(CORPUS)
})

describe('splitHeading', () => {
  it.each([
    ['401.2 Acceptance figures (from SC-M-400)', '401.2', 'Acceptance figures (from SC-M-400)'],
    ['701.2.12.2 Structural concrete table', '701.2.12.2', 'Structural concrete table'],
    ['SC-M-400 (04/15) 4.1.1 Mainline paving', 'SC-M-400 (04/15) 4.1.1', 'Mainline paving'],
    ['SC-M-400 (2018) In-place density', 'SC-M-400 (2018)', 'In-place density'],
    ['MUTCD 6H-3 What A, B and C mean', 'MUTCD 6H-3', 'What A, B and C mean'],
    ['29 CFR 1926.652(a)(1) When protection is required', '29 CFR 1926.652(a)(1)', 'When protection is required'],
    ['Division 100 What the division covers', 'Division 100', 'What the division covers'],
    ['SC-T-30 3 and 4 Principle and use', 'SC-T-30 3 and 4', 'Principle and use'],
    ['101-108 In the 2025 book (verify the 2025 numbering)', '101-108', 'In the 2025 book (verify the 2025 numbering)'],
    ['106.3.10 Figures 106B and 106C', '106.3.10', 'Figures 106B and 106C'],
    ['MUTCD 11th edition What changed', 'MUTCD 11th edition', 'What changed'],
  ])('%j -> section %j', (heading, section, title) => {
    expect(splitHeading(heading)).toEqual({ section, title })
  })

  it('has no section for a heading without an identifier', () => {
    expect(splitHeading('Bridge deck Concrete class and strength')).toEqual({ section: null, title: 'Bridge deck Concrete class and strength' })
    expect(splitHeading('Flagging in South Carolina').section).toBeNull()
  })
})

describe('splitOnBullets', () => {
  it('keeps short text whole and never cuts a bullet', () => {
    expect(splitOnBullets('- a\n- b')).toEqual(['- a\n- b'])
    const bullets = Array.from({ length: 12 }, (_, i) => `- fact ${i} ${'x'.repeat(180)} [cite ${i}]\n  continued ${i}`)
    const parts = splitOnBullets(bullets.join('\n'), 1200)
    expect(parts.length).toBeGreaterThan(1)
    for (const part of parts) {
      expect(part.length).toBeLessThanOrEqual(1200)
      expect(part.startsWith('- fact')).toBe(true)
    }
    expect(parts.join('\n')).toBe(bullets.join('\n'))
  })
})

describe('corpusFileToChunks: spec records', () => {
  it('cuts Section 401 into an overview and one chunk per numbered heading', () => {
    const { document, chunks } = corpusFileToChunks(file('specs/2007/section-401-hot-mix-asphalt.md'))
    expect(document).toMatchObject({
      id: 'corpus:specs/2007/section-401-hot-mix-asphalt.md',
      source: 'corpus',
      kind: 'spec-section',
      title: 'Hot-Mix Asphalt Pavement',
      document: 'SCDOT Standard Specifications for Highway Construction',
      edition: '2007',
      url: 'https://www.scdot.org/business/engineering.aspx',
    })
    expect(chunks[0]).toMatchObject({ kind: 'overview', section: '401', sectionTitle: 'Hot-Mix Asphalt Pavement', headingPath: 'Hot-Mix Asphalt Pavement' })
    const headings = [...file('specs/2007/section-401-hot-mix-asphalt.md').body.matchAll(/^## (\d[\d.]*) /gm)].map((m) => m[1])
    expect(chunks.slice(1).map((c) => c.section)).toEqual(headings)
    const weigh = chunks.find((c) => c.section === '401.4.30')!
    expect(weigh).toMatchObject({
      id: 'corpus:specs/2007/section-401-hot-mix-asphalt.md#401-4-30-weigh-tickets',
      sectionTitle: 'Weigh tickets',
      headingPath: 'Hot-Mix Asphalt Pavement > 401.4.30 Weigh tickets',
      edition: '2007',
      topics: ['asphalt', 'quality assurance', 'testing', 'sampling'],
      pageStart: null,
    })
    expect(weigh.refs).toEqual(expect.arrayContaining(['401.4.30', '401.4', '401']))
    expect(weigh.text).toMatch(/\[SCDOT 2007 Standard Specifications 401\.4\.30;[^\]]*\]/)
    expect(chunks.map((c) => c.ordinal)).toEqual(chunks.map((_, i) => i))
    for (const chunk of chunks) {
      expect(chunk.text).not.toContain(VERIFICATION_NOTICE)
      expect(chunk.contentHash).toMatch(/^[0-9a-f]{64}$/)
    }
  })

  it('reads supplemental, test-method and federal identifiers', () => {
    const m400 = corpusFileToChunks(file('supplemental/sc-m-400.md')).chunks
    expect(m400.every((c) => c.refs.includes('sc-m-400'))).toBe(true)
    expect(m400.map((c) => c.section)).toContain('SC-M-400 (04/15) 4.1.1')
    const t29 = corpusFileToChunks(file('test-methods/sc-t-29.md')).chunks
    expect(t29[0]!.section).toBe('SC-T-29')
    expect(t29.every((c) => c.refs.includes('sc-t-29'))).toBe(true)
    const osha = corpusFileToChunks(file('federal/osha-1926-652-excavations.md'))
    expect(osha.document.kind).toBe('federal')
    expect(osha.chunks.find((c) => c.section === '29 CFR 1926.652(b)')!.refs).toContain('1926.652')
    const mutcd = corpusFileToChunks(file('federal/mutcd-table-6h-3-advance-warning.md')).chunks
    expect(mutcd.every((c) => c.refs.includes('6h-3'))).toBe(true)
  })

  it('gives stable ids and hashes, and an edit changes only its own chunk', () => {
    const original = file('specs/2007/section-401-hot-mix-asphalt.md')
    const first = corpusFileToChunks(original).chunks
    expect(corpusFileToChunks(original).chunks).toEqual(first)
    const edited = { ...original, body: original.body.replace(/^(## 401\.4\.30 [^\n]*\n- )/m, '$1Edited: ') }
    const second = corpusFileToChunks(edited).chunks
    expect(second.map((c) => c.id)).toEqual(first.map((c) => c.id))
    const changed = second.filter((c, i) => c.contentHash !== first[i]!.contentHash).map((c) => c.section)
    expect(changed).toEqual(['401.4.30'])
  })

  it('keeps every chunk of the corpus within the size limit, with unique ids', () => {
    const all = files.flatMap((f) => corpusFileToChunks(f).chunks)
    expect(all.length).toBeGreaterThan(300)
    expect(new Set(all.map((c) => c.id)).size).toBe(all.length)
    for (const chunk of all) {
      expect(chunk.text.trim().length).toBeGreaterThan(0)
      // a single bullet may be longer; none is in the corpus today
      expect(chunk.text.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS)
    }
  })
})

describe('corpusFileToChunks: drawings, cheat sheets, catalogue', () => {
  it('renders a drawing: title, description, measurements with critical flags, specifications, warnings', () => {
    const { document, chunks } = corpusFileToChunks(file('drawings/drawing-g501.md'))
    expect(document).toMatchObject({ kind: 'drawing', title: 'Drawing G501 W-Beam Guardrail Installation', url: '/documents#drawing-g501' })
    for (const chunk of chunks) {
      expect(chunk).toMatchObject({ section: 'G501', sectionTitle: 'W-Beam Guardrail Installation', url: '/documents#drawing-g501' })
      expect(chunk.refs).toEqual(expect.arrayContaining(['g501', '805']))
    }
    expect(chunks[0]!.text).toContain('Field checks for strong-post W-beam guardrail runs')
    const measurements = chunks.filter((c) => c.headingPath.endsWith('> Measurements')).map((c) => c.text).join('\n')
    expect(measurements).toContain('- Top of W-beam rail height: 31 in above the adjacent finished grade (CRITICAL: failure means tear-out) [MGS top-of-rail height')
    expect(measurements).toContain('- W-beam rail thickness: 12 gauge (2.66 mm) [Standard 12-gauge')
    expect(measurements).not.toContain('12 gauge (2.66 mm) (CRITICAL')
    const posts = chunks.find((c) => c.headingPath === 'Drawing G501 W-Beam Guardrail Installation > Specifications > Posts')!
    expect(posts.text).toContain('[MGS test record TRP-03-262-12; MwRSF report 57]')
    expect(chunks.find((c) => c.headingPath.endsWith('> Warnings'))!.text).toContain('X-Lite')
  })

  it('renders the construction-manual record as a manual, not a drawing', () => {
    const { document, chunks } = corpusFileToChunks(file('drawings/construction-manual.md'))
    expect(document.kind).toBe('manual')
    expect(chunks[0]!.section).toBe('Construction Manual')
    expect(chunks[0]!.url).toBe('/documents#construction-manual')
  })

  it('renders a cheat sheet: key measurements, critical checks, drawing specifications', () => {
    const { document, chunks } = corpusFileToChunks(file('cheat-sheets/asphalt.md'))
    expect(document).toMatchObject({ kind: 'cheat-sheet', url: '/cheat-sheets', meta: expect.objectContaining({ cheatSheetId: 'asphalt' }) })
    const text = chunks.map((c) => c.text).join('\n')
    expect(text).toContain('- Average core density for a 100% lot pay factor: 93.0 to 93.9 percent [SC-M-400 Asphalt Mixture Quality Acceptance')
    expect(text).toContain('one core per 1,500-ft sublot. [SC-M-400, 2018]')
    expect(text).toContain('- Drawing P401: Density acceptance, lots and pay factors, mix properties.')
    expect(chunks.every((c) => c.url === '/cheat-sheets' && c.refs.includes('sc-m-400'))).toBe(true)
    expect(chunks.map((c) => c.headingPath)).toEqual(
      expect.arrayContaining(['Asphalt Paving cheat sheet > Key measurements', 'Asphalt Paving cheat sheet > Critical checks', 'Asphalt Paving cheat sheet > Drawing specifications']),
    )
  })

  it('renders the catalogue as one chunk per card with its official link, plus the contacts', () => {
    const { document, chunks } = corpusFileToChunks(file('documents/catalogue.md'))
    expect(document.kind).toBe('catalogue')
    const spec2025 = chunks.find((c) => c.id === 'corpus:documents/catalogue.md#standard-specifications-2025')!
    expect(spec2025.url).toBe('https://www.scdot.org/content/dam/scdot-legacy/business/pdf/2025_SCDOT_Standard_Specifications.pdf')
    expect(spec2025.text).toContain('2025 Standard Specifications for Highway Construction (NEW)')
    expect(spec2025.headingPath).toBe('Reference documents > Standard Specifications > 2025 Standard Specifications for Highway Construction')
    const g501 = chunks.find((c) => c.id === 'corpus:documents/catalogue.md#drawing-g501')!
    expect(g501).toMatchObject({ section: 'G501', refs: expect.arrayContaining(['g501']) })
    expect(g501.text).toContain('In the app: /documents#drawing-g501')
    expect(chunks.find((c) => c.id.endsWith('#emergency'))!.text).toContain('1-855-GO-SCDOT')
  })

  it('names the file when a record is invalid', () => {
    const broken = { ...file('drawings/drawing-g501.md'), frontMatter: { id: 'drawing-g501' } }
    expect(() => corpusFileToChunks(broken)).toThrow(/^corpus\/drawings\/drawing-g501\.md: /)
  })
})
