/** Insight text longer than this is cut in the card and shown in full when expanded (§5, §9). */
export const INSIGHT_PREVIEW_CHARS = 200

/**
 * The card preview of an insight: the text itself when it fits, else its first `max` characters (cut at
 * the last space when one is near, so a word is not split) followed by an ellipsis.
 */
export function truncateInsight(text: string, max = INSIGHT_PREVIEW_CHARS): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max)
  const space = cut.lastIndexOf(' ')
  const head = space >= max * 0.6 ? cut.slice(0, space) : cut
  return `${head.trimEnd().replace(/[\s,;:.]+$/, '')}…`
}
