/**
 * Exact citations and source entries of a search result, made from the passages the answer used
 * (primary) and the other passages retrieved (reference). Pure.
 *
 * Reference format (what the user looks up):
 * - a numbered section of a specification book: 'Section 401.4.2 (2007)', 'Sections 300-301 (2007)',
 *   'Division 400 (2007)', plus ', p. 12' or ', pp. 12-14' when the passage comes from a PDF; a 2025
 *   pointer record that still carries the 2007 number says '(2007 numbering; 2025 number to verify)';
 * - a drawing record: 'Drawing G501' (url '/documents#drawing-g501', where the app shows it);
 * - an MUTCD table: 'Table 6H-4';
 * - a record whose section number is not confirmed ('(to verify)'), a cheat sheet or a catalogue card:
 *   its title, never a guessed number;
 * - anything else (test methods, supplemental specs, CFR parts): the section as written, 'SC-T-29',
 *   'SC-M-400', '29 CFR 1926.652'.
 */
import { extractRefs } from './refs'
import type { ExactCitation, Passage, SourceDocument } from './types'

const MUTCD_TABLE = /^(?:MUTCD\s+)?(?:Table\s+)?(\d[A-Z]-\d+)$/i
const DRAWING_ID = /drawing-([a-z]\d{3})\b/i

/** The drawing id ('drawing-g501') a passage belongs to, or null. */
export function drawingIdOf(passage: Passage): string | null {
  if (passage.documentKind !== 'drawing' && passage.chunkKind !== 'drawing') return null
  for (const candidate of [passage.documentId, passage.url ?? '', passage.section ?? '']) {
    const match = DRAWING_ID.exec(candidate)
    if (match) return `drawing-${match[1]!.toLowerCase()}`
  }
  const bare = /^([A-Z]\d{3})$/i.exec(passage.section ?? '')
  return bare ? `drawing-${bare[1]!.toLowerCase()}` : null
}

/**
 * The pages as the book prints them ('p. 401-3'), which is what an inspector holding the printed book looks
 * for; the PDF's own page numbers when the book prints no label there ('p. 5'). The link goes to the PDF page.
 */
function pages(passage: Passage): string {
  const { pageStart, pageEnd } = passage
  if (pageStart === null) return ''
  const first = passage.pageLabelStart ?? String(pageStart)
  const last = pageEnd === null ? first : (passage.pageLabelEnd ?? (passage.pageLabelStart ? null : String(pageEnd)))
  if (last === null) return `, pp. ${first} ff.`
  // Labels hold a hyphen themselves ('401-3'): a range of them reads 'to'.
  return last !== first ? `, pp. ${first}${passage.pageLabelStart ? ' to ' : '-'}${last}` : `, p. ${first}`
}

/** The PDF page range, for the source's location when the book prints its own labels. */
function pdfPages(passage: Passage): string {
  const { pageStart, pageEnd } = passage
  if (pageStart === null || !passage.pageLabelStart) return ''
  return pageEnd !== null && pageEnd !== pageStart ? `PDF pages ${pageStart}-${pageEnd}` : `PDF page ${pageStart}`
}

const SECTIONS = /^\d{3}(?:\.\d+)*(?:\s*(?:-|and|to)\s*\d{3}(?:\.\d+)*)?$/
const DIVISION = /^Division \d{3}$/i

function short(text: string, max = 90): string {
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`
}

export function citationOf(passage: Passage): ExactCitation {
  const section = passage.section?.trim() ?? ''
  const documentType = passage.edition ? `${passage.document} (${passage.edition})` : passage.document
  const drawingId = drawingIdOf(passage)
  if (drawingId) {
    return { type: 'drawing', reference: `Drawing ${drawingId.slice('drawing-'.length).toUpperCase()}`, documentType, url: `/documents#${drawingId}` }
  }
  const url = passage.url ?? '/documents'
  const year = passage.edition && /^\d{4}$/.test(passage.edition) ? passage.edition : null
  if (passage.documentKind === 'catalogue') {
    return { type: 'other', reference: short(`Reference documents: ${passage.sectionTitle ?? passage.documentTitle}`), documentType, url }
  }
  if (passage.documentKind === 'cheat-sheet') return { type: 'other', reference: passage.documentTitle, documentType, url }
  // A record whose section number is not confirmed is cited by its title, never by a guessed number.
  if (section === '' || /verify/i.test(section)) return { type: 'other', reference: short(passage.documentTitle), documentType, url }
  const table = MUTCD_TABLE.exec(section)
  if (table) return { type: 'table', reference: `Table ${table[1]!.toUpperCase()}`, documentType, url }
  if (DIVISION.test(section)) return { type: 'section', reference: `${section}${year ? ` (${year})` : ''}`, documentType, url }
  if (SECTIONS.test(section)) {
    const plural = /\d{3}\s*(?:-|and|to)\s*\d/.test(section) ? 'Sections' : 'Section'
    // A 2025 pointer record keeps the 2007 number until someone confirms the 2025 one.
    const edition = year === '2025' && /verify|where to find|2007/i.test(passage.documentTitle) ? ' (2007 numbering; 2025 number to verify)' : year ? ` (${year})` : ''
    const type = passage.chunkKind === 'table' ? 'table' : 'section'
    return { type, reference: `${plural} ${section}${edition}${pages(passage)}`, documentType, url }
  }
  const reference = section.length <= 60 ? section : short(passage.documentTitle)
  return { type: passage.chunkKind === 'table' ? 'table' : 'other', reference: `${reference}${pages(passage)}`, documentType, url }
}

export function sourceOf(passage: Passage, relevance: SourceDocument['relevance']): SourceDocument {
  const citation = citationOf(passage)
  const where = [passage.headingPath || passage.sectionTitle || '', pages(passage).replace(/^, /, ''), pdfPages(passage)].filter(Boolean)
  return {
    title: passage.documentTitle,
    section: citation.reference,
    specificLocation: where.join(', ') || citation.reference,
    relevance,
    url: citation.url,
  }
}

/** Citations of the passages used, deduplicated by reference and document, in the order given. */
export function exactCitationsOf(passages: readonly Passage[]): ExactCitation[] {
  const seen = new Set<string>()
  const out: ExactCitation[] = []
  for (const passage of passages) {
    const citation = citationOf(passage)
    const key = `${citation.reference}|${citation.documentType}`
    if (seen.has(key)) continue
    seen.add(key)
    out.push(citation)
  }
  return out
}

/**
 * The bracketed citations quoted in the answer that name a document of their own ('[29 CFR 1926.201(a)]'
 * inside an MUTCD record): the fact's own source, listed after the passages' citations so the user can
 * look it up. Each is tied to the passage that carries it (its url and publication).
 */
export function quotedCitationsOf(answer: string, passages: readonly Passage[], already: readonly ExactCitation[]): ExactCitation[] {
  const out: ExactCitation[] = []
  const known = new Set(already.map((c) => c.reference.toLowerCase()))
  const knownRefs = new Set(already.flatMap((c) => extractRefs(c.reference)))
  for (const match of answer.matchAll(/\[([^[\]]{3,300})\]/g)) {
    const inner = match[1]!.trim()
    const refs = extractRefs(inner)
    // Only a document the citations above do not already name.
    if (refs.length === 0 || refs.every((ref) => knownRefs.has(ref))) continue
    refs.forEach((ref) => knownRefs.add(ref))
    const passage = passages.find((p) => p.text.includes(match[0]))
    if (!passage) continue
    const reference = short(inner, 120)
    if (known.has(reference.toLowerCase())) continue
    known.add(reference.toLowerCase())
    out.push({ type: 'other', reference, documentType: `Cited in ${citationOf(passage).reference}`, url: passage.url ?? '/documents' })
  }
  return out
}

/**
 * Sources: the passages used (primary) then the rest (reference), one entry per document and section
 * (two chunks of the same section are one source to the reader).
 */
export function sourcesOf(primary: readonly Passage[], reference: readonly Passage[], max = 8): SourceDocument[] {
  const seen = new Set<string>()
  const out: SourceDocument[] = []
  const add = (passage: Passage, relevance: SourceDocument['relevance']) => {
    const source = sourceOf(passage, relevance)
    const key = `${passage.documentId}|${source.section}`
    if (seen.has(key) || out.length >= max) return
    seen.add(key)
    out.push(source)
  }
  for (const passage of primary) add(passage, 'primary')
  for (const passage of reference) add(passage, 'reference')
  return out
}

/** Short label of a passage for the answer text and for the retry summary: 'Section 401.4 (2007)'. */
export function labelOf(passage: Passage): string {
  return citationOf(passage).reference
}
