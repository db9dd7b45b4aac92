import { Link } from '@remix-run/react'
import { ExternalLink } from 'lucide-react'
import type { ReactNode } from 'react'
import { VERIFY_NOTICE } from '~/lib/brand'
import type { ResultView } from './result-view'

/** A link to a page of this site, or to another site in a new tab. */
export function SmartLink({ href, children }: { href: string; children: ReactNode }) {
  const className = 'font-semibold text-primary underline underline-offset-4'
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className}>
        {children}
      </Link>
    )
  }
  return (
    <a href={href} target="_blank" rel="noreferrer" className={`${className} inline-flex items-center gap-1`}>
      {children}
      <ExternalLink aria-hidden className="size-4 shrink-0" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  )
}

function Block({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-xl border border-border bg-card p-5">
      <h2 id={id} className="text-lg font-bold">
        {title}
      </h2>
      <div className="mt-3">{children}</div>
    </section>
  )
}

/** The parts of a stored answer that are present; absent parts are left out, never guessed. */
export function StoredResult({ view }: { view: ResultView }) {
  return (
    <div className="grid gap-4">
      <Block id="answer-title" title="Answer">
        {view.answer ? (
          <p className="whitespace-pre-line leading-relaxed">{view.answer}</p>
        ) : (
          <p className="text-muted-foreground">The answer text was not stored for this search.</p>
        )}
        {view.searchEngine ? <p className="mt-3 text-sm text-muted-foreground">Answered by: {view.searchEngine}</p> : null}
      </Block>

      {view.notes.length > 0 ? (
        <Block id="notes-title" title="Inspector Tips">
          <ul className="grid list-disc gap-1 pl-5">
            {view.notes.map((note, i) => (
              <li key={i} className="whitespace-pre-line">
                {note}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}

      {view.citations.length > 0 ? (
        <Block id="citations-title" title="Exact Document Locations">
          <ul className="grid gap-2">
            {view.citations.map((citation, i) => (
              <li key={i} className="rounded-lg bg-muted p-3">
                <p className="font-semibold">
                  {citation.url ? <SmartLink href={citation.url}>{citation.reference}</SmartLink> : citation.reference}
                </p>
                {citation.documentType || citation.type ? (
                  <p className="text-sm text-muted-foreground">
                    {[citation.documentType, citation.type].filter(Boolean).join(' - ')}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}

      {view.sources.length > 0 ? (
        <Block id="sources-title" title="Source Documents">
          <ul className="grid gap-2">
            {view.sources.map((source, i) => (
              <li key={i} className="rounded-lg bg-muted p-3">
                <p className="font-semibold">
                  {source.url ? <SmartLink href={source.url}>{source.title}</SmartLink> : source.title}
                </p>
                {source.section || source.location ? (
                  <p className="text-sm">{[source.section, source.location].filter(Boolean).join(' - ')}</p>
                ) : null}
                {source.relevance ? <p className="text-sm text-muted-foreground">Relevance: {source.relevance}</p> : null}
              </li>
            ))}
          </ul>
        </Block>
      ) : null}

      <p role="note" className="rounded-lg border border-border bg-card p-3 text-sm font-medium">
        {VERIFY_NOTICE}
      </p>
    </div>
  )
}
