import { mkdtemp, readdir, readFile, rm, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import matter from 'gray-matter'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import { cheatSheetIdForTopic, FALLBACK_CHEAT_SHEET_ID } from './cheat-sheet-topic'
import {
  clearCorpusCache,
  corpusDir,
  findCorpusLinkProblems,
  loadCheatSheets,
  loadDocumentCatalogue,
  loadDrawings,
} from './records.server'
import {
  CATEGORY_IDS,
  DRAWING_IDS,
  FIELD_REFERENCE_NOTICE,
  VERIFICATION_NOTICE,
  type CheatSheet,
  type DocumentCatalogue,
  type Drawing,
} from './schema'

let drawings: Drawing[]
let sheets: CheatSheet[]
let catalogue: DocumentCatalogue

beforeAll(async () => {
  delete process.env.CORPUS_DIR
  resetConfig()
  clearCorpusCache()
  ;[drawings, sheets, catalogue] = await Promise.all([loadDrawings(), loadCheatSheets(), loadDocumentCatalogue()])
})

afterEach(() => {
  delete process.env.CORPUS_DIR
  resetConfig()
})

const allMeasurements = () => drawings.flatMap((drawing) => drawing.measurements.map((m) => ({ ...m, drawing: drawing.id })))

describe('drawing records', () => {
  it('has exactly the 17 built-in drawing ids', () => {
    expect(drawings).toHaveLength(17)
    expect(drawings.map((d) => d.id).sort()).toEqual([...DRAWING_IDS].sort())
  })

  it('gives every record 5-10 measurements, 2-5 specification sections, 3-6 warnings and sources', () => {
    for (const drawing of drawings) {
      expect(drawing.measurements.length, drawing.id).toBeGreaterThanOrEqual(5)
      expect(drawing.measurements.length, drawing.id).toBeLessThanOrEqual(10)
      expect(Object.keys(drawing.specifications).length, drawing.id).toBeGreaterThanOrEqual(2)
      expect(Object.keys(drawing.specifications).length, drawing.id).toBeLessThanOrEqual(5)
      expect(drawing.warnings.length, drawing.id).toBeGreaterThanOrEqual(3)
      expect(drawing.warnings.length, drawing.id).toBeLessThanOrEqual(6)
      expect(drawing.sources.length, drawing.id).toBeGreaterThan(0)
      expect(drawing.measurements.some((m) => m.critical), drawing.id).toBe(true)
      expect(drawing.notes.endsWith(VERIFICATION_NOTICE), drawing.id).toBe(true)
    }
  })

  it('cites every scdot or national figure and flags every field-reference figure for verification', () => {
    const figures = [...allMeasurements(), ...sheets.flatMap((s) => s.keyMeasurements)]
    for (const figure of figures) {
      if (figure.basis === 'field-reference') {
        expect(figure.citation.toLowerCase(), figure.label).toContain(FIELD_REFERENCE_NOTICE.toLowerCase())
        expect(figure.citation, figure.label).not.toMatch(/SCDOT requires/i)
      } else {
        expect(figure.citation.trim().length, figure.label).toBeGreaterThan(0)
      }
    }
  })

  it('ends every specification statement that states a figure with a bracketed citation', () => {
    for (const drawing of drawings) {
      for (const [section, statements] of Object.entries(drawing.specifications)) {
        for (const statement of statements) {
          if (/\d/.test(statement)) expect(statement, `${drawing.id} / ${section}`).toMatch(/\]$/)
        }
      }
    }
  })

  it('carries every embedded engineering figure of the product specification', () => {
    const values = allMeasurements().map((m) => m.value)
    const has = (pattern: RegExp) => values.some((value) => pattern.test(value))
    expect(has(/6\.25 ft/)).toBe(true) // guardrail post spacing
    expect(has(/\b31 in\b/)).toBe(true) // rail height
    expect(has(/31 \+\/- 1 in/)).toBe(true) // rail height tolerance
    expect(has(/\b250 mcd/)).toBe(true) // white paint
    expect(has(/\b175 mcd/)).toBe(true) // yellow paint
    expect(has(/^500 ft/)).toBe(true) // advance warning
    expect(has(/^1,?000 ft/)).toBe(true)
    expect(has(/^1,?500 ft/)).toBe(true)
    expect(has(/^15 min/)).toBe(true) // flagging delay
    expect(has(/^50:1/)).toBe(true) // taper
    expect(has(/^100 ft$/)).toBe(true) // buffer
    expect(has(/^4,?500 psi/)).toBe(true) // bridge deck concrete
    expect(has(/^4,?000 psi/)).toBe(true) // pavement concrete
  })

  it('never labels the figures no source confirmed as SCDOT requirements', () => {
    const unconfirmed = [/^15 min/, /^100 ft$/, /^4,?500 psi/, /\b250 mcd/, /\b175 mcd/, /31 \+\/- 1 in/]
    for (const figure of allMeasurements()) {
      if (unconfirmed.some((pattern) => pattern.test(figure.value))) {
        expect(figure.basis, `${figure.drawing}: ${figure.label}`).toBe('field-reference')
      }
    }
  })

  it('keeps the series consistent with the id', () => {
    for (const drawing of drawings) {
      if (drawing.id === 'construction-manual') {
        expect(drawing.series).toBe('CM')
        expect(drawing.kind).toBe('manual')
      } else {
        expect(drawing.series).toBe(drawing.id.charAt(8).toUpperCase())
      }
    }
  })
})

describe('cheat sheets', () => {
  it('has the required topic sheets', () => {
    const ids = sheets.map((s) => s.id)
    for (const id of [
      'bridge-deck', 'asphalt', 'concrete', 'guardrail', 'pavement-markings', 'traffic-control',
      'drainage', 'earthwork', 'erosion-control', 'reinforcing-steel', 'signs-signals', 'bases',
    ]) {
      expect(ids).toContain(id)
    }
  })

  it('names only existing drawings', () => {
    const drawingIds = new Set(drawings.map((d) => d.id))
    for (const sheet of sheets) {
      for (const spec of sheet.drawingSpecs) expect(drawingIds.has(spec.drawingId), `${sheet.id} -> ${spec.drawingId}`).toBe(true)
    }
  })

  it('repeats drawing figures with the same value, basis and citation', () => {
    const byLabel = new Map(allMeasurements().map((m) => [m.label, m]))
    for (const sheet of sheets) {
      for (const figure of sheet.keyMeasurements) {
        const source = byLabel.get(figure.label)
        if (source === undefined) continue
        expect({ value: figure.value, basis: figure.basis, citation: figure.citation }, `${sheet.id}: ${figure.label}`).toEqual({
          value: source.value,
          basis: source.basis,
          citation: source.citation,
        })
      }
    }
  })
})

describe('document catalogue', () => {
  it('has the five categories in order', () => {
    expect(catalogue.categories.map((c) => c.id)).toEqual([...CATEGORY_IDS])
    expect(catalogue.categories.map((c) => c.title)).toEqual([
      'Standard Specifications',
      'Standard Drawings',
      'Construction Manuals',
      'Supplemental Specifications',
      'Technical References',
    ])
  })

  it('points every isSpecific card at an existing drawing record, and every record has a card', () => {
    const drawingIds = new Set(drawings.map((d) => d.id))
    for (const card of catalogue.categories.flatMap((c) => c.documents)) {
      if (card.isSpecific) {
        expect(card.anchor).toBeDefined()
        expect(drawingIds.has(card.anchor ?? '') || card.anchor === 'construction-manual', card.id).toBe(true)
      }
    }
    expect(findCorpusLinkProblems(drawings, sheets, catalogue)).toEqual([])
  })

  it('lists about 43 documents, the 2025 edition marked new, and the required supplemental specifications', () => {
    const cards = catalogue.categories.flatMap((c) => c.documents)
    expect(cards).toHaveLength(43)
    const specs = catalogue.categories[0]?.documents ?? []
    expect(specs.find((card) => card.title.startsWith('2025'))?.isNew).toBe(true)
    expect(specs.some((card) => card.title.startsWith('2007'))).toBe(true)
    expect(catalogue.categories[1]?.documents.some((card) => card.title === '700 Series signs and signals')).toBe(true)
    const supplemental = (catalogue.categories[3]?.documents ?? []).map((card) => card.id)
    for (const id of ['sc-m-400', 'sc-m-402', 'sc-m-404', 'sc-m-714', 'sc-m-810']) expect(supplemental).toContain(id)
    expect(cards.some((card) => /ACI/.test(card.title))).toBe(true)
  })

  it('has emergency contacts and the verification note', () => {
    expect(catalogue.emergency.contacts.length).toBeGreaterThan(0)
    expect(catalogue.emergency.contacts.some((c) => c.phone.includes('855-467-2368'))).toBe(true)
    expect(catalogue.note).toBe('Documents are updated regularly. Always verify current versions on the official website.')
  })
})

describe('corpus text', () => {
  it('contains no placeholder text', async () => {
    const files: string[] = []
    const walk = async (dir: string) => {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) await walk(full)
        else if (entry.name.endsWith('.md')) files.push(full)
      }
    }
    for (const sub of ['drawings', 'cheat-sheets', 'documents']) await walk(path.join(corpusDir(), sub))
    expect(files.length).toBeGreaterThanOrEqual(30)
    for (const file of files) {
      const text = await readFile(file, 'utf8')
      expect(text, file).not.toMatch(/TODO|lorem/i)
    }
  })
})

describe('loaders', () => {
  it('caches loaded records until the cache is cleared', async () => {
    clearCorpusCache()
    const first = await loadDrawings()
    expect(await loadDrawings()).toBe(first)
    clearCorpusCache()
    expect(await loadDrawings()).not.toBe(first)
  })

  it('names the file and the failing field of an invalid record', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'corpus-'))
    try {
      await mkdir(path.join(dir, 'drawings'))
      const good = await readFile(path.join(corpusDir(), 'drawings', 'drawing-g501.md'), 'utf8')
      await writeFile(path.join(dir, 'drawings', 'drawing-g501.md'), good.replace('basis: national', 'basis: rumour'))
      process.env.CORPUS_DIR = dir
      resetConfig()
      clearCorpusCache()
      await expect(loadDrawings()).rejects.toThrow(/drawing-g501\.md.*measurements\.0\.basis/)
    } finally {
      delete process.env.CORPUS_DIR
      resetConfig()
      clearCorpusCache()
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('rejects a field-reference figure without the verification wording', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'corpus-'))
    try {
      await mkdir(path.join(dir, 'drawings'))
      const parsed = matter(await readFile(path.join(corpusDir(), 'drawings', 'drawing-s103.md'), 'utf8'), {})
      const data = parsed.data as { measurements: { basis: string; citation: string }[] }
      const index = data.measurements.findIndex((m) => m.basis === 'field-reference')
      expect(index).toBeGreaterThanOrEqual(0)
      data.measurements[index] = { ...data.measurements[index]!, citation: 'Trust me.' }
      await writeFile(path.join(dir, 'drawings', 'drawing-s103.md'), matter.stringify(parsed.content, data))
      process.env.CORPUS_DIR = dir
      resetConfig()
      clearCorpusCache()
      await expect(loadDrawings()).rejects.toThrow(new RegExp(`drawing-s103\\.md.*measurements\\.${index}\\.citation`))
    } finally {
      delete process.env.CORPUS_DIR
      resetConfig()
      clearCorpusCache()
      await rm(dir, { recursive: true, force: true })
    }
  })
})

describe('cheatSheetIdForTopic', () => {
  const index = () => sheets.map(({ id, keywords, title }) => ({ id, keywords, title }))

  it.each([
    ['Asphalt Paving', 'asphalt'],
    ['asphalt compaction', 'asphalt'],
    ['HMA density', 'asphalt'],
    ['guard rail', 'guardrail'],
    ['Guardrail standards', 'guardrail'],
    ['bridge deck inspection', 'bridge-deck'],
    ['bridge inspection', 'bridge-deck'],
    ['concrete testing', 'concrete'],
    ['drainage requirements', 'drainage'],
    ['signage placement', 'signs-signals'],
    ['Pavement Markings', 'pavement-markings'],
    ['work zone traffic control', 'traffic-control'],
    ['flagger', 'traffic-control'],
    ['silt fence', 'erosion-control'],
    ['rebar', 'reinforcing-steel'],
    ['embankment compaction', 'earthwork'],
    ['aggregate base course', 'bases'],
    ['erosion-control', 'erosion-control'],
  ])('maps %s to %s', (topic, id) => {
    expect(cheatSheetIdForTopic(topic, index())).toBe(id)
  })

  it('falls back to bridge-deck', () => {
    expect(FALLBACK_CHEAT_SHEET_ID).toBe('bridge-deck')
    expect(cheatSheetIdForTopic('weather', index())).toBe('bridge-deck')
    expect(cheatSheetIdForTopic('', index())).toBe('bridge-deck')
    expect(cheatSheetIdForTopic('asphalt', [])).toBe('bridge-deck')
  })
})
