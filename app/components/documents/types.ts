import type { Drawing } from '~/lib/corpus/schema'

/** What the detail view shows of a drawing record (the search-only fields stay on the server). */
export type DrawingView = Omit<Drawing, 'notes' | 'topics' | 'specSections' | 'kind'>

export function toDrawingView({ notes: _notes, topics: _topics, specSections: _sections, kind: _kind, ...view }: Drawing): DrawingView {
  return view
}

export const BASIS_LABEL = {
  scdot: 'SCDOT',
  national: 'National standard',
  'field-reference': 'Field reference - verify',
} as const satisfies Record<Drawing['measurements'][number]['basis'], string>

/** The sticky bar's series badge: 'G Series'; the construction manual record is series 'CM'. */
export function seriesLabel(series: string): string {
  return series === 'CM' ? 'CM' : `${series} Series`
}
