/**
 * The side menu's links (product-spec §2 'Side menu'). A screen that is not built yet is not listed:
 * each later feature adds its own entry here when its route lands.
 */
export interface MenuLink {
  to: string
  label: string
  description: string
  /** Shown only to visitors who are not signed in. */
  signedOutOnly?: boolean
  /** Shown only to someone with a session (member or guest). */
  signedInOnly?: boolean
  /** Shown only to administrators. */
  adminOnly?: boolean
}

export const MENU_LINKS: readonly MenuLink[] = [
  { to: '/', label: 'Home', description: 'Search and dashboard' },
  { to: '/news', label: 'News & Updates', description: 'SCDOT, OSHA and industry news' },
  { to: '/trends', label: 'Industry Trends', description: 'AI-powered insights' },
  { to: '/cheat-sheets', label: 'Inspector Cheat Sheets', description: 'Key measurements and critical checks' },
  { to: '/field-calculations', label: 'Field Calculations', description: 'Asphalt and tack rates, core locations' },
  { to: '/ar-inspection', label: 'Form Filler', description: 'Inspection reports by photo, voice or hand' },
  { to: '/ar-inspection/submissions', label: 'My inspection forms', description: 'Saved reports and PDF export', signedInOnly: true },
  { to: '/documents', label: 'Reference Documents', description: 'Specifications, drawings and manuals' },
  { to: '/history', label: 'Search History', description: 'Your past searches', signedInOnly: true },
  { to: '/favourites', label: 'Favourites', description: 'Saved answers and documents', signedInOnly: true },
  { to: '/admin/emails', label: 'Email Manager', description: 'Members and news opt-ins', adminOnly: true },
  { to: '/disclosures', label: 'Disclosures', description: 'Legal and privacy' },
  { to: '/auth', label: 'Sign In / Sign Up', description: 'Unlimited searches with a free account', signedOutOnly: true },
]

export function visibleMenuLinks(user: { isAdmin: boolean } | null): MenuLink[] {
  return MENU_LINKS.filter((link) => {
    if (link.signedOutOnly) return !user
    if (link.signedInOnly) return Boolean(user)
    if (link.adminOnly) return Boolean(user?.isAdmin)
    return true
  })
}

export interface DisabledMenuItem {
  label: string
  badge: string
}

/** Entries shown greyed out with a badge. Empty since issue 6 enabled the Form Filler (§2's 'Coming Soon'). */
export const DISABLED_MENU_ITEMS: readonly DisabledMenuItem[] = []
