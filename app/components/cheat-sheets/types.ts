import type { Basis, CheatSheetFrontMatter } from '~/lib/corpus/schema'

/** A cheat sheet as the page receives it: the record plus the summary paragraph of its notes. */
export type SheetView = CheatSheetFrontMatter & { summary: string }

export type { Basis }

/** Names the card shows for what a sheet refers to, keyed by id (from the drawing records and the calculator catalogue). */
export interface SheetLinkNames {
  drawingTitles: Readonly<Record<string, string>>
  calculatorNames: Readonly<Record<string, string>>
}
