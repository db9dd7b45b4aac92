/**
 * Builds the offline answer index (pure; the database query is in index.server.ts): every chunk of the
 * bundled corpus with the fields the search core reads, the cheat sheets, and the common-word list of the
 * spelling corrector, so the phone runs the same engine on the same text as the server. Its size is
 * capped (MAX_INDEX_BYTES, checked by the route's test); it is fetched once per corpus version and kept by
 * the service worker.
 */
import { createHash } from 'node:crypto'
import type { CheatSheetInfo } from '../search/core/answer-suggestions'
import type { OfflineIndex, OfflinePassage } from './types'

/** The index answered to browsers is refused at build time beyond this (raw JSON bytes; about a fifth gzipped). */
export const MAX_INDEX_BYTES = 1_500_000

export function buildOfflineIndex(passages: readonly OfflinePassage[], sheets: readonly CheatSheetInfo[], commonWords: string, generatedAt = new Date()): OfflineIndex {
  const sorted = [...passages].sort((a, b) => a.chunkId.localeCompare(b.chunkId))
  const version = createHash('sha256')
    .update(JSON.stringify(sorted))
    .update(JSON.stringify(sheets))
    .update(commonWords)
    .digest('hex')
    .slice(0, 20)
  return { format: 2, version, generatedAt: generatedAt.toISOString(), passages: sorted, sheets: [...sheets], commonWords }
}
