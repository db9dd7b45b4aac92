import { cheatSheetIdForTopic, FALLBACK_CHEAT_SHEET_ID, type CheatSheetKeywords } from '~/lib/corpus/cheat-sheet-topic'

/**
 * Picker order. Bridge deck comes first because it is the product's fallback sheet, so it is also
 * what a visitor sees when nothing is chosen. Then the home page's 'Common Topics' in their order
 * (asphalt, concrete, guard rail, drainage, signage), then the remaining work types. A sheet added
 * to the corpus but missing here goes at the end, by title.
 */
export const SHEET_ORDER = [
  FALLBACK_CHEAT_SHEET_ID,
  'asphalt',
  'concrete',
  'guardrail',
  'drainage',
  'signs-signals',
  'traffic-control',
  'pavement-markings',
  'earthwork',
  'bases',
  'reinforcing-steel',
  'erosion-control',
] as const

export function orderSheets<T extends { id: string; title: string }>(sheets: readonly T[]): T[] {
  const rank = (id: string) => {
    const index = (SHEET_ORDER as readonly string[]).indexOf(id)
    return index === -1 ? SHEET_ORDER.length : index
  }
  return [...sheets].sort((a, b) => rank(a.id) - rank(b.id) || a.title.localeCompare(b.title))
}

/**
 * The sheet id for a stored target or a query value: an exact id as is, otherwise a named topic
 * mapped with cheatSheetIdForTopic (falls back to bridge deck). Never returns an id missing from
 * `sheets` unless `sheets` is empty.
 */
export function sheetIdFor(value: string, sheets: readonly CheatSheetKeywords[]): string {
  const trimmed = value.trim()
  if (sheets.some((sheet) => sheet.id === trimmed)) return trimmed
  const mapped = cheatSheetIdForTopic(trimmed, sheets)
  return sheets.some((sheet) => sheet.id === mapped) ? mapped : (sheets[0]?.id ?? mapped)
}

/**
 * The sheet a request shows: `?sheet=<id>` first (an unknown value is mapped like a topic), then
 * `?topic=<named topic>`, else the first sheet in order. `sheets` must already be ordered.
 */
export function selectSheetId(
  query: { sheet: string | null; topic: string | null },
  sheets: readonly CheatSheetKeywords[],
): string | undefined {
  const sheet = query.sheet?.trim()
  if (sheet) return sheetIdFor(sheet, sheets)
  const topic = query.topic?.trim()
  if (topic) return sheetIdFor(topic, sheets)
  return sheets[0]?.id
}
