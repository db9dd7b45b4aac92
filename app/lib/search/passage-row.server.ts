import { sql } from 'drizzle-orm'
import type { Passage } from './core/types'

/**
 * The columns of a passage, read from `chunks c join documents d`: retrieval and the offline index select
 * the same fields under the same names and turn them into a passage with `passageOfRow`.
 */
export const PASSAGE_COLUMNS = sql.raw(
  `c.id as chunk_id, d.id as document_id, d.kind as document_kind, d.title as document_title, d.document,
   coalesce(c.edition, d.edition) as edition, c.section, c.section_title, c.heading_path, c.kind as chunk_kind,
   c.text, c.page_start, c.page_end, coalesce(c.url, d.url) as url`,
)

export interface PassageRow {
  chunk_id: string
  document_id: string
  document_kind: string
  document_title: string
  document: string
  edition: string | null
  section: string | null
  section_title: string | null
  heading_path: string
  chunk_kind: string
  text: string
  page_start: number | null
  page_end: number | null
  url: string | null
}

/** A nullable number column (PostgreSQL may hand numerics over as text). */
export const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A passage's own fields from its row, without page labels, topics or retrieval scores. */
export function passageOfRow(row: PassageRow): Omit<Passage, 'topics' | 'scores'> {
  return {
    chunkId: row.chunk_id,
    documentId: row.document_id,
    documentKind: row.document_kind,
    documentTitle: row.document_title,
    document: row.document,
    edition: row.edition,
    section: row.section,
    sectionTitle: row.section_title,
    headingPath: row.heading_path,
    chunkKind: row.chunk_kind,
    text: row.text,
    pageStart: numberOrNull(row.page_start),
    pageEnd: numberOrNull(row.page_end),
    url: row.url,
  }
}
