/**
 * Where the results view's links go (product-spec §2 'Navigation from results'). Pure.
 * - A standard drawing opens in the app: /documents#<drawing id> (ids such as 'drawing-g501'; the
 *   'drawing-s' ids go straight to the hash like the others).
 * - A cheat sheet: /cheat-sheets?sheet=<id> (the page also reads session storage targetCheatSheet,
 *   which the link sets; the query string makes it work without JavaScript).
 * - A calculator: /field-calculations#<id> (the card's element id; session storage targetCalculation).
 */
export { TARGET_CHEAT_SHEET_KEY } from '~/components/cheat-sheets/use-stored-target'
/** The same key as calculators/display.ts TARGET_STORAGE_KEY (not imported: that module brings every calculator). */
export const TARGET_CALCULATION_KEY = 'targetCalculation'
export const PRESELECTED_FORM_KEY = 'preselected_form'

const DRAWING_ID = /\bdrawing-([a-z]\d{3})\b/i
const DRAWING_NUMBER = /\b(?:standard\s+)?drawing\s+([a-z])[-\s]?(\d{3})\b/i

/** The in-app drawing id a text or link names ('Drawing G501', '/documents#drawing-g501'), or null. */
export function drawingIdOf(...texts: Array<string | null | undefined>): string | null {
  for (const text of texts) {
    if (!text) continue
    const id = DRAWING_ID.exec(text)
    if (id) return `drawing-${id[1]!.toLowerCase()}`
    const number = DRAWING_NUMBER.exec(text)
    if (number) return `drawing-${number[1]!.toLowerCase()}${number[2]}`
  }
  return null
}

/** 'Fact-Check' for a source: the drawing's view in the app, else its official link. */
export function factCheckHref(source: { title: string; section: string; url: string }): string {
  const drawing = drawingIdOf(source.url, source.section, source.title)
  if (drawing) return `/documents#${drawing}`
  return source.url
}

/** A citation's link: drawings open in the app, everything else at its source. */
export function citationHref(citation: { type: string; reference: string; url: string }): string {
  const drawing = citation.type === 'drawing' || /\/documents/.test(citation.url) ? drawingIdOf(citation.url, citation.reference) : null
  return drawing ? `/documents#${drawing}` : citation.url
}

/**
 * A feature suggestion's link: its route, plus '?form=<id>' for the form filler, so the form is
 * preselected without JavaScript too (with it, the id is also stored under 'preselected_form').
 */
export function featureHref(feature: { route: string; formId?: string }): string {
  if (!feature.formId) return feature.route
  return `${feature.route}${feature.route.includes('?') ? '&' : '?'}form=${encodeURIComponent(feature.formId)}`
}

export function cheatSheetHref(id: string): string {
  return `/cheat-sheets?sheet=${encodeURIComponent(id)}`
}

export function calculatorHref(id: string): string {
  return `/field-calculations#${encodeURIComponent(id)}`
}

/** Session storage may be unavailable (privacy modes): the link's own address still works. */
export function storeTarget(key: string, value: string): void {
  try {
    window.sessionStorage.setItem(key, value)
  } catch {
    // ignored: see above
  }
}

export function isInternal(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//')
}
