/**
 * Builds the offline answer index from corpus passages (pure; the database query is in index.server.ts).
 * Only what an inspector asks in the field: drawings, the construction manual, cheat sheets,
 * specification, supplemental and test-method summaries, manual notes and federal rules. Each passage
 * keeps the same citation label as the online answers (citationOf) and its statements, capped in length
 * and number so the whole index stays small (MAX_INDEX_BYTES, checked by the route's test).
 */
import { createHash } from 'node:crypto'
import { citationOf } from '../search/core/citations'
import type { Passage } from '../search/core/types'
import type { OfflineEntry, OfflineIndex } from './types'

export const OFFLINE_KINDS = ['drawing', 'manual', 'cheat-sheet', 'spec-section', 'supplemental-spec', 'test-method', 'manual-note', 'federal'] as const
export const MAX_STATEMENT_CHARS = 400
export const MAX_STATEMENTS_PER_ENTRY = 12
/** The index answered to browsers is refused at build time beyond this (raw JSON bytes). */
export const MAX_INDEX_BYTES = 600_000

/** A chunk as the index reads it: a retrieval passage's fields without scores and topics, with its refs. */
export type IndexRow = Omit<Passage, 'topics' | 'scores'> & { refs: string[] }

const VERIFY_LINE = /^verify against the current official/i

function clip(text: string): string {
  if (text.length <= MAX_STATEMENT_CHARS) return text
  const cut = text.slice(0, MAX_STATEMENT_CHARS - 1)
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), MAX_STATEMENT_CHARS / 2)).trimEnd()}…`
}

/** A passage's statements: one per bullet or table row, else one per sentence; notices and crumbs dropped. */
export function statementsOf(text: string): string[] {
  const out: string[] = []
  for (const raw of text.split(/\n+/)) {
    const line = raw.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/^\|\s*|\s*\|$/g, '').replace(/\s*\|\s*/g, ' | ').replace(/\*\*/g, '').trim()
    if (line.length < 12 || /^[-| :]+$/.test(line) || VERIFY_LINE.test(line) || /^#+\s/.test(line)) continue
    const bullet = /^\s*(?:[-*+]|\d+[.)])\s+/.test(raw) || raw.includes('|')
    const parts = bullet ? [line] : line.split(/(?<=[.!?])\s+(?=[A-Z0-9])/)
    for (const part of parts) {
      const statement = part.trim()
      if (statement.length >= 12 && !VERIFY_LINE.test(statement)) out.push(clip(statement))
    }
  }
  return [...new Set(out)].slice(0, MAX_STATEMENTS_PER_ENTRY)
}

function asPassage(row: IndexRow): Passage {
  return {
    chunkId: row.chunkId,
    documentId: row.documentId,
    documentKind: row.documentKind,
    documentTitle: row.documentTitle,
    document: row.document,
    edition: row.edition,
    section: row.section,
    sectionTitle: row.sectionTitle,
    headingPath: row.headingPath,
    chunkKind: row.chunkKind,
    text: row.text,
    pageStart: row.pageStart,
    pageEnd: row.pageEnd,
    url: row.url,
    topics: [],
    scores: { fts: null, ftsRank: null, vector: null, vectorRank: null, exact: false, fused: 0 },
  }
}

export function entryOf(row: IndexRow): OfflineEntry | null {
  const statements = statementsOf(row.text)
  if (statements.length === 0) return null
  const citation = citationOf(asPassage(row))
  const title = row.sectionTitle && row.sectionTitle !== row.documentTitle ? `${row.documentTitle} - ${row.sectionTitle}` : row.documentTitle
  return {
    id: row.chunkId,
    kind: row.documentKind,
    title,
    where: row.headingPath,
    citation,
    url: citation.url,
    refs: [...new Set(row.refs.map((ref) => ref.toLowerCase()))].slice(0, 12),
    statements,
  }
}

export function buildOfflineIndex(rows: readonly IndexRow[], generatedAt = new Date()): OfflineIndex {
  const kinds: readonly string[] = OFFLINE_KINDS
  const entries = rows
    .filter((row) => kinds.includes(row.documentKind))
    .map(entryOf)
    .filter((entry): entry is OfflineEntry => entry !== null)
    .sort((a, b) => a.id.localeCompare(b.id))
  const version = createHash('sha256').update(JSON.stringify(entries)).digest('hex').slice(0, 20)
  return { version, generatedAt: generatedAt.toISOString(), entries }
}
