import { Printer } from 'lucide-react'
import { forwardRef } from 'react'
import { useHydrated } from '~/lib/use-hydrated'
import { CriticalChecks } from './critical-checks'
import { DrawingSpecs } from './drawing-specs'
import { KeyMeasurements } from './key-measurements'
import { RelatedCalculators, Sources, SpecSections } from './sheet-references'
import { SheetIcon } from './sheet-icon'
import { SHEET_CARD_ID } from './topic-picker'
import type { SheetLinkNames, SheetView } from './types'

/** The selected sheet. scroll-mt keeps its title clear of the sticky header when scrolled to. */
export const SheetCard = forwardRef<HTMLElement, { sheet: SheetView } & SheetLinkNames>(function SheetCard(
  { sheet, drawingTitles, calculatorNames },
  ref,
) {
  const hydrated = useHydrated()
  return (
    <article
      ref={ref}
      id={SHEET_CARD_ID}
      data-sheet-id={sheet.id}
      aria-labelledby="sheet-title"
      className="grid min-w-0 scroll-mt-20 gap-6 rounded-xl border border-border bg-card p-5 text-card-foreground shadow-sm sm:p-6 print:border-0 print:p-0 print:shadow-none"
    >
      <header className="grid gap-3">
        <div className="flex items-start gap-3">
          <SheetIcon id={sheet.id} className="mt-1 size-7 shrink-0 text-primary sm:size-8 print:hidden" />
          <div className="min-w-0 flex-1">
            <h2 id="sheet-title" className="text-2xl font-bold sm:text-3xl">
              {sheet.title}
            </h2>
            <p className="mt-1 text-muted-foreground">{sheet.topic}</p>
          </div>
          {hydrated ? (
            <button
              type="button"
              onClick={() => window.print()}
              className="inline-flex min-h-[var(--tap-size)] shrink-0 items-center gap-2 rounded-md border border-border px-3 text-sm font-medium hover:bg-accent hover:text-accent-foreground print:hidden"
            >
              <Printer aria-hidden className="size-4" />
              Print
            </button>
          ) : null}
        </div>
        {sheet.summary ? <p>{sheet.summary}</p> : null}
      </header>
      <KeyMeasurements measurements={sheet.keyMeasurements} />
      <CriticalChecks sheetId={sheet.id} checks={sheet.criticalChecks} />
      <DrawingSpecs specs={sheet.drawingSpecs} drawingTitles={drawingTitles} />
      <RelatedCalculators ids={sheet.relatedCalculators} calculatorNames={calculatorNames} />
      <SpecSections sections={sheet.specSections} />
      <Sources sources={sheet.sources} />
    </article>
  )
})
