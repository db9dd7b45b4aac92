/**
 * The Download of the standard drawing detail view (product-spec §2): a plain-text file named
 * `{drawingId}-specifications.txt`. Layout (lines joined with '\n', UTF-8, ends with a newline):
 *
 *   {title}
 *   Series: {series}
 *   Category: {category}
 *   Last Updated: {lastUpdated, YYYY-MM-DD}
 *
 *   SPECIFICATIONS
 *
 *   {section name}
 *   • {statement}            one bullet per statement, in record order
 *   (a blank line between sections)
 *
 *   CRITICAL MEASUREMENTS
 *
 *   {label}: {value}         critical measurements only, in record order; a figure no source
 *                            confirmed ends with ' [Field reference - verify]'
 *
 *   {VERIFY_NOTICE}
 *
 * Pure text building is separate from the browser download so both the unit tests and the no-JS
 * `data:` link use the same text.
 */
import type { Basis } from '~/lib/corpus/schema'
import { VERIFY_NOTICE } from '~/lib/brand'

export interface DownloadableDrawing {
  id: string
  title: string
  series: string
  category: string
  lastUpdated: string
  specifications: Record<string, string[]>
  measurements: { label: string; value: string; critical: boolean; basis: Basis }[]
}

export const BULLET = '• '
export const FIELD_REFERENCE_SUFFIX = ' [Field reference - verify]'
export const DOWNLOAD_MIME = 'text/plain;charset=utf-8'

export function specificationsFileName(drawingId: string): string {
  return `${drawingId}-specifications.txt`
}

export function buildSpecificationsText(drawing: DownloadableDrawing): string {
  const lines: string[] = [
    drawing.title,
    `Series: ${drawing.series}`,
    `Category: ${drawing.category}`,
    `Last Updated: ${drawing.lastUpdated}`,
    '',
    'SPECIFICATIONS',
  ]
  for (const [section, statements] of Object.entries(drawing.specifications)) {
    lines.push('', section, ...statements.map((statement) => BULLET + statement))
  }
  lines.push('', 'CRITICAL MEASUREMENTS', '')
  const critical = drawing.measurements.filter((measurement) => measurement.critical)
  if (critical.length === 0) lines.push('None listed.')
  for (const measurement of critical) {
    const suffix = measurement.basis === 'field-reference' ? FIELD_REFERENCE_SUFFIX : ''
    lines.push(`${measurement.label}: ${measurement.value}${suffix}`)
  }
  lines.push('', VERIFY_NOTICE, '')
  return lines.join('\n')
}

/** The same file as a `data:` URL, for the Download link that works without JavaScript. */
export function specificationsDataUrl(text: string): string {
  return `data:${DOWNLOAD_MIME},${encodeURIComponent(text)}`
}

/** Browser only: saves `text` through a Blob URL and a temporary link with the `download` attribute. */
export function saveTextFile(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: DOWNLOAD_MIME }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.hidden = true
  document.body.append(link)
  link.click()
  link.remove()
  // Revoking at once can cancel the download in some browsers; a minute is plenty.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
