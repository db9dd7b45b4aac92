import { Lightbulb, Sparkles } from 'lucide-react'
import { ConfidenceBadge } from '~/components/history/confidence-badge'
import type { SearchResult } from '~/lib/search/core/types'
import { correctedQuery } from './corrected-query'

/**
 * Smart Analysis: the answer with its confidence, the spelling the search used, the engine that wrote
 * it (always shown), and the Inspector Tips. The spec shows an 'Enhanced' badge for the engine
 * 'LlamaIndex', which this product never uses; the badge marks its counterpart, an answer written by
 * the configured chat model (engine 'model', citations checked).
 */
export function SmartAnalysis({ result }: { result: SearchResult }) {
  const corrections = result.corrections ?? []
  return (
    <section aria-labelledby="smart-analysis-title" className="rounded-xl border border-border bg-card p-5">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id="smart-analysis-title" className="mr-auto text-xl font-bold">
          Smart Analysis
        </h3>
        <span data-testid="result-confidence">
          <ConfidenceBadge confidence={result.confidence} />
        </span>
        {result.engine === 'model' ? (
          <span data-testid="enhanced-badge" className="inline-flex items-center gap-1 rounded-full bg-brand-indigo px-2.5 py-0.5 text-xs font-semibold text-white">
            <Sparkles aria-hidden className="size-3.5" />
            Enhanced
          </span>
        ) : null}
      </div>
      {corrections.length > 0 ? (
        <p className="mt-3 text-sm" data-testid="searched-for">
          Searched for: <strong>{correctedQuery(result.query, corrections)}</strong>
        </p>
      ) : null}
      <p className="mt-3 whitespace-pre-line text-lg leading-relaxed" data-testid="result-answer">
        {result.answer}
      </p>
      <p className="mt-3 text-sm text-muted-foreground" data-testid="result-engine">
        Answered by: {result.searchEngine}
      </p>
      {result.engagementText ? <p className="mt-2 text-sm">{result.engagementText}</p> : null}
      {result.roleSpecificNotes.length > 0 ? (
        <div className="mt-4 rounded-lg bg-muted p-4">
          <h4 className="flex items-center gap-2 font-bold">
            <Lightbulb aria-hidden className="size-5 text-primary" />
            Inspector Tips
          </h4>
          <ul className="mt-2 grid list-disc gap-1 pl-5">
            {result.roleSpecificNotes.map((note, i) => (
              <li key={i} className="whitespace-pre-line">
                {note}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}
