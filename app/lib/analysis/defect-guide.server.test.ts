import path from 'node:path'
import { mkdtemp, rm, writeFile, readFile } from 'node:fs/promises'
import os from 'node:os'
import { beforeAll, describe, expect, it } from 'vitest'
import { readCorpus, type CorpusFile } from '../corpus/files.server'
import { MAX_CHUNK_CHARS, corpusFileToChunks, splitHeading } from '../../../ingest/markdown'
import { extractRefs } from '../search/core/refs'
import { DEFECT_CATEGORIES, VERIFICATION_NOTICE, type Defect } from '../corpus/schema'
import { readDefectGuide } from './defect-guide.server'

const CORPUS = path.resolve(import.meta.dirname, '..', '..', '..', 'corpus')
let guide: Defect[]
let corpus: CorpusFile[]

beforeAll(async () => {
  guide = await readDefectGuide(path.join(CORPUS, 'defects'))
  corpus = await readCorpus(CORPUS)
})

/** Every number the rest of the corpus confirms: sections and headings of confirmed records, and drawing records. */
function confirmedRefs(): Set<string> {
  const refs = new Set<string>()
  for (const file of corpus) {
    if (file.path.startsWith('defects/')) continue
    if (file.path.startsWith('drawings/')) {
      refs.add(path.basename(file.path, '.md').replace(/^drawing-/, ''))
      continue
    }
    if (file.frontMatter.confirmed !== true) continue
    const section = typeof file.frontMatter.section === 'string' ? file.frontMatter.section : ''
    extractRefs(section).forEach((r) => refs.add(r))
    for (const line of file.body.split('\n')) {
      if (!line.startsWith('## ')) continue
      const heading = splitHeading(line.slice(3)).section
      if (heading) extractRefs(heading).forEach((r) => refs.add(r))
    }
  }
  return refs
}

describe('the defect guide', () => {
  it('holds at least 25 defects, at least 3 in each of the 7 categories', () => {
    expect(guide.length).toBeGreaterThanOrEqual(25)
    for (const category of DEFECT_CATEGORIES) {
      expect(guide.filter((d) => d.category === category).length, category).toBeGreaterThanOrEqual(3)
    }
  })

  it('has unique ids and issue types, and notes that end with the verification notice', () => {
    expect(new Set(guide.map((d) => d.id)).size).toBe(guide.length)
    expect(new Set(guide.map((d) => d.issueType)).size).toBe(guide.length)
    for (const defect of guide) expect(defect.notes.endsWith(VERIFICATION_NOTICE)).toBe(true)
  })

  it('cites only SCDOT references the rest of the corpus confirms, or none', () => {
    const known = confirmedRefs()
    for (const defect of guide) {
      const references = [...defect.recommendations.map((r) => r.scdotReference), ...defect.relatedSpecs.map((r) => r.section)]
      for (const reference of references.filter(Boolean)) {
        const refs = extractRefs(reference)
        expect(refs.length, `${defect.id}: '${reference}' names no number`).toBeGreaterThan(0)
        for (const ref of refs) expect(known.has(ref), `${defect.id}: '${reference}' is not confirmed in the corpus`).toBe(true)
      }
    }
  })

  it('points only to records that exist', () => {
    const ids = new Set(corpus.map((f) => f.frontMatter.id).filter((id): id is string => typeof id === 'string'))
    const sheets = new Set(corpus.filter((f) => f.path.startsWith('cheat-sheets/')).map((f) => path.basename(f.path, '.md')))
    for (const defect of guide) {
      for (const [, list] of defect.notes.matchAll(/see records? ([a-z0-9 -]+?)\]/g)) {
        for (const id of list!.split(' and ')) expect(ids.has(id.trim()), `${defect.id}: unknown record ${id}`).toBe(true)
      }
      for (const [, sheet] of defect.notes.matchAll(/see cheat sheet ([a-z0-9-]+)\]/g)) expect(sheets.has(sheet!)).toBe(true)
    }
  })

  it('states no cost figures and no uncited facts', () => {
    for (const defect of guide) {
      expect(JSON.stringify(defect)).not.toMatch(/\$\s?\d|\bcost\b/i)
      for (const line of defect.notes.split('\n').filter((l) => l.startsWith('- '))) expect(line, defect.id).toMatch(/\]$/)
    }
  })

  it('is rendered by ingest as defect chunks within the size limit', () => {
    for (const file of corpus.filter((f) => f.path.startsWith('defects/'))) {
      const { document, chunks } = corpusFileToChunks(file)
      expect(document.kind).toBe('defect')
      expect(document.title).toMatch(/^Defect guide: /)
      expect(chunks.length).toBeGreaterThanOrEqual(3)
      for (const chunk of chunks) expect(chunk.text.length).toBeLessThanOrEqual(MAX_CHUNK_CHARS)
      const text = chunks.map((c) => c.text).join('\n')
      const defect = guide.find((d) => `defects/${d.id}.md` === file.path)!
      expect(text).toContain(defect.keywords[0]!)
      for (const r of defect.recommendations) expect(text).toContain(r.scdotReference ? `SCDOT reference: ${r.scdotReference}` : 'no SCDOT section confirmed')
    }
  })

  it('names the file and field of an invalid record', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'defects-'))
    try {
      const good = await readFile(path.join(CORPUS, 'defects', 'defect-asphalt-pothole.md'), 'utf8')
      await writeFile(path.join(dir, 'defect-asphalt-pothole.md'), good.replace('severity: high', 'severity: dreadful'))
      await expect(readDefectGuide(dir)).rejects.toThrow(/defect-asphalt-pothole\.md: severity/)
    } finally {
      await rm(dir, { recursive: true, force: true })
    }
  })
})
