import { formatSubmittedTime } from '~/lib/forms/format'
import { useHydrated } from '~/lib/use-hydrated'

/**
 * A submission time: South Carolina time (with its zone) in the server's HTML and without JavaScript,
 * the browser's own zone once the page is interactive.
 */
export function LocalTime({ iso }: { iso: string }) {
  const hydrated = useHydrated()
  return <time dateTime={iso}>{formatSubmittedTime(iso, hydrated ? 'local' : undefined)}</time>
}
