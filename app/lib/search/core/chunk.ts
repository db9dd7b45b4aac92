/**
 * The format ingest writes and search reads: one `documents` row and its `chunks` rows, before embedding,
 * and the text a chunk is embedded on. Pure: shared by the ingest, the server and tests.
 */

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
  /** The page labels the book prints on those pages ('401-3'), when it prints them. */
  pageLabelStart?: string | null
  pageLabelEnd?: string | null
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

/** What writes vectors for chunks: the LSA model trained at ingest, or a configured endpoint. */
export interface ChunkEmbedder {
  /** embedding_models.name written to chunks.embedding_model */
  name: string
  embedTexts(texts: string[]): Promise<Array<number[] | null>>
}
