/** How the image-analysis and diagnostic sections word and colour their values (product-spec §9). Pure. */

/** §9: annotations and elements show 5 each. */
export const PLAN_ITEMS_SHOWN = 5

export type Dot = 'green' | 'yellow' | 'red'

/**
 * §9 feature confidence dot: above 0.8 green, above 0.6 yellow, else red. The label says the same in
 * words, so colour is never the only signal.
 */
export function confidenceDot(confidence: number): { dot: Dot; label: string; percent: number } {
  const value = Number.isFinite(confidence) ? Math.min(1, Math.max(0, confidence)) : 0
  const percent = Math.round(value * 100)
  if (value > 0.8) return { dot: 'green', label: 'High', percent }
  if (value > 0.6) return { dot: 'yellow', label: 'Medium', percent }
  return { dot: 'red', label: 'Low', percent }
}

/** 'asphalt_alligator_cracking' -> 'Asphalt alligator cracking'. */
export function issueTypeWords(issueType: string): string {
  const words = issueType.replace(/[_-]+/g, ' ').replace(/\s+/g, ' ').trim()
  return words ? words[0]!.toUpperCase() + words.slice(1) : ''
}

export function capitalise(word: string): string {
  return word ? word[0]!.toUpperCase() + word.slice(1) : word
}

/** The first `limit` items, and how many more there are ('and N more'). */
export function firstItems<T>(items: readonly T[], limit = PLAN_ITEMS_SHOWN): { shown: T[]; more: number } {
  return { shown: items.slice(0, limit), more: Math.max(0, items.length - limit) }
}

export function moreText(more: number): string {
  return more > 0 ? `and ${more} more` : ''
}

const TEXT_SOURCES = {
  ocr: 'Text read from the image by OCR (English).',
  'pdf-text': 'Text extracted from the PDF.',
  none: 'No text could be read from the file.',
} as const

export function textSourceLine(source: 'ocr' | 'pdf-text' | 'none' | undefined): string | null {
  return source ? TEXT_SOURCES[source] : null
}
