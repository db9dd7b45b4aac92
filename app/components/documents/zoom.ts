/** Drawing zoom (product-spec §4 and §9): starts at 100 %, steps of 25, from 50 to 200 %. */
export const ZOOM_MIN = 50
export const ZOOM_MAX = 200
export const ZOOM_STEP = 25
export const ZOOM_DEFAULT = 100

/** A zoom value from anywhere (URL, state): a number on the 25 % grid within the bounds, else 100. */
export function normalizeZoom(value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value
  if (typeof number !== 'number' || !Number.isFinite(number)) return ZOOM_DEFAULT
  const stepped = Math.round(number / ZOOM_STEP) * ZOOM_STEP
  return Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, stepped))
}

export function zoomIn(zoom: number): number {
  return normalizeZoom(zoom + ZOOM_STEP)
}

export function zoomOut(zoom: number): number {
  return normalizeZoom(zoom - ZOOM_STEP)
}

export function canZoomIn(zoom: number): boolean {
  return zoom < ZOOM_MAX
}

export function canZoomOut(zoom: number): boolean {
  return zoom > ZOOM_MIN
}
