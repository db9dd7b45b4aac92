/** Display helpers for the trends screen. Pure and browser-safe. */

/** '21 Nov 2026, 14:05 UTC': fixed zone and locale so the server and the browser render the same text. */
export function formatGenerated(iso: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  const day = date.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', hour12: false, timeZone: 'UTC' })
  return `${day}, ${time} UTC`
}

/** How a stored date range reads: 'last-30-days' -> 'Last 30 days'. */
export function formatDateRange(range: string): string {
  const preset = /^last-(\d+)-(days|months)$/.exec(range)
  return preset ? `Last ${preset[1]} ${preset[2]}` : range
}

/** Where a related specification label leads: a drawing to its detail view, anything else to the library. */
export function specificationHref(label: string): string {
  const drawing = /^Drawing ([A-Z]\d{3})\b/.exec(label)
  return drawing ? `/documents#drawing-${drawing[1]!.toLowerCase()}` : '/documents'
}

/** Only web links are rendered as links (a stored feed URL could be anything). */
export function safeExternalUrl(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.toString() : null
  } catch {
    return null
  }
}

export const PERIOD_OPTIONS: { value: string; label: string }[] = [
  { value: '2024-2025', label: '2024-2025' },
  { value: '2025', label: '2025' },
  { value: 'last-12-months', label: 'Last 12 months' },
  { value: 'last-90-days', label: 'Last 90 days' },
  { value: 'last-30-days', label: 'Last 30 days' },
]
