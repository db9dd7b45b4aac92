import { Link } from '@remix-run/react'
import { FileText } from 'lucide-react'
import type { CheatSheetFrontMatter } from '~/lib/corpus/schema'
import { SheetSection } from './sheet-section'

/** Each drawing the sheet relies on, linking to its detail view in the reference documents. */
export function DrawingSpecs({
  specs,
  drawingTitles,
}: {
  specs: CheatSheetFrontMatter['drawingSpecs']
  drawingTitles: Readonly<Record<string, string>>
}) {
  return (
    <SheetSection id="drawing-specs" title="Drawing Specifications" Icon={FileText}>
      {specs.length === 0 ? (
        <p className="text-muted-foreground">No standard drawing is linked to this topic.</p>
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {specs.map((spec) => (
            <li key={spec.drawingId} className="grid content-start gap-1 rounded-lg border border-border p-4 break-inside-avoid print:p-2">
              <Link
                to={`/documents#${spec.drawingId}`}
                className="inline-flex min-h-[var(--tap-size)] items-center font-semibold text-primary underline underline-offset-4"
              >
                {drawingTitles[spec.drawingId] ?? spec.drawingId}
              </Link>
              <p className="font-mono text-xs text-muted-foreground">{spec.drawingId}</p>
              <p className="text-sm">{spec.note}</p>
            </li>
          ))}
        </ul>
      )}
    </SheetSection>
  )
}
