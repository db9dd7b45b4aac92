// Renders the app icons from public/logo-mark.svg with Playwright's Chromium (Debian's /usr/bin/chromium):
// public/icons/icon-192.png, icon-512.png, and icon-maskable-512.png (the mark inside the maskable safe
// zone, the central 80 %, on the brand blue). Run after changing the logo: node scripts/make-icons.mjs
import fs from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const svg = fs.readFileSync(path.join(root, 'public', 'logo-mark.svg'), 'utf8')
const outDir = path.join(root, 'public', 'icons')
fs.mkdirSync(outDir, { recursive: true })

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
]

const page = (size, maskable) => {
  const inner = maskable ? Math.round(size * 0.7) : size
  return `<!doctype html><html><head><style>html,body{margin:0;width:${size}px;height:${size}px;overflow:hidden}
body{display:flex;align-items:center;justify-content:center;background:${maskable ? '#1e3a8a' : 'transparent'}}
svg{width:${inner}px;height:${inner}px;display:block}</style></head><body>${svg}</body></html>`
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] })
try {
  for (const icon of ICONS) {
    const context = await browser.newContext({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 })
    const tab = await context.newPage()
    await tab.setContent(page(icon.size, icon.maskable))
    await tab.screenshot({ path: path.join(outDir, icon.file), omitBackground: !icon.maskable, clip: { x: 0, y: 0, width: icon.size, height: icon.size } })
    await context.close()
    console.log(`${icon.file}: ${fs.statSync(path.join(outDir, icon.file)).size} bytes`)
  }
} finally {
  await browser.close()
}
