import { AlertTriangle, ClipboardCheck, FileText, Package, Ruler, ShieldAlert, Wrench, type LucideIcon } from 'lucide-react'
import type { Ref } from 'react'
import { VERIFY_NOTICE } from '~/lib/brand'
import { ExternalLink } from './external-link'
import { formatIsoDate } from './format'
import { MeasurementGrid } from './measurement-grid'
import { sectionIconName, type SectionIconName } from './section-icon'
import type { DrawingView } from './types'

const SECTION_ICONS: Record<SectionIconName, LucideIcon> = { ClipboardCheck, FileText, Package, Ruler, ShieldAlert, Wrench }

const linkClass = 'font-medium text-primary underline underline-offset-4'

function Specifications({ specifications }: { specifications: DrawingView['specifications'] }) {
  return (
    <section aria-labelledby="specifications-title" className="grid gap-4">
      <h2 id="specifications-title" className="text-[1.375em] font-bold">
        Specifications
      </h2>
      {Object.entries(specifications).map(([name, statements], index) => {
        const iconName = sectionIconName(name)
        const Icon = SECTION_ICONS[iconName]
        return (
          <section
            key={name}
            aria-labelledby={`spec-section-${index}`}
            className="print:break-inside-avoid rounded-xl border border-border bg-card p-4 text-card-foreground"
          >
            <h3 id={`spec-section-${index}`} className="flex items-center gap-2 text-[1.125em] font-semibold">
              <Icon aria-hidden data-icon={iconName} className="size-[1.25em] shrink-0 text-primary" />
              {name}
            </h3>
            <ul className="mt-2 grid list-disc gap-1.5 pl-[1.25em]">
              {statements.map((statement) => (
                <li key={statement}>{statement}</li>
              ))}
            </ul>
          </section>
        )
      })}
    </section>
  )
}

function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null
  return (
    <section
      aria-labelledby="warnings-title"
      className="print:break-inside-avoid rounded-xl border-2 border-amber-600 bg-amber-50 p-4 text-amber-950 dark:border-amber-400 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="warnings-title" className="flex items-center gap-2 text-[1.375em] font-bold">
        <AlertTriangle aria-hidden className="size-[1.1em] shrink-0" />
        Important Warnings
      </h2>
      <ul className="mt-2 grid list-disc gap-1.5 pl-[1.25em]">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
    </section>
  )
}

interface Props {
  drawing: DrawingView
  officialUrl: string
  headingRef: Ref<HTMLHeadingElement>
}

/** The body of the standard drawing detail view, sized in em so the zoom (font size) scales it all. */
export function DrawingContent({ drawing, officialUrl, headingRef }: Props) {
  const isManual = drawing.series === 'CM'
  return (
    <article aria-labelledby="drawing-title" className="grid gap-6">
      <header className="grid gap-3">
        <h1 id="drawing-title" ref={headingRef} tabIndex={-1} className="text-[1.875em] font-bold leading-tight focus:outline-none">
          {drawing.title}
        </h1>
        <p className="text-[1.0625em] text-muted-foreground">{drawing.description}</p>
        <dl className="grid gap-x-6 gap-y-2 text-[0.9375em] sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Category</dt>
          <dd>{drawing.category}</dd>
          <dt className="font-semibold">Last Updated</dt>
          <dd>
            <time dateTime={drawing.lastUpdated}>{formatIsoDate(drawing.lastUpdated)}</time>
          </dd>
          <dt className="font-semibold">Official reference</dt>
          <dd>{drawing.officialReference}</dd>
        </dl>
      </header>
      <MeasurementGrid measurements={drawing.measurements} />
      <Specifications specifications={drawing.specifications} />
      <Warnings warnings={drawing.warnings} />
      <section aria-labelledby="sources-title" className="grid gap-2">
        <h2 id="sources-title" className="text-[1.375em] font-bold">
          Sources
        </h2>
        <ul className="grid gap-2">
          {drawing.sources.map((source) => (
            <li key={source.url + source.title}>
              <ExternalLink href={source.url} className={`${linkClass} print-url`}>
                {source.title}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>
      <footer className="grid gap-2 rounded-xl border border-border bg-muted p-4 text-[0.9375em]">
        <p>
          {isManual ? 'For the full, current text refer to the ' : 'For the current, official drawings refer to the '}
          <ExternalLink href={officialUrl} className={`${linkClass} print-url`}>
            {isManual ? 'official SCDOT Construction Manual' : 'official SCDOT Standard Drawings library'}
          </ExternalLink>
          . This view is a field summary, not the drawing itself.
        </p>
        <p className="font-semibold">{VERIFY_NOTICE}</p>
      </footer>
    </article>
  )
}
