import { describe, expect, it } from 'vitest'
import { DISABLED_MENU_ITEMS, MENU_LINKS, visibleMenuLinks } from './navigation'

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

  it('lists the Form Filler for everyone and the saved forms to anyone with a session', () => {
    expect(paths(null)).toContain('/ar-inspection')
    expect(paths(null)).not.toContain('/ar-inspection/submissions')
    expect(paths({ isAdmin: false })).toEqual(expect.arrayContaining(['/ar-inspection', '/ar-inspection/submissions']))
  })
})

describe('the Form Filler is enabled (issue 6)', () => {
  it('is a real link, no longer a disabled Coming Soon entry', () => {
    expect(MENU_LINKS.find((link) => link.label === 'Form Filler')?.to).toBe('/ar-inspection')
    expect(DISABLED_MENU_ITEMS).toEqual([])
  })
})
