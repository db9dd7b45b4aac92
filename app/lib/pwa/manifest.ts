import { BACKGROUND_COLOR, DEPARTMENT_LONG, PRODUCT_NAME, THEME_COLOR } from '../brand'

export interface ManifestIcon {
  src: string
  sizes: string
  type: string
  purpose: 'any' | 'maskable'
}

export const MANIFEST_ICONS: readonly ManifestIcon[] = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
]

/** The web app manifest (served at /manifest.webmanifest). */
export function webAppManifest() {
  return {
    id: '/',
    name: `${PRODUCT_NAME} - SCDOT Field Assistant`,
    short_name: 'SC Specs',
    description: `Field assistant for ${DEPARTMENT_LONG} road and highway construction specifications: cited answers, standard drawings, cheat sheets and field calculators, with offline answers. South Carolina only; independent third-party tool.`,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    lang: 'en-US',
    dir: 'ltr',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    categories: ['productivity', 'utilities', 'reference', 'business'],
    icons: MANIFEST_ICONS,
    shortcuts: [
      { name: 'Field Calculators', short_name: 'Calculators', url: '/field-calculations' },
      { name: 'Inspector Cheat Sheets', short_name: 'Cheat Sheets', url: '/cheat-sheets' },
      { name: 'Reference Documents', short_name: 'Documents', url: '/documents' },
    ],
  }
}
