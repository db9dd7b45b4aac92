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
}

export const MENU_LINKS: readonly MenuLink[] = [
  { to: '/', label: 'Home', description: 'Search and dashboard' },
  { to: '/cheat-sheets', label: 'Inspector Cheat Sheets', description: 'Key measurements and critical checks' },
  { to: '/field-calculations', label: 'Field Calculations', description: 'Asphalt and tack rates, core locations' },
  { to: '/documents', label: 'Reference Documents', description: 'Specifications, drawings and manuals' },
  { to: '/disclosures', label: 'Disclosures', description: 'Legal and privacy' },
  { to: '/auth', label: 'Sign In / Sign Up', description: 'Unlimited searches with a free account', signedOutOnly: true },
]

export interface DisabledMenuItem {
  label: string
  badge: string
}

export const DISABLED_MENU_ITEMS: readonly DisabledMenuItem[] = [{ label: 'Form Filler', badge: 'Coming Soon' }]
