import { Link } from '@remix-run/react'
import { BookOpen, Calculator, ExternalLink, Library } from 'lucide-react'
import type { CheatSheetFrontMatter } from '~/lib/corpus/schema'
import { SheetSection } from './sheet-section'

const chip =
  'inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border border-border px-3 text-sm font-medium'

export function RelatedCalculators({
  ids,
  calculatorNames,
}: {
  ids: CheatSheetFrontMatter['relatedCalculators']
  calculatorNames: Readonly<Record<string, string>>
}) {
  if (ids.length === 0) return null
  return (
    <SheetSection id="related-calculators" title="Related Calculators" Icon={Calculator}>
      <ul className="flex flex-wrap gap-2">
        {ids.map((id) => (
          <li key={id}>
            <Link to={`/field-calculations#${id}`} className={`${chip} bg-card text-primary hover:bg-accent`}>
              <Calculator aria-hidden className="size-4" />
              {calculatorNames[id] ?? id}
            </Link>
          </li>
        ))}
      </ul>
    </SheetSection>
  )
}

/** '401' or '703.04' -> 'Section 401'; named documents ('SC-M-400', '29 CFR 1926.652') as they are. */
export function specSectionLabel(section: string): string {
  return /^\d+(?:\.\d+)*$/.test(section) ? `Section ${section}` : section
}

export function SpecSections({ sections }: { sections: readonly string[] }) {
  if (sections.length === 0) return null
  return (
    <SheetSection id="spec-sections" title="Spec Sections" Icon={BookOpen}>
      <ul className="flex flex-wrap gap-2">
        {sections.map((section) => (
          <li key={section} className={`${chip} bg-muted`}>
            {specSectionLabel(section)}
          </li>
        ))}
      </ul>
    </SheetSection>
  )
}

export function Sources({ sources }: { sources: CheatSheetFrontMatter['sources'] }) {
  return (
    <SheetSection id="sources" title="Sources" Icon={Library}>
      <ul className="grid gap-2">
        {sources.map((source) => (
          <li key={source.url} className="break-inside-avoid">
            <a
              href={source.url}
              target="_blank"
              rel="noreferrer"
              className="inline-flex min-h-[var(--tap-size)] items-center gap-2 font-medium text-primary underline underline-offset-4"
            >
              {source.title}
              <ExternalLink aria-hidden className="size-4 shrink-0" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <span className="hidden text-xs break-all text-muted-foreground print:block">{source.url}</span>
          </li>
        ))}
      </ul>
    </SheetSection>
  )
}
