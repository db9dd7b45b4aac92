import { Send } from 'lucide-react'
import { forwardRef, useState, type FormEvent, type KeyboardEvent } from 'react'
import { appendReference, suggestDocuments, type DocumentSuggestion } from '~/lib/search/suggestions'
import { CommonTopics } from './common-topics'
import { HOME_ACTION } from './results-view'
import { SuggestionsPanel } from './suggestions-panel'
import type { VoiceState } from './use-voice-input'
import { VoiceButton } from './voice-button'

/** Same limit as the server's (types.ts MAX_QUERY_CHARS), kept here so zod stays out of the page's JavaScript. */
export const MAX_QUESTION_CHARS = 1000

interface SearchFormProps {
  text: string
  onTextChange: (text: string) => void
  hydrated: boolean
  pending: boolean
  onSubmit: (query: string) => void
  onTopic: (topic: string) => void
  voice: { state: VoiceState; start: () => void; stop: () => void }
}

/**
 * The question box with its microphone and send buttons, the live suggestions and the Common Topics.
 * A plain form posting to the home action (JavaScript off); once hydrated, submitting calls `onSubmit`.
 */
export const SearchForm = forwardRef<HTMLTextAreaElement, SearchFormProps>(function SearchForm(
  { text, onTextChange, hydrated, pending, onSubmit, onTopic, voice },
  textareaRef,
) {
  // Hidden after a pick until the question changes again.
  const [pickedFor, setPickedFor] = useState<string | null>(null)
  const suggestions = hydrated && pickedFor !== text ? suggestDocuments(text) : []

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    if (!pending) onSubmit(text)
  }
  const keyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter submits; Shift+Enter inserts a new line (and IME composition is left alone).
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return
    event.preventDefault()
    if (!pending) onSubmit(text)
  }
  const pick = (suggestion: DocumentSuggestion) => {
    const next = appendReference(text, suggestion)
    onTextChange(next)
    setPickedFor(next)
  }

  return (
    <form method="post" action={HOME_ACTION} onSubmit={submit} className="grid gap-4">
      <input type="hidden" name="intent" value="search" />
      <div className="grid gap-2">
        <label htmlFor="search-query" className="font-semibold">
          Your question
        </label>
        <div
          data-testid="search-box"
          data-active={text.length > 0 ? 'true' : undefined}
          className={`flex items-end gap-2 rounded-xl border-2 bg-card p-2 ${text.length > 0 ? 'border-primary' : 'border-border'}`}
        >
          <textarea
            ref={textareaRef}
            id="search-query"
            name="query"
            rows={3}
            maxLength={MAX_QUESTION_CHARS}
            value={text}
            onChange={(event) => onTextChange(event.target.value)}
            onKeyDown={keyDown}
            aria-describedby="search-query-hint"
            placeholder="e.g. What is the guardrail post spacing?"
            className="min-h-[5.5rem] flex-1 resize-y bg-transparent p-2 text-lg outline-none placeholder:text-muted-foreground"
          />
          <div className="flex flex-col gap-2">
            {hydrated ? <VoiceButton state={voice.state} onStart={voice.start} onStop={voice.stop} disabled={pending} /> : null}
            <button
              type="submit"
              aria-label="Search"
              disabled={hydrated && (text.trim() === '' || pending)}
              className="inline-flex size-[var(--tap-size)] items-center justify-center rounded-full bg-primary text-primary-foreground disabled:opacity-50"
            >
              <Send aria-hidden className="size-5" />
            </button>
          </div>
        </div>
        <p id="search-query-hint" className="text-sm text-muted-foreground">
          Press Enter to search, Shift+Enter for a new line.
        </p>
      </div>
      <SuggestionsPanel suggestions={suggestions} onPick={pick} />
      <CommonTopics onPick={hydrated ? onTopic : null} disabled={hydrated && pending} />
    </form>
  )
})
