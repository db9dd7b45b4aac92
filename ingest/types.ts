/** What the ingest steps hand to the store: one `documents` row and its `chunks` rows, before embedding. */

export interface IngestDocument {
  /** 'corpus:<path under corpus/>' or 'pdf:<document slug>:<edition slug>' */
  id: string
  source: 'corpus' | 'pdf'
  kind: string
  title: string
  document: string
  edition: string | null
  url: string | null
  /** sha256 of the source file: an equal hash skips the document entirely. */
  contentHash: string
  meta: Record<string, unknown>
}

export interface IngestChunk {
  id: string
  /** Position in the document, from 0. */
  ordinal: number
  kind: string
  section: string | null
  sectionTitle: string | null
  headingPath: string
  text: string
  edition: string | null
  pageStart: number | null
  pageEnd: number | null
  url: string | null
  refs: string[]
  topics: string[]
  /** sha256 of everything stored but the id, ordinal and embedding: equal hash, row left untouched. */
  contentHash: string
}

/** The text a chunk is embedded (and the LSA model trained) on. */
export function embeddingText(chunk: Pick<IngestChunk, 'section' | 'sectionTitle' | 'headingPath' | 'text'>): string {
  return [chunk.section, chunk.sectionTitle, chunk.headingPath, chunk.text].filter(Boolean).join('\n')
}
