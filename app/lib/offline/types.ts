import type { CheatSheetInfo } from '../search/core/answer-suggestions'
import type { Passage } from '../search/core/types'

/**
 * One chunk of the corpus as the phone keeps it: a retrieval passage without its scores, so the search core
 * reads the same fields on the phone as on the server and the offline answer is the online answer.
 */
export type OfflinePassage = Omit<Passage, 'topics' | 'scores'>

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
