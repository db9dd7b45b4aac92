import { FileText } from 'lucide-react'
import type { DocumentSuggestion } from '~/lib/search/suggestions'

/** 'Suggested documents' while typing (spec §4): clicking one appends its reference to the question. */
export function SuggestionsPanel({ suggestions, onPick }: { suggestions: DocumentSuggestion[]; onPick: (s: DocumentSuggestion) => void }) {
  if (suggestions.length === 0) return null
  return (
    <section aria-labelledby="suggestions-title" data-testid="suggestions-panel" className="rounded-xl border border-border bg-card p-4">
      <h3 id="suggestions-title" className="text-sm font-bold">
        Suggested documents
      </h3>
      <ul className="mt-2 grid gap-2">
        {suggestions.map((suggestion) => (
          <li key={suggestion.id}>
            <button
              type="button"
              onClick={() => onPick(suggestion)}
              aria-label={`Add ${suggestion.reference} to your question: ${suggestion.title}`}
              className="flex min-h-[var(--tap-size)] w-full items-start gap-3 rounded-lg bg-muted p-3 text-left hover:bg-accent hover:text-accent-foreground"
            >
              <FileText aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
              <span>
                <span className="block font-semibold">{suggestion.title}</span>
                <span className="block text-sm text-muted-foreground">{suggestion.document}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
