/**
 * What a URL hash on /documents asks for (product-spec §2 route table and 'Reference documents').
 *
 * - A detail-view id (a card's isSpecific anchor such as 'drawing-g501' or 'construction-manual')
 *   opens that view. Ids starting 'drawing-s' are such anchors and go straight to the view like any
 *   other (the spec's 'same path': no special case is needed on this screen).
 * - Any other 'drawing-' id that no card or section on the page carries ('drawing-zzz999', a typo, an old
 *   link) opens the view too, which then says 'Drawing Not Found' (issue 15: such a hash used to show
 *   nothing at all).
 * - Anything else is an element id: scroll to it and highlight it.
 */
export const DETAIL_ID_PATTERN = /^(?:drawing-.*|construction-manual)$/

/** The id in a location hash ('#drawing-g501' -> 'drawing-g501'); '' for none or an undecodable one. */
export function idFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash
  try {
    return decodeURIComponent(raw)
  } catch {
    return ''
  }
}

/** The detail view a hash id opens, or null when it names an element (or nothing). */
export function detailIdFromHash(
  id: string,
  detailIds: ReadonlySet<string>,
  elementIds: ReadonlySet<string>,
): string | null {
  if (!id) return null
  if (detailIds.has(id)) return id
  if (DETAIL_ID_PATTERN.test(id) && !elementIds.has(id)) return id
  return null
}

/** Product-spec §9: scroll to a hash target after 100 ms, then highlight it for 3 s. */
export const SCROLL_DELAY_MS = 100
export const HIGHLIGHT_MS = 3000
