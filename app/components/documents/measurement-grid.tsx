import type { DrawingView } from './types'
import { BASIS_LABEL } from './types'

const BASIS_CLASS = {
  scdot: 'bg-accent text-accent-foreground',
  national: 'bg-muted text-foreground',
  'field-reference': 'bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100',
} as const

/**
 * Every figure of the record with its basis shown honestly (SCDOT, a national standard, or the
 * product's own field reference to verify) and its citation one tap away. Critical figures (failure
 * means tear-out) carry the CRITICAL badge and come first in the record's own order.
 */
export function MeasurementGrid({ measurements }: { measurements: DrawingView['measurements'] }) {
  return (
    <section aria-labelledby="measurements-title" className="grid gap-3">
      <h2 id="measurements-title" className="text-[1.375em] font-bold">
        Critical Measurements
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {measurements.map((measurement, index) => (
          <li
            key={`${index}-${measurement.label}`}
            data-critical={measurement.critical ? 'true' : undefined}
            className={`print:break-inside-avoid grid content-start gap-2 rounded-xl border bg-card p-4 text-card-foreground ${
              measurement.critical ? 'border-2 border-destructive' : 'border-border'
            }`}
          >
            <div className="flex items-start justify-between gap-2">
              <h3 className="text-[0.9375em] font-semibold text-muted-foreground">{measurement.label}</h3>
              {measurement.critical ? (
                <span className="shrink-0 rounded bg-destructive px-2 py-0.5 text-[0.75em] font-extrabold tracking-wide text-destructive-foreground">
                  CRITICAL
                </span>
              ) : null}
            </div>
            <p className="text-[1.375em] font-bold leading-tight">{measurement.value}</p>
            <p>
              <span className={`rounded px-2 py-0.5 text-[0.8125em] font-semibold ${BASIS_CLASS[measurement.basis]}`}>
                <span className="sr-only">Basis: </span>
                {BASIS_LABEL[measurement.basis]}
              </span>
            </p>
            <details className="text-[0.875em]">
              <summary className="flex min-h-[var(--tap-size)] cursor-pointer items-center font-medium text-primary">
                Source
              </summary>
              <p className="text-muted-foreground">{measurement.citation}</p>
            </details>
            <p className="hidden text-[0.8125em] print:block">Source: {measurement.citation}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
