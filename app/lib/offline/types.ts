import type { ExactCitation } from '../search/core/types'

/** One passage of the offline index: where it is cited and the statements it holds. */
export interface OfflineEntry {
  /** The chunk id. */
  id: string
  /** documents.kind: drawing, cheat-sheet, spec-section, ... */
  kind: string
  title: string
  /** Heading path inside the document (for the source's location). */
  where: string
  citation: ExactCitation
  /** Where the app or the official source shows it. */
  url: string
  /** Section, drawing and test numbers the passage is about (lower case, as chunks.refs). */
  refs: string[]
  /** Self-contained statements (bullets or sentences), each with its own bracketed source when it has one. */
  statements: string[]
}

export interface OfflineIndex {
  /** Content hash: the ETag, and the key of what the browser prepared from it. */
  version: string
  generatedAt: string
  entries: OfflineEntry[]
}
