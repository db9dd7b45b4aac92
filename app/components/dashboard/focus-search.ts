/**
 * Brings the home page's search box into view and focuses it, when the page has one (an element with
 * id 'search' that is, or contains, the text box). Returns false when there is none, so a link can
 * fall back to navigating.
 */
export function focusSearchBox(): boolean {
  const target = document.getElementById('search')
  if (!target) return false
  const field = target.matches('input, textarea')
    ? target
    : target.querySelector<HTMLElement>('textarea, input[type="search"], input[type="text"], input:not([type])')
  const reduceMotion = window.matchMedia('(prefers-reduced-motion: reduce)').matches
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' })
  field?.focus({ preventScroll: true })
  return true
}

/** A plain left click (no modifier): the only kind a link may take over. */
export function isPlainClick(event: { defaultPrevented: boolean; button: number; metaKey: boolean; ctrlKey: boolean; shiftKey: boolean; altKey: boolean }) {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey
}
