/** The filter of /admin/emails and its CSV export, read from and written to the query string. */
export interface MemberFilter {
  /** Matches email or full name, case-insensitive; empty matches everyone. */
  q: string
  /** Only members who agreed to receive news by email. */
  optedIn: boolean
}

export const MAX_MEMBER_QUERY_LENGTH = 200

export function parseMemberFilter(params: URLSearchParams): MemberFilter {
  const q = (params.get('q') ?? '').trim().slice(0, MAX_MEMBER_QUERY_LENGTH)
  const optedIn = ['1', 'true', 'on'].includes(params.get('optedIn') ?? '')
  return { q, optedIn }
}

/** A link that keeps the filter: `/admin/emails?q=...&optedIn=1&page=2`, or the CSV export. */
export function memberFilterHref(path: string, filter: MemberFilter, page = 1): string {
  const params = new URLSearchParams()
  if (filter.q) params.set('q', filter.q)
  if (filter.optedIn) params.set('optedIn', '1')
  if (page > 1) params.set('page', String(page))
  const query = params.toString()
  return query ? `${path}?${query}` : path
}
