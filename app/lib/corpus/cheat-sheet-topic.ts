/**
 * Maps a named topic ('Asphalt Paving', 'guard rail', 'bridge deck inspection'...) to a cheat-sheet
 * id. Pure: used by the results view (cheat-sheet suggestions) on the server and in the browser.
 *
 * Scoring: a sheet's id, title and keywords are compared with the topic after normalising case,
 * punctuation, simple plurals and spacing ('guard rail' = 'guardrail'). The longest matching phrase
 * decides, further matching phrases add a little; the highest score wins, ties go to the earlier
 * sheet. No match falls back to
 * 'bridge-deck', as the product specifies.
 */

export const FALLBACK_CHEAT_SHEET_ID = 'bridge-deck'

export type CheatSheetKeywords = { id: string; keywords: readonly string[]; title: string }

function words(value: string): string[] {
  return value
    .toLowerCase()
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((word) => (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word))
}

/** Score of one phrase against the topic: 0 when absent, else grows with the phrase length. */
function phraseScore(topicWords: string[], topicCompact: string, phrase: string): number {
  const phraseWords = words(phrase)
  if (phraseWords.length === 0) return 0
  const spaced = ` ${topicWords.join(' ')} `
  if (spaced.includes(` ${phraseWords.join(' ')} `)) return phraseWords.length * 2
  const compact = phraseWords.join('')
  // 'guardrail' vs 'guard rail', 'signalization' vs 'signal'... only for phrases long enough to be specific.
  if (compact.length >= 5 && topicCompact.includes(compact)) return phraseWords.length * 2 - 1
  return 0
}

export function cheatSheetIdForTopic(topic: string, sheets: readonly CheatSheetKeywords[]): string {
  const topicWords = words(topic)
  if (topicWords.length === 0) return FALLBACK_CHEAT_SHEET_ID
  const topicCompact = topicWords.join('')

  let best: { id: string; score: number } | undefined
  for (const sheet of sheets) {
    if (words(sheet.id).join('') === topicCompact) return sheet.id
    const phrases = [sheet.id.replace(/-/g, ' '), sheet.title, ...sheet.keywords]
    const scores = phrases.map((phrase) => phraseScore(topicWords, topicCompact, phrase)).filter((s) => s > 0)
    // The best phrase decides; each further matching phrase adds a little, to break near-ties.
    const score = scores.length === 0 ? 0 : Math.max(...scores) + 0.25 * (scores.length - 1)
    if (score > 0 && (best === undefined || score > best.score)) best = { id: sheet.id, score }
  }
  return best?.id ?? FALLBACK_CHEAT_SHEET_ID
}
