/**
 * Test images rendered from HTML with Playwright's chromium (Debian's /usr/bin/chromium): a printed plan
 * sheet with stations, pipes, structures and notes, a "photo" without any text, and whatever else a test
 * writes in HTML. Nothing is downloaded; the images are made on the spot.
 */
import { chromium, type Browser } from 'playwright'
import { chromiumLaunchOptions } from './chromium'

export interface RenderOptions {
  type?: 'png' | 'jpeg'
  width?: number
  height?: number
  /** JPEG quality, 0-100. */
  quality?: number
  /** Device pixels per CSS pixel: 3.5 turns a 1152 x 864 page into a 4032 x 3024 (12 MP) image. */
  scale?: number
}

export interface Renderer {
  render(html: string, options?: RenderOptions): Promise<Buffer>
  close(): Promise<void>
}

export async function openRenderer(): Promise<Renderer> {
  const browser: Browser = await chromium.launch(chromiumLaunchOptions)
  return {
    async render(html, options = {}) {
      const page = await browser.newPage({ viewport: { width: options.width ?? 1100, height: options.height ?? 800 }, deviceScaleFactor: options.scale ?? 1 })
      try {
        await page.setContent(html, { waitUntil: 'load' })
        const type = options.type ?? 'png'
        return await page.screenshot({ type, fullPage: false, ...(type === 'jpeg' ? { quality: options.quality ?? 90 } : {}) })
      } finally {
        await page.close()
      }
    },
    close: () => browser.close(),
  }
}

/** The lines printed on the plan sheet (what OCR should find). */
export const PLAN_SHEET_LINES = [
  'ROADWAY PLAN - SHEET 4 OF 12',
  'STA 12+50 BEGIN PROJECT',
  'INSTALL 24" RCP AT 0.50% SLOPE',
  'CATCH BASIN TYPE 1 AT STA 15+00',
  'MATCH LINE STA 18+00',
  'NOTE: INSTALL SILT FENCE ALONG RIGHT OF WAY',
  'GUARDRAIL FROM STA 16+00 TO STA 17+25',
]

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

/** A printed plan sheet: black capitals on white, a border and a title block, like a scanned sheet. */
export function planSheetHtml(lines: readonly string[] = PLAN_SHEET_LINES): string {
  return `<!doctype html><html><body style="margin:0;background:#fff">
  <div style="margin:24px;border:3px solid #000;padding:28px 36px;font-family:'DejaVu Sans',Arial,sans-serif;font-size:26px;line-height:1.9;color:#000">
    ${lines.map((line, i) => `<div style="${i === 0 ? 'font-weight:bold;font-size:30px;border-bottom:2px solid #000;margin-bottom:12px' : ''}">${escape(line)}</div>`).join('\n')}
  </div></body></html>`
}

/** A "photo" with no text at all: grey, mottled like pavement. */
export const NO_TEXT_PHOTO_HTML = `<!doctype html><html><body style="margin:0">
  <div style="width:100vw;height:100vh;background:
    radial-gradient(circle at 20% 30%, #8a8a8a 0 12%, transparent 13%),
    radial-gradient(circle at 70% 60%, #6f6f6f 0 18%, transparent 19%),
    linear-gradient(135deg, #9a9a9a, #5c5c5c)"></div></body></html>`

/** A one-page PDF with a text layer holding `lines` (pdf-lib, Helvetica). */
export async function textPdf(lines: readonly string[] = PLAN_SHEET_LINES): Promise<Buffer> {
  const { PDFDocument, StandardFonts } = await import('pdf-lib')
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const page = doc.addPage([612, 792])
  lines.forEach((line, i) => page.drawText(line, { x: 48, y: 740 - i * 22, size: 12, font }))
  return Buffer.from(await doc.save())
}
