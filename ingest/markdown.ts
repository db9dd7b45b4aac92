/**
 * A corpus file (ingest/corpus-files.ts) -> one `documents` row and its chunks.
 *
 * - Spec, supplemental, test-method, manual and federal records: the text before the first `##` is an
 *   overview chunk; every `## <number> <title>` block is a chunk (split between bullets past ~1,200 chars).
 *   The heading's leading identifier ('401.2', 'SC-M-400 (04/15) 4.1.1', 'MUTCD 6H-3', '29 CFR
 *   1926.652(a)(1)', 'Division 100') is the chunk's section; a heading without one ('Bridge deck Concrete
 *   class') keeps the record's front-matter section.
 * - Drawings, cheat sheets, defect guide records and the document catalogue: their structured fields
 *   rendered as readable text.
 *
 * Chunk ids are `<document id>#<slug of the heading>` (a numeric suffix for repeats, `~2` for the later
 * parts of a split block), so editing one block leaves every other block's id and hash as they were.
 */
import { createHash } from 'node:crypto'
import {
  VERIFICATION_NOTICE,
  cheatSheetSchema,
  defectSchema,
  documentCatalogueSchema,
  drawingSchema,
  type CheatSheetFrontMatter,
  type DefectFrontMatter,
  type DocumentCatalogue,
  type DrawingFrontMatter,
} from '../app/lib/corpus/schema'
import type { CorpusFile } from './corpus-files'
import { slug } from './pdf/chunk'
import { extractRefs, normalizeRef, withParents } from '../app/lib/search/core/refs'
import type { IngestChunk, IngestDocument } from '../app/lib/search/core/chunk'

export const MAX_CHUNK_CHARS = 1200

export interface MarkdownIngest {
  document: IngestDocument
  chunks: IngestChunk[]
}

type ChunkDraft = Omit<IngestChunk, 'id' | 'ordinal' | 'contentHash' | 'refs'> & {
  /** Id suffix after '#', before de-duplication. */
  key: string
  /** Extra refs beyond those read from the section, heading and text. */
  extraRefs?: string[]
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

export function chunkHash(chunk: Omit<IngestChunk, 'id' | 'ordinal' | 'contentHash'>): string {
  return sha256(
    JSON.stringify([
      chunk.kind,
      chunk.section,
      chunk.sectionTitle,
      chunk.headingPath,
      chunk.text,
      chunk.edition,
      chunk.pageStart,
      chunk.pageEnd,
      chunk.pageLabelStart ?? null,
      chunk.pageLabelEnd ?? null,
      chunk.url,
      chunk.refs,
      chunk.topics,
    ]),
  )
}

function str(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value.trim()
  if (typeof value === 'number') return String(value)
  return null
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.map(str).filter((v): v is string => v !== null) : []
}

/** Drops the verification notice (the product shows its own) and surrounding blank lines. */
export function stripNotice(text: string): string {
  return text
    .split('\n')
    .filter((line) => line.trim() !== VERIFICATION_NOTICE)
    .join('\n')
    .trim()
}

/**
 * Splits a block into parts of at most `max` characters between list items (a bullet and its continuation
 * lines stay together); a single longer item is a part of its own.
 */
export function splitOnBullets(text: string, max = MAX_CHUNK_CHARS): string[] {
  if (text.length <= max) return [text]
  const items: string[] = []
  for (const line of text.split('\n')) {
    const startsItem = /^\s{0,3}(?:[-*+]|\d+[.)])\s/.test(line) || line.trim() === ''
    if (items.length === 0 || (startsItem && !/^\s*$/.test(line))) items.push(line)
    else items[items.length - 1] += `\n${line}`
  }
  const parts: string[] = []
  let current = ''
  for (const item of items.map((i) => i.trim()).filter(Boolean)) {
    if (current && current.length + 1 + item.length > max) {
      parts.push(current)
      current = item
    } else current = current ? `${current}\n${item}` : item
  }
  if (current) parts.push(current)
  return parts
}

const KEYWORDS = /^(?:mutcd|cfr|division|divisions|section|sections|table|figure|figures|sc|code|and|&|\/)$/i
/** Table and figure numbers lead a heading ('Table 6H-3 ...') but after an identifier they are its title. */
const LEADING_ONLY = /^(?:table|figure|figures)$/i

/** Whether a word can belong to the identifier at the start of a heading. */
function isIdentifierWord(word: string, next: string | undefined, previous: string | undefined): boolean {
  if (/^\(.*\)$/.test(word)) return previous !== undefined // a version such as (04/15) after an identifier
  if (/\d/.test(word)) return !/^\d+(?:st|nd|rd|th)$/i.test(word) || /^edition$/i.test(next ?? '')
  if (/^edition$/i.test(word)) return previous !== undefined && /^\d+(?:st|nd|rd|th)$/i.test(previous)
  if (LEADING_ONLY.test(word) && previous !== undefined) return false
  if (KEYWORDS.test(word)) return next !== undefined && (/\d/.test(next) || KEYWORDS.test(next))
  return false
}

/** '401.2 Acceptance figures' -> { section: '401.2', title: 'Acceptance figures' }; no identifier -> section null. */
export function splitHeading(heading: string): { section: string | null; title: string } {
  const words = heading.trim().split(/\s+/)
  let n = 0
  while (n < words.length && isIdentifierWord(words[n]!, words[n + 1], words[n - 1])) n++
  // Trailing connectors ('SC-T-30 3 and') belong to the title.
  while (n > 0 && /^(?:and|&|\/)$/i.test(words[n - 1]!)) n--
  const id = words.slice(0, n).join(' ').replace(/,$/, '')
  if (!id || !/\d/.test(id)) return { section: null, title: heading.trim() }
  return { section: id, title: words.slice(n).join(' ') || heading.trim() }
}

function finish(document: IngestDocument, drafts: ChunkDraft[]): MarkdownIngest {
  const seen = new Map<string, number>()
  const chunks = drafts
    .filter((draft) => draft.text.trim().length > 0)
    .map((draft, ordinal): IngestChunk => {
      const base = draft.key || 'chunk'
      const count = (seen.get(base) ?? 0) + 1
      seen.set(base, count)
      const { key: _key, extraRefs = [], ...rest } = draft
      const refs = [...new Set([...extraRefs, ...extractRefs([draft.section, draft.headingPath, draft.text].filter(Boolean).join('\n'))])]
      const body = { ...rest, refs }
      return { id: `${document.id}#${base}${count > 1 ? `-${count}` : ''}`, ordinal, ...body, contentHash: chunkHash(body) }
    })
  return { document, chunks }
}

/** The refs a front-matter section or heading identifier stands for, with the sections containing it. */
function sectionRefs(section: string | null): string[] {
  if (!section) return []
  const refs = extractRefs(section, { query: true })
  return [...new Set(refs.flatMap(withParents))]
}

const DOCUMENT_BY_FOLDER: Record<string, string> = {
  drawings: 'SCDOT Standard Drawings (field summary records)',
  'cheat-sheets': 'Inspector cheat sheets (product reference)',
  documents: 'Reference document catalogue',
  defects: 'Defect guide (product reference)',
}

function baseDocument(file: CorpusFile, kind: string, overrides: Partial<IngestDocument> = {}): IngestDocument {
  const fm = file.frontMatter
  const folder = file.path.split('/')[0] ?? ''
  return {
    id: `corpus:${file.path}`,
    source: 'corpus',
    kind,
    title: file.title,
    document: str(fm.document) ?? DOCUMENT_BY_FOLDER[folder] ?? file.title,
    edition: str(fm.edition),
    url: str(fm.url),
    contentHash: file.contentHash,
    meta: {
      path: file.path,
      ...(str(fm.section) ? { section: str(fm.section) } : {}),
      ...(typeof fm.confirmed === 'boolean' ? { confirmed: fm.confirmed } : {}),
      ...(str(fm.lastUpdated) ? { lastUpdated: str(fm.lastUpdated) } : {}),
      ...(str(fm.division) ? { division: str(fm.division), divisionTitle: str(fm.divisionTitle) } : {}),
    },
    ...overrides,
  }
}

// --- spec-like records --------------------------------------------------------------------------------

function specRecord(file: CorpusFile): MarkdownIngest {
  const fm = file.frontMatter
  const document = baseDocument(file, file.kind)
  const frontSection = str(fm.section)
  const topics = strings(fm.topics)
  const common = { edition: document.edition, url: document.url, topics, pageStart: null, pageEnd: null }
  const body = stripNotice(file.body)
  const blocks = body.split(/^(?=## )/m)
  const drafts: ChunkDraft[] = []
  const overview = blocks[0]?.startsWith('## ') ? '' : (blocks.shift() ?? '')
  drafts.push({
    ...common,
    key: 'overview',
    kind: 'overview',
    section: frontSection,
    sectionTitle: file.title,
    headingPath: file.title,
    text: overview.trim(),
    extraRefs: sectionRefs(frontSection),
  })
  for (const block of blocks) {
    const newline = block.indexOf('\n')
    const heading = (newline < 0 ? block : block.slice(0, newline)).replace(/^##\s*/, '').trim()
    const text = newline < 0 ? '' : block.slice(newline + 1).trim()
    const { section, title } = splitHeading(heading)
    const parts = splitOnBullets(text)
    const key = slug(heading)
    parts.forEach((part, i) =>
      drafts.push({
        ...common,
        key: i === 0 ? key : `${key}~${i + 1}`,
        kind: 'text',
        section: section ?? frontSection,
        sectionTitle: title,
        headingPath: `${file.title} > ${heading}`,
        text: part,
        extraRefs: [...sectionRefs(frontSection), ...sectionRefs(section)],
      }),
    )
  }
  return finish(document, drafts)
}

// --- drawings ------------------------------------------------------------------------------------------

function cite(citation: string): string {
  const c = citation.trim()
  return c ? ` [${c}]` : ''
}

function bulletList(lines: string[]): string {
  return lines.map((line) => `- ${line.trim()}`).join('\n')
}

/** 'drawing-g501' -> 'G501'; the construction-manual record is cited by name. */
export function drawingNumber(id: string): string {
  return id === 'construction-manual' ? 'Construction Manual' : id.replace(/^drawing-/, '').toUpperCase()
}

function drawingRecord(file: CorpusFile): MarkdownIngest {
  const drawing: DrawingFrontMatter = drawingSchema.parse(file.frontMatter)
  const number = drawingNumber(drawing.id)
  const isManual = drawing.kind === 'manual'
  const label = isManual ? drawing.title : `Drawing ${number} ${drawing.title}`
  const document = baseDocument(file, isManual ? 'manual' : 'drawing', {
    title: label,
    url: `/documents#${drawing.id}`,
    edition: null,
    meta: { path: file.path, drawingId: drawing.id, series: drawing.series, category: drawing.category, lastUpdated: drawing.lastUpdated },
  })
  const specRefs = drawing.specSections.flatMap((s) => withParents(normalizeRef(s)))
  const common = {
    section: number,
    sectionTitle: drawing.title,
    edition: null,
    url: `/documents#${drawing.id}`,
    topics: drawing.topics,
    pageStart: null,
    pageEnd: null,
    extraRefs: [...(isManual ? [] : [drawing.id.replace(/^drawing-/, '')]), ...specRefs],
  }
  const drafts: ChunkDraft[] = []
  const notes = stripNotice(file.body)
  drafts.push({
    ...common,
    key: 'overview',
    kind: 'drawing',
    headingPath: label,
    text: [
      `${label} (${isManual ? 'construction manual record' : `series ${drawing.series}`}, ${drawing.category}).`,
      drawing.description,
      `Official reference: ${drawing.officialReference}`,
      drawing.specSections.length ? `Specification sections: ${drawing.specSections.join(', ')}.` : '',
      notes,
    ]
      .filter(Boolean)
      .join('\n\n'),
  })
  const measurements = drawing.measurements.map(
    (m) => `${m.label}: ${m.value}${m.critical ? ' (CRITICAL: failure means tear-out)' : ''}${cite(m.citation)}`,
  )
  splitOnBullets(bulletList(measurements)).forEach((part, i) =>
    drafts.push({ ...common, key: i === 0 ? 'measurements' : `measurements~${i + 1}`, kind: 'drawing', headingPath: `${label} > Measurements`, text: part }),
  )
  for (const [group, statements] of Object.entries(drawing.specifications)) {
    splitOnBullets(bulletList(statements)).forEach((part, i) =>
      drafts.push({
        ...common,
        key: `spec-${slug(group)}${i === 0 ? '' : `~${i + 1}`}`,
        kind: 'drawing',
        headingPath: `${label} > Specifications > ${group}`,
        text: part,
      }),
    )
  }
  if (drawing.warnings.length) {
    splitOnBullets(bulletList(drawing.warnings)).forEach((part, i) =>
      drafts.push({ ...common, key: i === 0 ? 'warnings' : `warnings~${i + 1}`, kind: 'drawing', headingPath: `${label} > Warnings`, text: part }),
    )
  }
  return finish(document, drafts)
}

// --- cheat sheets --------------------------------------------------------------------------------------

function cheatSheetRecord(file: CorpusFile): MarkdownIngest {
  const sheet: CheatSheetFrontMatter = cheatSheetSchema.parse(file.frontMatter)
  const label = `${sheet.title} cheat sheet`
  const document = baseDocument(file, 'cheat-sheet', {
    title: label,
    url: '/cheat-sheets',
    edition: null,
    meta: { path: file.path, cheatSheetId: sheet.id, relatedCalculators: sheet.relatedCalculators },
  })
  const common = {
    section: null,
    sectionTitle: sheet.title,
    edition: null,
    url: '/cheat-sheets',
    topics: sheet.keywords,
    pageStart: null,
    pageEnd: null,
    extraRefs: sheet.specSections.flatMap((s) => withParents(normalizeRef(s))),
  }
  const drafts: ChunkDraft[] = []
  drafts.push({
    ...common,
    key: 'overview',
    kind: 'cheat-sheet',
    headingPath: label,
    text: [
      `${sheet.title}: ${sheet.topic}.`,
      stripNotice(file.body),
      sheet.specSections.length ? `Specification sections: ${sheet.specSections.join(', ')}.` : '',
    ]
      .filter(Boolean)
      .join('\n\n'),
  })
  const sections: Array<[string, string, string[]]> = [
    ['key-measurements', 'Key measurements', sheet.keyMeasurements.map((m) => `${m.label}: ${m.value}${cite(m.citation)}`)],
    ['critical-checks', 'Critical checks', sheet.criticalChecks],
    ['drawing-specifications', 'Drawing specifications', sheet.drawingSpecs.map((d) => `${d.drawingId === 'construction-manual' ? 'Construction Manual' : `Drawing ${drawingNumber(d.drawingId)}`}: ${d.note}`)],
  ]
  for (const [key, heading, lines] of sections) {
    if (lines.length === 0) continue
    splitOnBullets(bulletList(lines)).forEach((part, i) =>
      drafts.push({ ...common, key: i === 0 ? key : `${key}~${i + 1}`, kind: 'cheat-sheet', headingPath: `${label} > ${heading}`, text: part }),
    )
  }
  return finish(document, drafts)
}

// --- defect guide ---------------------------------------------------------------------------------------

/** How a recommendation's reference reads in the text; '' means the corpus confirms no SCDOT section for it. */
export function defectReferenceText(reference: string): string {
  return reference.trim() ? `SCDOT reference: ${reference.trim()}` : 'no SCDOT section confirmed'
}

/**
 * A defect record as search sees it: what it is and looks like (names, symptoms, overview), its cited
 * facts, and its recommendations with their SCDOT references. Causes, the inspection checklist, preventive
 * measures and related specifications stay in the record for diagnosis (app/lib/analysis) and are not
 * indexed: their general words ('weather', 'temperature', 'slope') crowded specification passages out of
 * ordinary searches (search-quality gate, abstention on unknown questions).
 */
function defectRecord(file: CorpusFile): MarkdownIngest {
  const defect: DefectFrontMatter = defectSchema.parse(file.frontMatter)
  const label = `Defect guide: ${defect.title}`
  const document = baseDocument(file, 'defect', {
    title: label,
    edition: null,
    meta: {
      path: file.path,
      defectId: defect.id,
      category: defect.category,
      issueType: defect.issueType,
      severity: defect.severity,
      confirmed: defect.confirmed,
      lastUpdated: defect.lastUpdated,
    },
  })
  const common = {
    section: null,
    sectionTitle: defect.title,
    edition: null,
    url: defect.url,
    topics: defect.topics,
    pageStart: null,
    pageEnd: null,
  }
  // The body: an overview paragraph, then '## ' blocks of cited facts, each a chunk of its own.
  const [intro = '', ...blocks] = stripNotice(file.body).split(/^## /m)
  const parts: Array<[string, string, string]> = [
    [
      'overview',
      label,
      [
        `${defect.title} (defect guide, ${defect.category}; typical severity ${defect.severity}).`,
        `Also called: ${defect.keywords.join(', ')}.`,
        `What it looks like:\n${bulletList(defect.symptoms)}`,
        intro.trim(),
      ]
        .filter(Boolean)
        .join('\n'),
    ],
    ...blocks.map((block): [string, string, string] => {
      const newline = block.indexOf('\n')
      const heading = (newline < 0 ? block : block.slice(0, newline)).trim()
      return [slug(heading), `${label} > ${heading}`, newline < 0 ? '' : block.slice(newline + 1).trim()]
    }),
    [
      'recommendations',
      `${label} > Recommendations`,
      [
        `Recommendations for ${defect.title.toLowerCase()}:`,
        bulletList(defect.recommendations.map((r) => `${r.action} (priority ${r.priority}; ${defectReferenceText(r.scdotReference)})`)),
      ].join('\n'),
    ],
  ]
  const drafts: ChunkDraft[] = []
  for (const [key, headingPath, text] of parts) {
    splitOnBullets(text).forEach((part, i) =>
      drafts.push({ ...common, key: i === 0 ? key : `${key}~${i + 1}`, kind: 'defect', headingPath, text: part }),
    )
  }
  return finish(document, drafts)
}

// --- the document catalogue ----------------------------------------------------------------------------

function catalogueRecord(file: CorpusFile): MarkdownIngest {
  const catalogue: DocumentCatalogue = documentCatalogueSchema.parse(file.frontMatter)
  const title = 'Reference documents'
  const document = baseDocument(file, 'catalogue', { title, url: '/documents', edition: null, meta: { path: file.path } })
  const drafts: ChunkDraft[] = []
  for (const category of catalogue.categories) {
    for (const card of category.documents) {
      drafts.push({
        key: card.id,
        kind: 'catalogue',
        section: card.anchor ? drawingNumber(card.anchor) : null,
        sectionTitle: card.title,
        headingPath: `${title} > ${category.title} > ${card.title}`,
        text: [
          `${card.title}${card.isNew ? ' (NEW)' : ''}. ${card.description}`,
          `Category: ${category.title}.`,
          `Official link: ${card.url}`,
          card.isSpecific && card.anchor ? `In the app: /documents#${card.anchor}` : '',
        ]
          .filter(Boolean)
          .join('\n'),
        edition: null,
        url: card.url,
        pageStart: null,
        pageEnd: null,
        topics: [],
        extraRefs: card.anchor && card.anchor !== 'construction-manual' ? [card.anchor.replace(/^drawing-/, '')] : [],
      })
    }
  }
  drafts.push({
    key: 'emergency',
    kind: 'catalogue',
    section: null,
    sectionTitle: catalogue.emergency.title,
    headingPath: `${title} > ${catalogue.emergency.title}`,
    text: bulletList(catalogue.emergency.contacts.map((c) => `${c.label}: ${c.phone}${c.note ? `. ${c.note}` : ''}`)),
    edition: null,
    url: '/documents',
    pageStart: null,
    pageEnd: null,
    topics: ['safety'],
  })
  return finish(document, drafts)
}

/** Turns one corpus file into its document row and chunks. Throws (naming the file) on an invalid record. */
export function corpusFileToChunks(file: CorpusFile): MarkdownIngest {
  const folder = file.path.split('/')[0]
  try {
    if (folder === 'drawings') return drawingRecord(file)
    if (folder === 'cheat-sheets') return cheatSheetRecord(file)
    if (folder === 'documents') return catalogueRecord(file)
    if (folder === 'defects') return defectRecord(file)
    return specRecord(file)
  } catch (error) {
    throw new Error(`corpus/${file.path}: ${(error as Error).message}`, { cause: error })
  }
}
