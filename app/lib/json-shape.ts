/** Checks for data of unknown shape (stored JSON, saved snapshots). Pure, browser-safe. */

/** A plain JSON object (not null, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value as a plain JSON object, or null. */
export function recordOf(value: unknown): Record<string, unknown> | null {
  return isRecord(value) ? value : null
}
