import type { CheatSheetInfo } from '../search/core/answer-suggestions'

/**
 * One chunk of the corpus as the phone keeps it: the fields the search core reads (core/rank.ts
 * `rankingText`, core/citations.ts), so the offline answer is the online answer on the saved index.
 */
export interface OfflinePassage {
  id: string
  documentId: string
  /** documents.kind: drawing, cheat-sheet, spec-section, defect, ... */
  kind: string
  title: string
  document: string
  edition: string | null
  section: string | null
  sectionTitle: string | null
  headingPath: string
  chunkKind: string
  text: string
  pageStart: number | null
  pageEnd: number | null
  url: string | null
}

export interface OfflineIndex {
  /** 2: the whole bundled corpus, answered by the search core (1 held statements for a separate scorer). */
  format: 2
  /** Content hash: the ETag, and the key of what the browser prepared from it. */
  version: string
  generatedAt: string
  passages: OfflinePassage[]
  /** Cheat sheets for the answer's suggestions and tips. */
  sheets: CheatSheetInfo[]
  /** Common English words the spelling corrector leaves alone, as vocabulary.server.ts keeps them (flagged forms). */
  commonWords: string
}
