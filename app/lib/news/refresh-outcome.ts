import type { NewsItem } from './types'

/** The parts of a refresh report (refresh.server.ts) the page reports on. Pure, so the wording is unit-tested. */
export interface RefreshSummary {
  fetched: number
  feeds: number
  skipped: readonly { name: string }[]
  newItems: readonly Pick<NewsItem, 'id'>[]
  lockHeld: boolean
}

export interface RefreshOutcome {
  /** 'failed': no feed could be reached; 'partial': some could not; 'ok': every feed answered. */
  kind: 'ok' | 'partial' | 'failed' | 'busy'
  /** What the page says; null when a plain reload says it all (every feed answered). */
  message: string | null
}

export const FEEDS_UNREACHABLE_MESSAGE =
  'The news sources could not be reached, so nothing new was fetched. The list below is the news saved earlier; try again later.'
export const OFFLINE_REFRESH_MESSAGE =
  "You're offline, so the news cannot be refreshed now. The list below is the copy saved on this device; refresh again when you are back online."

/**
 * What Refresh News says (issue 15: it used to reload as if all went well when no feed answered).
 * Every feed answered: nothing to say, the list shows what is new. Some failed: which ones. None
 * answered: say so, and that the list is the earlier one. Another server fetching: say it is under way.
 */
export function refreshOutcome(report: RefreshSummary): RefreshOutcome {
  if (report.lockHeld) return { kind: 'busy', message: 'The news is being fetched right now. Reload the page in a moment to see what is new.' }
  if (report.feeds > 0 && report.fetched === 0) return { kind: 'failed', message: FEEDS_UNREACHABLE_MESSAGE }
  if (report.skipped.length > 0) {
    const names = report.skipped.map((feed) => feed.name).join(', ')
    const fresh = report.newItems.length === 1 ? '1 new item' : `${report.newItems.length} new items`
    return {
      kind: 'partial',
      message: `${report.skipped.length} of ${report.feeds} news sources could not be reached (${names}); ${fresh} from the others.`,
    }
  }
  return { kind: 'ok', message: null }
}
