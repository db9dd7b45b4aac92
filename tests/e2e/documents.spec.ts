import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Download, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import matter from 'gray-matter'
import { VERIFY_NOTICE } from '../../app/lib/brand'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

// Expected values come from the corpus records themselves, read here without the app's code.
interface Measurement {
  label: string
  value: string
  critical: boolean
  basis: 'scdot' | 'national' | 'field-reference'
  citation: string
}
interface DrawingRecord {
  id: string
  title: string
  description: string
  series: string
  category: string
  lastUpdated: string
  measurements: Measurement[]
  specifications: Record<string, string[]>
  warnings: string[]
  sources: { title: string; url: string }[]
}
interface Card {
  id: string
  title: string
  url: string
  anchor?: string
  isNew?: boolean
  isSpecific?: boolean
}
interface Catalogue {
  categories: { id: string; title: string; icon: string; color: string; documents: Card[] }[]
  emergency: { title: string; contacts: { label: string; phone: string; note?: string }[] }
  note: string
}

function frontMatter<T>(file: string): T {
  return matter(readFileSync(path.resolve('corpus', file), 'utf8'), {}).data as T
}
const catalogue = frontMatter<Catalogue>('documents/catalogue.md')
const drawing = (id: string) => frontMatter<DrawingRecord>(`drawings/${id}.md`)
const DRAWING_IDS = [
  'drawing-g501', 'drawing-m601', 'construction-manual', 'drawing-s104', 'drawing-p401', 'drawing-c501',
  'drawing-s101', 'drawing-s102', 'drawing-s103', 'drawing-d601', 'drawing-b501', 'drawing-e501',
  'drawing-r501', 'drawing-p402', 'drawing-c502', 'drawing-s105', 'drawing-m602',
]
const STANDARD_DRAWINGS_URL = 'https://www.scdot.org/business/standard-drawings.aspx'

/** The documented layout of {id}-specifications.txt (app/lib/drawing-download.ts), built from the record. */
function expectedFile(record: DrawingRecord): string {
  const lines = [
    record.title,
    `Series: ${record.series}`,
    `Category: ${record.category}`,
    `Last Updated: ${record.lastUpdated}`,
    '',
    'SPECIFICATIONS',
  ]
  for (const [section, statements] of Object.entries(record.specifications)) {
    lines.push('', section, ...statements.map((statement) => `• ${statement}`))
  }
  lines.push('', 'CRITICAL MEASUREMENTS', '')
  for (const m of record.measurements.filter((measurement) => measurement.critical)) {
    lines.push(`${m.label}: ${m.value}${m.basis === 'field-reference' ? ' [Field reference - verify]' : ''}`)
  }
  lines.push('', VERIFY_NOTICE, '')
  return lines.join('\n')
}

async function downloadedText(download: Download): Promise<string> {
  return readFileSync((await download.path())!, 'utf8')
}

const seriesBadge = (series: string) => (series === 'CM' ? 'CM' : `${series} Series`)

async function expectDetailOf(page: Page, record: DrawingRecord) {
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.title)
  const tools = page.getByRole('group', { name: 'Drawing tools' })
  await expect(tools.getByText(seriesBadge(record.series), { exact: true })).toBeVisible()
  await expect(page.getByText(record.description, { exact: true })).toBeVisible()
  await expect(page.getByRole('article').locator('dd').first()).toHaveText(record.category)
  await expect(page.locator(`time[datetime="${record.lastUpdated}"]`)).toBeVisible()
  const grid = page.getByRole('region', { name: 'Critical Measurements' })
  await expect(grid.getByRole('listitem')).toHaveCount(record.measurements.length)
  await expect(grid.getByText('CRITICAL', { exact: true })).toHaveCount(record.measurements.filter((m) => m.critical).length)
  await expect(page.getByRole('region', { name: 'Important Warnings' }).getByRole('listitem')).toHaveCount(record.warnings.length)
}

test.describe('reference documents with JavaScript', () => {
  test('lists the five categories in order with icons, colours, cards, NEW badge and external links', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    const response = await page.goto('/documents')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/')
    await expect(page.getByText('SC ONLY - Not for use outside South Carolina')).toBeVisible()

    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts()
    expect(headings.slice(0, 5)).toEqual(catalogue.categories.map((category) => category.title))
    expect(headings.slice(0, 5)).toEqual([
      'Standard Specifications',
      'Standard Drawings',
      'Construction Manuals',
      'Supplemental Specifications',
      'Technical References',
    ])
    for (const category of catalogue.categories) {
      const section = page.getByRole('region', { name: category.title, exact: true })
      await expect(section.getByRole('listitem')).toHaveCount(category.documents.length)
      const kebab = category.icon.replace(/([a-z])([A-Z])/g, '$1-$2').toLowerCase()
      await expect(section.locator(`h2 svg.lucide-${kebab}`)).toHaveCount(1)
      await expect(section.locator(`h2 span.bg-${category.color}-100`)).toHaveCount(1)
    }
    await expect(page.locator('#standard-drawings').getByRole('listitem')).toHaveCount(18)
    await expect(page.getByRole('link', { name: '700 Series signs and signals (opens in a new tab)' })).toBeVisible()

    const newCards = catalogue.categories.flatMap((c) => c.documents).filter((card) => card.isNew)
    await expect(page.getByText('NEW', { exact: true })).toHaveCount(newCards.length)
    await expect(page.locator('#standard-specifications-2025').getByText('NEW', { exact: true })).toBeVisible()
    await expect(page.locator('#standard-specifications-2007').getByText('NEW', { exact: true })).toHaveCount(0)

    const external = page.getByRole('link', { name: '2025 Standard Specifications for Highway Construction (opens in a new tab)' })
    await expect(external).toHaveAttribute(
      'href',
      'https://www.scdot.org/content/dam/scdot-legacy/business/pdf/2025_SCDOT_Standard_Specifications.pdf',
    )
    await expect(external).toHaveAttribute('target', '_blank')
    await expect(external).toHaveAttribute('rel', 'noopener noreferrer')
    await expect(page.locator('#standard-specifications-2025').getByText('Official page, opens in a new tab')).toBeVisible()

    await expect(page.getByRole('link', { name: 'W-Beam Guardrail Installation', exact: true })).toHaveAttribute(
      'href',
      '/documents?view=drawing-g501',
    )
    await expect(page.locator('#construction-manual')).toHaveCount(1)
    await expect(page.getByText('Documents are updated regularly. Always verify current versions on the official website.')).toBeVisible()
    await expectAccessible(page)
    check()
  })

  test('the emergency card lists the catalogue contacts as tel: links', async ({ page }) => {
    await page.goto('/documents')
    const card = page.getByRole('region', { name: 'Emergency and incident contacts' })
    await expect(card).toBeVisible()
    const expected: [string, string][] = [
      ['911', 'tel:911'],
      ['*HP (*47)', 'tel:*47'],
      ['1-855-GO-SCDOT (1-855-467-2368)', 'tel:18554672368'],
      ['803-737-1200', 'tel:8037371200'],
    ]
    expect(catalogue.emergency.contacts.map((contact) => contact.phone)).toEqual(expected.map(([phone]) => phone))
    for (const [phone, href] of expected) {
      await expect(card.getByRole('link', { name: phone, exact: true })).toHaveAttribute('href', href)
    }
    await expect(card.getByText('SCDOT lists no separate 24/7 emergency line', { exact: false })).toBeVisible()
    await expect(card).toHaveClass(/\bborder-red-700\b/)
    await expect(card).toHaveClass(/\bbg-red-50\b/)
  })

  test('opening a drawing pushes the hash, shows the view at the top, and closing clears the hash', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    const record = drawing('drawing-g501')
    await page.goto('/documents')
    await page.waitForLoadState('networkidle')
    await page.mouse.wheel(0, 600)
    await page.getByRole('link', { name: record.title, exact: true }).click()
    await expect(page).toHaveURL(/\/documents#drawing-g501$/)
    await expectDetailOf(page, record)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    // Details of the view: honest basis with its citation, topic icons, sources, footer.
    const tolerance = page.getByRole('listitem').filter({ hasText: 'Rail height installation tolerance' })
    await expect(tolerance.getByText('Field reference - verify')).toBeVisible()
    await tolerance.getByText('Source', { exact: true }).click()
    await expect(
      tolerance.locator('details').getByText(/Not an SCDOT requirement: verify against the current SCDOT standard drawing/),
    ).toBeVisible()
    await expect(
      page.getByRole('listitem').filter({ hasText: 'Line post spacing, standard W-beam run' }).getByText('National standard'),
    ).toBeVisible()
    const spec = page.getByRole('region', { name: 'Specifications' })
    await expect(spec.getByRole('heading', { level: 3 })).toHaveText(Object.keys(record.specifications))
    await expect(spec.getByRole('region', { name: 'Acceptance checks' }).locator('svg[data-icon="ClipboardCheck"]')).toHaveCount(1)
    await expect(spec.getByRole('region', { name: 'Posts' }).locator('svg[data-icon="FileText"]')).toHaveCount(1)
    await expect(spec.getByRole('region', { name: 'Posts' }).getByRole('listitem')).toHaveCount(record.specifications.Posts!.length)
    const sources = page.getByRole('region', { name: 'Sources' }).getByRole('link')
    await expect(sources).toHaveCount(record.sources.length)
    await expect(sources.first()).toHaveAttribute('href', record.sources[0]!.url)
    await expect(sources.first()).toHaveAttribute('target', '_blank')
    await expect(page.getByRole('link', { name: /official SCDOT Standard Drawings library/ })).toHaveAttribute('href', STANDARD_DRAWINGS_URL)
    await expect(page.getByText(VERIFY_NOTICE)).toBeVisible()
    await expectAccessible(page)

    await page.getByRole('link', { name: 'Back to Documents' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
    await expect(page).toHaveURL(/\/documents$/)
    expect(await page.evaluate(() => window.location.hash)).toBe('')
    await expect(page.getByRole('link', { name: record.title, exact: true })).toBeFocused()
    check()
  })

  test('a server-rendered view (?view=) hydrates, zooms in place, and Back returns to the list', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    const record = drawing('drawing-e501')
    await page.goto('/documents?view=drawing-e501')
    await expectDetailOf(page, record)
    await page.getByRole('button', { name: 'Zoom in' }).click()
    await expect(page).toHaveURL(/\/documents\?view=drawing-e501$/)
    await expect(page.getByTestId('zoom-level')).toHaveText('Zoom level 125%')
    await page.getByRole('link', { name: 'Back to Documents' }).click()
    await expect(page).toHaveURL(/\/documents$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
    await expect(page.getByRole('link', { name: record.title, exact: true })).toBeFocused()
    check()
  })

  test('list and detail view pass axe in the dark theme', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }])
    await page.goto('/documents')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expectAccessible(page)
    await page.getByRole('link', { name: drawing('drawing-g501').title, exact: true }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drawing('drawing-g501').title)
    await page.getByText('Source', { exact: true }).first().click()
    await expectAccessible(page)
  })

  test('Download saves {id}-specifications.txt with the documented content', async ({ page }) => {
    const record = drawing('drawing-g501')
    await page.goto('/documents#drawing-g501')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(record.title)
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download' }).click()])
    expect(download.suggestedFilename()).toBe('drawing-g501-specifications.txt')
    expect(download.url()).toMatch(/^blob:/)
    const text = await downloadedText(download)
    expect(text).toBe(expectedFile(record))
    const lines = text.split('\n')
    expect(lines.slice(0, 4)).toEqual([
      'W-Beam Guardrail Installation',
      'Series: G',
      'Category: Roadside Safety',
      'Last Updated: 2026-11-21',
    ])
    expect(lines).toContain('• Do not mix post types within a run unless the standard drawing allows it.')
    expect(lines).toContain('Line post spacing, standard W-beam run: 6 ft 3 in (6.25 ft) center to center')
    expect(lines).toContain('Rail height installation tolerance: +/- 1 in (31 +/- 1 in) [Field reference - verify]')
    // Non-critical figures stay out of the file.
    expect(text).not.toContain('Blockout depth')
  })

  test('zoom starts at 100 % and steps by 25 between 50 and 200 %', async ({ page }) => {
    await page.goto('/documents#drawing-c502')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drawing('drawing-c502').title)
    const level = page.getByTestId('zoom-level')
    const zoomIn = page.getByRole('button', { name: 'Zoom in' })
    const zoomOut = page.getByRole('button', { name: 'Zoom out' })
    const content = page.getByTestId('drawing-zoom')
    const fontSize = () => content.evaluate((el) => getComputedStyle(el).fontSize)
    await expect(level).toHaveText('Zoom level 100%')
    expect(await fontSize()).toBe('16px')
    for (const value of [75, 50]) {
      await zoomOut.click()
      await expect(level).toHaveText(`Zoom level ${value}%`)
    }
    await expect(zoomOut).toBeDisabled()
    await expect(zoomIn).toBeEnabled()
    expect(await fontSize()).toBe('8px')
    for (const value of [75, 100, 125, 150, 175, 200]) {
      await zoomIn.click()
      await expect(level).toHaveText(`Zoom level ${value}%`)
    }
    await expect(zoomIn).toBeDisabled()
    await expect(zoomOut).toBeEnabled()
    expect(await fontSize()).toBe('32px')
    await expect(page.getByRole('heading', { level: 1 })).toHaveCSS('font-size', '60px')
  })

  test('a hash on load opens a drawing; a hash change opens each of the 17 views', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await page.goto('/documents#drawing-g501')
    await expectDetailOf(page, drawing('drawing-g501'))
    for (const id of DRAWING_IDS.slice(1)) {
      await page.evaluate((hash) => {
        window.location.hash = hash
      }, id)
      await expectDetailOf(page, drawing(id))
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
    }
    check()
  })

  test('a hash naming a card scrolls to it after 100 ms and highlights it for 3 s', async ({ page }) => {
    await page.goto('/documents#sc-m-400')
    const card = page.locator('#sc-m-400')
    await expect(card).toHaveAttribute('data-highlighted', 'true')
    const shownAt = Date.now()
    await expect(card).toBeInViewport()
    const shadow = () => card.evaluate((el) => getComputedStyle(el).boxShadow)
    await expect.poll(shadow).toContain('rgb(67, 56, 202) 0px 0px 0px 4px')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
    await expect(card).not.toHaveAttribute('data-highlighted', { timeout: 6000 })
    const elapsed = Date.now() - shownAt
    expect(elapsed).toBeGreaterThan(2000)
    expect(elapsed).toBeLessThan(4500)
    // The ring (a 4 px box-shadow in the focus-ring colour) goes with the attribute.
    await expect.poll(shadow).not.toContain('0px 0px 0px 4px')
  })

  test('an unknown drawing id in the hash shows Drawing Not Found with a way back', async ({ page }) => {
    await page.goto('/documents#drawing-z999')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drawing Not Found')
    await expect(page.getByText('The requested drawing could not be loaded.')).toBeVisible()
    await expectAccessible(page)
    await page.getByRole('link', { name: 'Back to Documents' }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
    expect(await page.evaluate(() => window.location.hash)).toBe('')
  })

  test('printing shows only the drawing content', async ({ page }) => {
    await page.goto('/documents#drawing-s103')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(drawing('drawing-s103').title)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expect(page.getByRole('group', { name: 'Drawing tools' })).toBeHidden()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Critical Measurements' })).toBeVisible()
    await expect(page.getByTestId('drawing-zoom')).toHaveCSS('font-size', '16px')
    await page.emulateMedia({ media: 'screen' })
    await expect(page.getByRole('banner')).toBeVisible()
  })

  test('Print opens the browser print dialog', async ({ page }) => {
    await page.goto('/documents#drawing-g501')
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => {
        ;(window as unknown as { printed: number }).printed++
      }
    })
    await page.getByRole('button', { name: 'Print' }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
  })
})

test.describe('reference documents without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the list renders, a drawing opens by link, and Back returns to the list', async ({ page, browser }) => {
    const response = await page.goto('/documents')
    expect(response?.status()).toBe(200)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveCount(6)
    await expect(page.getByRole('region', { name: 'Emergency and incident contacts' }).getByRole('link', { name: '911' })).toHaveAttribute(
      'href',
      'tel:911',
    )
    await expectAccessibleWithoutJs(browser, page)

    const record = drawing('construction-manual')
    await page.getByRole('link', { name: record.title, exact: true }).click()
    await expect(page).toHaveURL(/\/documents\?view=construction-manual$/)
    await expectDetailOf(page, record)
    await expect(page.getByRole('link', { name: /official SCDOT Construction Manual/ })).toHaveAttribute(
      'href',
      'https://www.scdot.org/business/engineering.aspx',
    )
    await expect(page.getByText("To print, use your browser's Print command.")).toBeVisible()
    await expectAccessibleWithoutJs(browser, page)

    await page.getByRole('link', { name: 'Back to Documents' }).click()
    await expect(page).toHaveURL(/\/documents$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Reference Documents')
  })

  test('zoom steps are links the server renders', async ({ page }) => {
    await page.goto('/documents?view=drawing-p401')
    await expect(page.getByTestId('zoom-level')).toHaveText('Zoom level 100%')
    await page.getByRole('link', { name: 'Zoom in' }).click()
    await expect(page).toHaveURL(/\/documents\?view=drawing-p401&zoom=125$/)
    await expect(page.getByTestId('zoom-level')).toHaveText('Zoom level 125%')
    await expect(page.getByTestId('drawing-zoom')).toHaveCSS('font-size', '20px')
    await page.goto('/documents?view=drawing-p401&zoom=200')
    await expect(page.getByRole('button', { name: 'Zoom in' })).toBeDisabled()
    await expect(page.getByRole('link', { name: 'Zoom out' })).toHaveAttribute('href', '/documents?view=drawing-p401&zoom=175')
  })

  test('Download is a plain-text data link with the same file', async ({ page }) => {
    const record = drawing('drawing-m601')
    await page.goto('/documents?view=drawing-m601')
    const link = page.getByRole('link', { name: 'Download' })
    await expect(link).toHaveAttribute('download', 'drawing-m601-specifications.txt')
    await expect(link).toHaveAttribute('href', /^data:text\/plain;charset=utf-8,/)
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()])
    expect(download.suggestedFilename()).toBe('drawing-m601-specifications.txt')
    const text = await downloadedText(download)
    expect(text).toBe(expectedFile(record))
    expect(text.split('\n').slice(0, 4)).toEqual([
      record.title,
      'Series: M',
      'Category: Pavement Markings',
      'Last Updated: 2026-11-21',
    ])
  })

  test('an unknown view id answers 404 with Drawing Not Found', async ({ page, browser }) => {
    const response = await page.goto('/documents?view=drawing-z999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drawing Not Found')
    await expect(page.getByText('The requested drawing could not be loaded.')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Back to Documents' })).toHaveAttribute('href', '/documents')
    await expectAccessibleWithoutJs(browser, page)
  })
})
