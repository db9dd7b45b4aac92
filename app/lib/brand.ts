/**
 * The product's name. The spec writes 'the product' where a brand name goes; we use the header's own
 * words, 'Specifications Only', everywhere a name is shown.
 */
export const PRODUCT_NAME = 'Specifications Only'
export const DEPARTMENT = 'SCDOT'
export const DEPARTMENT_LONG = 'South Carolina Department of Transportation'
export const DEPARTMENT_URL = 'https://www.scdot.org/'

export const VERIFY_NOTICE =
  'Always verify requirements against the official SCDOT documents before acting on them.'

/** Brand colours for the installed app and browser chrome: the header's deep blue, the light page background. */
export const THEME_COLOR = '#1e3a8a'
export const BACKGROUND_COLOR = '#f8fafc'
