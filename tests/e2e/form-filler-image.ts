import type { Browser } from '@playwright/test'

/** A filled printed 400.04 form as plain HTML: a title, then one 'Label: value' line per field. */
export const PRINTED_FORM_LINES = [
  'Date: 2026-11-20',
  'Project Number: 12-345',
  'Contractor: ABC Paving Inc.',
  'Location/Station: US 378 MP 4.2',
  'Mix Type: Surface Type B',
  'Tonnage Placed: 412.5',
  'Mat Temperature (F): 285',
  'Weather: Sunny',
]

export const PRINTED_FORM_TITLE = 'SCDOT Form 400.04 Hot Mix Asphalt Construction Daily Report'

export const PRINTED_FORM_FONT = '28px Arial,Helvetica,sans-serif'

/**
 * The printed form of issue 15: the same form with its station '23+50', printed small in a light face.
 * tesseract (the browser's and the server's, same setting) reads that station as '23450' with a
 * confidence of 0, and every other line right: the misread the form filler must flag.
 */
export const MISREAD_STATION_LINES = PRINTED_FORM_LINES.map((line) => (line.startsWith('Location/Station') ? 'Location/Station: 23+50' : line))
export const MISREAD_STATION_FONT = "20px 'DejaVu Sans Light',sans-serif"

export function printedFormHtml(lines: readonly string[] = PRINTED_FORM_LINES, title = PRINTED_FORM_TITLE, font = PRINTED_FORM_FONT): string {
  const rows = lines.map((line) => `<p>${line}</p>`).join('')
  const heading = title ? `<h1 style="font-size:30px">${title}</h1>` : ''
  return `<!doctype html><html><body style="margin:0;background:#fff;color:#000;font:${font};padding:32px;width:900px">
${heading}${rows}</body></html>`
}

/** Renders the printed form to a PNG in a second page (the screenshot is the photo the test uploads). */
export async function renderPrintedForm(browser: Browser, lines?: readonly string[], title?: string, font?: string): Promise<Buffer> {
  // The same pixels in every project: a test's browser.newContext takes the project's device (the mobile
  // project's Pixel 7 renders at 2.625x, a different photo from the one the integration test reads).
  const context = await browser.newContext({ viewport: { width: 964, height: 700 }, deviceScaleFactor: 1, isMobile: false, hasTouch: false })
  try {
    const page = await context.newPage()
    await page.setContent(printedFormHtml(lines, title, font))
    return await page.screenshot({ fullPage: true })
  } finally {
    await context.close()
  }
}
