import type { SearchResult } from '~/lib/search/core/types'

/** The question as searched after spelling correction ('gaurdrail' -> 'guardrail'), whole words only. */
export function correctedQuery(query: string, corrections: SearchResult['corrections']): string {
  return corrections.reduce((text, { from, to }) => {
    const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    return text.replace(new RegExp(`(^|[^\\p{L}\\p{N}])${escaped}(?=$|[^\\p{L}\\p{N}])`, 'giu'), `$1${to}`)
  }, query)
}
