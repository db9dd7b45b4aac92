import { Calculator, ClipboardList, MapPin, NotebookTabs, ShieldCheck, Wrench } from 'lucide-react'
import type { ReactNode } from 'react'
import type { ExactCitation, FeatureSuggestion, SourceDocument } from '~/lib/search/core/types'
import {
  calculatorHref,
  cheatSheetHref,
  citationHref,
  factCheckHref,
  featureHref,
  PRESELECTED_FORM_KEY,
  storeTarget,
  TARGET_CALCULATION_KEY,
  TARGET_CHEAT_SHEET_KEY,
} from './links'
import { ResultLink } from './result-link'

export interface ToolNames {
  cheatSheets: Record<string, string>
  calculators: Record<string, string>
}

export function Block({ id, title, icon, children, testId }: { id: string; title: string; icon: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section aria-labelledby={id} data-testid={testId} className="rounded-xl border border-border bg-card p-5">
      <h3 id={id} className="flex items-center gap-2 text-lg font-bold">
        {icon}
        {title}
      </h3>
      <div className="mt-3">{children}</div>
    </section>
  )
}

const CITATION_TYPES: Record<ExactCitation['type'], string> = { section: 'Section', drawing: 'Drawing', table: 'Table', other: 'Reference' }

export function ExactLocations({ citations }: { citations: ExactCitation[] }) {
  if (citations.length === 0) return null
  return (
    <Block id="exact-locations-title" title="Exact Document Locations" icon={<MapPin aria-hidden className="size-5 text-primary" />}>
      <ul className="grid gap-2" data-testid="exact-citations">
        {citations.map((citation, i) => (
          <li key={i} className="rounded-lg bg-muted p-3">
            <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{CITATION_TYPES[citation.type] ?? 'Reference'}</p>
            <p className="font-bold">{citation.reference}</p>
            <p className="text-sm">{citation.documentType}</p>
            {citation.url ? (
              <ResultLink href={citationHref(citation)} className="mt-1 text-sm font-semibold text-primary underline underline-offset-4" label={`Open ${citation.reference}`}>
                Open document
              </ResultLink>
            ) : null}
          </li>
        ))}
      </ul>
    </Block>
  )
}

const toolClass =
  'flex min-h-[var(--tap-size)] items-center gap-2 rounded-lg border border-border bg-muted px-3 py-2 font-semibold text-foreground hover:bg-accent hover:text-accent-foreground'

export function SuggestedTools({ cheatSheets, calculations, names }: { cheatSheets: string[]; calculations: string[]; names: ToolNames }) {
  if (cheatSheets.length === 0 && calculations.length === 0) return null
  return (
    <Block id="suggested-tools-title" title="Suggested Tools" icon={<Wrench aria-hidden className="size-5 text-primary" />}>
      <div className="grid gap-4 sm:grid-cols-2">
        {cheatSheets.length > 0 ? (
          <div>
            <h4 className="text-sm font-bold text-muted-foreground">Cheat Sheets</h4>
            <ul className="mt-2 grid gap-2">
              {cheatSheets.map((id) => (
                <li key={id}>
                  <ResultLink href={cheatSheetHref(id)} className={toolClass} onNavigate={() => storeTarget(TARGET_CHEAT_SHEET_KEY, id)}>
                    <NotebookTabs aria-hidden className="size-5 shrink-0 text-primary" />
                    {names.cheatSheets[id] ?? id} cheat sheet
                  </ResultLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
        {calculations.length > 0 ? (
          <div>
            <h4 className="text-sm font-bold text-muted-foreground">Field Calculations</h4>
            <ul className="mt-2 grid gap-2">
              {calculations.map((id) => (
                <li key={id}>
                  <ResultLink href={calculatorHref(id)} className={toolClass} onNavigate={() => storeTarget(TARGET_CALCULATION_KEY, id)}>
                    <Calculator aria-hidden className="size-5 shrink-0 text-primary" />
                    {names.calculators[id] ?? id}
                  </ResultLink>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Block>
  )
}

/** Section and location, leaving out what the title already says. */
function sourceDetail(source: SourceDocument): string {
  const parts: string[] = []
  if (source.section && !source.title.includes(source.section) && !source.specificLocation.includes(source.section)) parts.push(source.section)
  if (source.specificLocation && source.specificLocation !== source.title) parts.push(source.specificLocation)
  return parts.join(' - ')
}

export function SourceDocuments({ sources }: { sources: SourceDocument[] }) {
  if (sources.length === 0) return null
  return (
    <Block id="source-documents-title" title="Source Documents" icon={<ShieldCheck aria-hidden className="size-5 text-primary" />}>
      <ul className="grid gap-2" data-testid="source-documents">
        {sources.map((source, i) => (
          <li key={i} className="flex flex-wrap items-start justify-between gap-3 rounded-lg bg-muted p-3">
            <div className="min-w-0">
              <p className="font-bold">{source.title}</p>
              {sourceDetail(source) ? <p className="text-sm">{sourceDetail(source)}</p> : null}
              <p className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">
                {source.relevance === 'primary' ? 'Primary source' : 'Reference'}
              </p>
            </div>
            {source.url ? (
              <ResultLink
                href={factCheckHref(source)}
                label={`Fact-Check: ${source.title}${source.section && !source.title.includes(source.section) ? `, ${source.section}` : ''}`}
                className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-primary px-3 text-sm font-semibold text-primary"
              >
                Fact-Check
              </ResultLink>
            ) : null}
          </li>
        ))}
      </ul>
    </Block>
  )
}

export function HelpfulTools({ features }: { features: FeatureSuggestion[] }) {
  if (features.length === 0) return null
  return (
    <Block id="helpful-tools-title" title="Helpful Tools for Your Work" icon={<ClipboardList aria-hidden className="size-5 text-primary" />}>
      <ul className="grid gap-3 sm:grid-cols-2">
        {features.map((feature, i) => (
          <li key={i} className="grid gap-2 rounded-lg bg-muted p-4">
            <p className="font-bold">{feature.title}</p>
            <p className="text-sm">{feature.description}</p>
            <ResultLink
              href={featureHref(feature)}
              onNavigate={feature.formId ? () => storeTarget(PRESELECTED_FORM_KEY, feature.formId!) : undefined}
              className="inline-flex min-h-[var(--tap-size)] w-fit items-center rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground"
            >
              {feature.buttonText}
            </ResultLink>
          </li>
        ))}
      </ul>
    </Block>
  )
}
