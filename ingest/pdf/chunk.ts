/**
 * Cuts a parsed specification book into retrieval chunks: never across sections, on paragraph then
 * sentence boundaries, with tables as whole chunks of their own. Pure. Ids depend only on document,
 * edition, section number and position within the section, so an edit to one section changes only
 * that section's chunks; the content hash changes whenever anything a citation shows changes.
 */
import { createHash } from 'node:crypto'
import type { ParsedBook, ParsedSection, SectionBlock } from './structure'

export interface Chunk {
  /** `${slug(document)}:${slug(edition)}:${section}:${n}`, n from 1 within the section. */
  id: string
  document: string
  edition: string
  section: string
  sectionTitle: string
  /** 'Section 401 Hot-Mix Asphalt Pavement > 401.2 Materials > 401.2.2 Mix Design > 401.2.2.1 Job Mix Formula' */
  headingPath: string
  pageStart: number
  pageEnd: number
  kind: 'text' | 'table'
  text: string
  /** Bare headings whose content this chunk holds (401.2.2 for the chunks of 401.2.2.1). */
  carries: string[]
  contentHash: string
}

export interface ChunkOptions {
  maxChars?: number
  overlapChars?: number
}

interface Piece {
  text: string
  pageStart: number
  pageEnd: number
  /** Separator before this piece when it follows another piece in a chunk. */
  joiner: string
}

const ABBREVIATIONS = new Set([
  'no',
  'nos',
  'e.g',
  'i.e',
  'fig',
  'sec',
  'subsec',
  'approx',
  'vs',
  'art',
  'ref',
  'st',
  'mr',
  'dr',
])

export function slug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
}

export function splitSentences(paragraph: string): string[] {
  const sentences: string[] = []
  let start = 0
  for (const match of paragraph.matchAll(/[.?!]["”’)]?\s+(?=["“(]?[A-Z0-9])/g)) {
    const end = match.index + match[0].length
    const lastWord = /(\S+)[.?!]["”’)]?\s+$/.exec(paragraph.slice(start, end))?.[1] ?? ''
    if (ABBREVIATIONS.has(lastWord.toLowerCase().replace(/^\(/, ''))) continue
    sentences.push(paragraph.slice(start, end).trim())
    start = end
  }
  const tail = paragraph.slice(start).trim()
  if (tail) sentences.push(tail)
  return sentences
}

/** Splits text longer than max at word boundaries (a hard cut only inside a single enormous word). */
function splitWords(text: string, max: number): string[] {
  const parts: string[] = []
  let rest = text
  while (rest.length > max) {
    let cut = rest.lastIndexOf(' ', max)
    if (cut <= 0) cut = max
    parts.push(rest.slice(0, cut).trim())
    rest = rest.slice(cut).trim()
  }
  if (rest) parts.push(rest)
  return parts
}

function pageAt(block: SectionBlock, offset: number): number {
  let page = block.pageStart
  for (const pageBreak of block.pageBreaks) if (pageBreak.at <= offset) page = pageBreak.page
  return page
}

function piecesOf(block: SectionBlock, maxChars: number): Piece[] {
  if (block.text.length <= maxChars) {
    return [{ text: block.text, pageStart: block.pageStart, pageEnd: block.pageEnd, joiner: '\n\n' }]
  }
  const pieces: Piece[] = []
  let cursor = 0
  splitSentences(block.text).forEach((sentence, index) => {
    splitWords(sentence, maxChars).forEach((part, partIndex) => {
      const at = Math.max(cursor, block.text.indexOf(part, cursor))
      cursor = at + part.length
      pieces.push({
        text: part,
        pageStart: pageAt(block, at),
        pageEnd: pageAt(block, cursor - 1),
        joiner: index === 0 && partIndex === 0 ? '\n\n' : ' ',
      })
    })
  })
  return pieces
}

/** The end of a chunk, at most max characters, starting at a sentence or else a word boundary. */
function tailOf(text: string, max: number): string {
  if (max <= 0) return ''
  if (text.length <= max) return text
  const window = text.slice(text.length - max)
  const sentence = /[.?!;]["”’)]?\s+(?=\S)/.exec(window)
  if (sentence && sentence.index + sentence[0].length < window.length * 0.8) {
    return window.slice(sentence.index + sentence[0].length)
  }
  const space = window.indexOf(' ')
  return space >= 0 ? window.slice(space + 1) : window
}

export function headingPaths(book: ParsedBook): Map<string, string> {
  const byNumber = new Map(book.sections.map((section) => [section.number, section]))
  const paths = new Map<string, string>()
  const label = (section: ParsedSection) =>
    section.level === 1
      ? `Section ${section.number}${section.title ? ` ${section.title}` : ''}`
      : `${section.number}${section.title ? ` ${section.title}` : ''}`
  for (const section of book.sections) {
    const parts: string[] = []
    for (let at: ParsedSection | undefined = section; at; at = at.parent ? byNumber.get(at.parent) : undefined) {
      parts.unshift(label(at))
    }
    paths.set(section.number, parts.join(' > '))
  }
  return paths
}

function hashChunk(chunk: Omit<Chunk, 'contentHash'>): string {
  const { id: _id, ...content } = chunk
  return createHash('sha256').update(JSON.stringify(content)).digest('hex')
}

export function chunkSections(book: ParsedBook, options: ChunkOptions = {}): Chunk[] {
  const maxChars = Math.max(200, options.maxChars ?? 1800)
  const overlapChars = Math.min(Math.max(0, options.overlapChars ?? 200), Math.floor(maxChars / 4))
  const paths = headingPaths(book)
  const prefix = `${slug(book.document)}:${slug(book.edition)}`
  const chunks: Chunk[] = []

  for (const section of book.sections) {
    if (section.bare || section.blocks.length === 0) continue
    let n = 0
    const emit = (kind: Chunk['kind'], text: string, pageStart: number, pageEnd: number) => {
      n += 1
      const chunk = {
        id: `${prefix}:${section.number}:${n}`,
        document: book.document,
        edition: book.edition,
        section: section.number,
        sectionTitle: section.title,
        headingPath: paths.get(section.number) ?? section.number,
        pageStart,
        pageEnd,
        kind,
        text,
        carries: section.carries,
      }
      chunks.push({ ...chunk, contentHash: hashChunk(chunk) })
    }

    let open: Piece[] = []
    let openLength = 0
    // Widened on purpose: flush() reassigns it, which control-flow narrowing does not see.
    let overlap = null as Piece | null
    const flush = () => {
      if (open.length === 0) return
      const all = overlap ? [overlap, ...open] : open
      const text = all.map((piece, index) => (index === 0 ? piece.text : piece.joiner + piece.text)).join('')
      emit('text', text, Math.min(...all.map((p) => p.pageStart)), Math.max(...all.map((p) => p.pageEnd)))
      const last = open.at(-1)!
      const tail = tailOf(text, overlapChars)
      overlap = tail ? { text: tail, pageStart: last.pageStart, pageEnd: last.pageEnd, joiner: '' } : null
      open = []
      openLength = 0
    }

    for (const block of section.blocks) {
      if (block.kind === 'table') {
        flush()
        overlap = null
        emit('table', block.text, block.pageStart, block.pageEnd)
        continue
      }
      for (const piece of piecesOf(block, maxChars - overlapChars - 2)) {
        const added = (open.length > 0 ? piece.joiner.length : 0) + piece.text.length
        const budget = maxChars - (overlap ? overlap.text.length + 2 : 0)
        if (open.length > 0 && openLength + added > budget) flush()
        open.push(piece)
        openLength += (open.length > 1 ? piece.joiner.length : 0) + piece.text.length
      }
    }
    flush()
  }
  return chunks
}
