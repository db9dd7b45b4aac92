import { describe, expect, it } from 'vitest'
import { MAX_MEMBER_QUERY_LENGTH, memberFilterHref, parseMemberFilter } from './member-filter'

describe('parseMemberFilter', () => {
  it('reads q (trimmed) and optedIn', () => {
    expect(parseMemberFilter(new URLSearchParams('q=%20Pat%20&optedIn=1'))).toEqual({ q: 'Pat', optedIn: true })
    expect(parseMemberFilter(new URLSearchParams('optedIn=on'))).toEqual({ q: '', optedIn: true })
    expect(parseMemberFilter(new URLSearchParams('optedIn=0'))).toEqual({ q: '', optedIn: false })
    expect(parseMemberFilter(new URLSearchParams(''))).toEqual({ q: '', optedIn: false })
  })

  it('caps the search text', () => {
    const q = 'x'.repeat(500)
    expect(parseMemberFilter(new URLSearchParams({ q })).q).toHaveLength(MAX_MEMBER_QUERY_LENGTH)
  })
})

describe('memberFilterHref', () => {
  it('keeps only what is set', () => {
    expect(memberFilterHref('/admin/emails', { q: '', optedIn: false })).toBe('/admin/emails')
    expect(memberFilterHref('/admin/emails.csv', { q: 'a&b c', optedIn: true })).toBe('/admin/emails.csv?q=a%26b+c&optedIn=1')
    expect(memberFilterHref('/admin/emails', { q: 'pat', optedIn: false }, 3)).toBe('/admin/emails?q=pat&page=3')
    expect(memberFilterHref('/admin/emails', { q: '', optedIn: false }, 1)).toBe('/admin/emails')
  })
})
