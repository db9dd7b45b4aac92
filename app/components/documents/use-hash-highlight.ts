import { useEffect, useState } from 'react'
import { HIGHLIGHT_MS, SCROLL_DELAY_MS } from './hash-target'

/**
 * Scrolls to the element a hash names (after 100 ms, smoothly unless the user prefers reduced motion)
 * and reports it as highlighted for 3 s. Runs again for each navigation (`locationKey`), so the same
 * hash followed twice highlights twice. Returns the highlighted id.
 */
export function useHashHighlight(id: string, locationKey: string): string | null {
  const [highlighted, setHighlighted] = useState<string | null>(null)
  useEffect(() => {
    if (!id) return
    const start = window.setTimeout(() => {
      const element = document.getElementById(id)
      if (!element) return
      const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
      element.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'center' })
      setHighlighted(id)
    }, SCROLL_DELAY_MS)
    const stop = window.setTimeout(() => setHighlighted(null), SCROLL_DELAY_MS + HIGHLIGHT_MS)
    return () => {
      window.clearTimeout(start)
      window.clearTimeout(stop)
      setHighlighted(null)
    }
  }, [id, locationKey])
  return highlighted
}
