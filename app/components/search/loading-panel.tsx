import { useEffect, useState } from 'react'
import { DotsLoader } from '~/components/loader'
import { LOADING_ROTATION_MS, LOADING_SUBTITLE, LOADING_TITLE, loadingMessages } from '~/lib/search/loading-messages'

/**
 * The analysing screen while a search runs: the first message at once, the next every 3 s. A photo
 * analysis passes its own `messages` (they vary by analysis type).
 */
export function LoadingPanel({ query, messages: given }: { query: string; messages?: string[] }) {
  const [messages] = useState(() => given ?? loadingMessages(query))
  const [index, setIndex] = useState(0)
  useEffect(() => {
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % messages.length), LOADING_ROTATION_MS)
    return () => window.clearInterval(timer)
  }, [messages.length])
  return (
    <div data-testid="search-loading" className="grid justify-items-center gap-3 rounded-xl border border-border bg-card p-8 text-center">
      <DotsLoader label="Searching" />
      <p className="text-xl font-bold">{LOADING_TITLE}</p>
      <p className="text-muted-foreground">{LOADING_SUBTITLE}</p>
      <p role="status" aria-live="polite" data-testid="loading-message" className="min-h-6 font-medium text-primary">
        {messages[index]}
      </p>
    </div>
  )
}
