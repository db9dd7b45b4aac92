import { Ruler } from 'lucide-react'
import type { KeyMeasurement } from '~/lib/corpus/schema'
import { BasisBadge } from './basis-badge'
import { SheetSection } from './sheet-section'

/**
 * The sheet's figures, each with what confirms it. The citation sits in a details element on screen
 * (long, and mostly needed when checking a figure) and is printed in full.
 */
export function KeyMeasurements({ measurements }: { measurements: readonly KeyMeasurement[] }) {
  return (
    <SheetSection id="key-measurements" title="Key Measurements" Icon={Ruler}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {measurements.map((measurement) => (
          <li
            key={measurement.label}
            data-testid="key-measurement"
            className="grid content-start gap-2 rounded-lg border border-border bg-background p-4 break-inside-avoid print:p-2"
          >
            <p className="text-sm font-medium text-muted-foreground">{measurement.label}</p>
            <p className="text-xl leading-snug font-bold">{measurement.value}</p>
            <div>
              <BasisBadge basis={measurement.basis} />
            </div>
            <details className="text-sm print:hidden">
              <summary className="flex min-h-[var(--tap-size)] cursor-pointer items-center font-medium text-primary">
                Citation<span className="sr-only">: {measurement.label}</span>
              </summary>
              <p className="text-muted-foreground">{measurement.citation}</p>
            </details>
            <p className="hidden text-xs text-muted-foreground print:block">{measurement.citation}</p>
          </li>
        ))}
      </ul>
    </SheetSection>
  )
}
