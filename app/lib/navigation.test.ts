import { describe, expect, it } from 'vitest'
import { visibleMenuLinks } from './navigation'

describe('menu links by who is looking', () => {
  const paths = (user: { isAdmin: boolean } | null) => visibleMenuLinks(user).map((l) => l.to)

  it('offers sign-in only to visitors without a session', () => {
    expect(paths(null)).toContain('/auth')
    expect(paths(null)).not.toContain('/history')
    expect(paths({ isAdmin: false })).not.toContain('/auth')
  })

  it('shows history and favourites to anyone with a session, the email manager to admins only', () => {
    expect(paths({ isAdmin: false })).toEqual(expect.arrayContaining(['/history', '/favourites']))
    expect(paths({ isAdmin: false })).not.toContain('/admin/emails')
    expect(paths({ isAdmin: true })).toContain('/admin/emails')
  })
})
