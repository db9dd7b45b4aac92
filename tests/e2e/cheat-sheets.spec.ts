import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import matter from 'gray-matter'
import { VERIFY_NOTICE } from '../../app/lib/brand'
import { CATALOGUE } from '../../app/lib/calculators'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

interface SheetRecord {
  id: string
  title: string
  keyMeasurements: { label: string; value: string; basis: string; citation: string }[]
  criticalChecks: string[]
  drawingSpecs: { drawingId: string; note: string }[]
  relatedCalculators: string[]
  sources: { title: string; url: string }[]
}

function readRecords<T>(folder: string): T[] {
  const directory = path.resolve('corpus', folder)
  return readdirSync(directory)
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .map((name) => matter(readFileSync(path.join(directory, name), 'utf8'), {}).data as T)
}

const SHEETS = readRecords<SheetRecord>('cheat-sheets')
const DRAWING_TITLES = new Map(readRecords<{ id: string; title: string }>('drawings').map((d) => [d.id, d.title]))
const CALCULATOR_NAMES = new Map(CATALOGUE.map((entry) => [entry.id as string, entry.name]))
const TARGET_KEY = 'targetCheatSheet'

const sheet = (id: string) => {
  const found = SHEETS.find((candidate) => candidate.id === id)
  if (!found) throw new Error(`no cheat sheet '${id}' in the corpus`)
  return found
}
const squash = (text: string) => text.replace(/\s+/g, ' ').trim()

const card = (page: Page) => page.locator('article#cheat-sheet')
const cardTitle = (page: Page) => card(page).getByRole('heading', { level: 2 })
const picker = (page: Page) => page.getByRole('navigation', { name: 'Topics' })
const measurement = (page: Page, label: string) =>
  card(page).getByTestId('key-measurement').filter({ has: page.getByText(squash(label), { exact: true }) })

/** Every key measurement value of the record is on the card. */
async function expectSheetShown(page: Page, record: SheetRecord) {
  await expect(cardTitle(page)).toHaveText(record.title)
  await expect(picker(page).getByRole('link', { name: record.title, exact: true })).toHaveAttribute('aria-current', 'page')
  const values = card(page).getByTestId('key-measurement')
  await expect(values).toHaveCount(record.keyMeasurements.length)
  for (const [index, figure] of record.keyMeasurements.entries()) {
    await expect(values.nth(index)).toContainText(squash(figure.value))
  }
}

test.describe('cheat sheets with JavaScript', () => {
  test('the page: title, back link, notice, picker in order, bridge deck by default; passes axe', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await page.goto('/cheat-sheets')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Inspector Cheat Sheets')
    await expect(page.getByRole('link', { name: 'Back to Search' })).toHaveAttribute('href', '/')
    await expect(page.getByRole('note')).toContainText(VERIFY_NOTICE)
    const links = picker(page).getByRole('link')
    await expect(links).toHaveCount(SHEETS.length)
    await expect(links.first()).toHaveText('Bridge Deck Inspection')
    await expect(links.nth(1)).toHaveText('Asphalt Paving')
    await expect(links.nth(3)).toHaveText('Guardrail')
    await expect(links.first()).toHaveAttribute('href', '/cheat-sheets?sheet=bridge-deck#cheat-sheet')
    await expectSheetShown(page, sheet('bridge-deck'))
    await expect(page).toHaveURL(/\/cheat-sheets$/)
    await expect(page).toHaveTitle('Inspector Cheat Sheets - Specifications Only')
    await expectAccessible(page)
    check()
  })

  test('every sheet is reachable from the picker, switches in place with no request and keeps the URL', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await page.goto('/cheat-sheets')
    await page.waitForLoadState('networkidle')
    const requests: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/cheat-sheets')) requests.push(request.url())
    })
    for (const record of SHEETS) {
      await picker(page).getByRole('link', { name: record.title, exact: true }).click()
      await expectSheetShown(page, record)
      await expect(page).toHaveURL(new RegExp(`/cheat-sheets\\?sheet=${record.id}$`))
      await expect(card(page).locator('input[type="checkbox"]')).toHaveCount(record.criticalChecks.length)
    }
    expect(requests).toEqual([])
    // The URL carries the choice: a reload shows the same sheet.
    await picker(page).getByRole('link', { name: 'Concrete', exact: true }).click()
    await page.reload()
    await expectSheetShown(page, sheet('concrete'))
    check()
  })

  test('after an in-place switch, leaving and coming back with the browser restores that sheet', async ({ page }) => {
    await page.goto('/cheat-sheets')
    await page.waitForLoadState('networkidle')
    await picker(page).getByRole('link', { name: 'Work Zone Traffic Control' }).click()
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=traffic-control$/)
    await page.getByRole('link', { name: 'Back to Search' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goBack()
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=traffic-control$/)
    await expectSheetShown(page, sheet('traffic-control'))
  })

  test('key measurements show their basis honestly with the citation on demand', async ({ page }) => {
    await page.goto('/cheat-sheets?sheet=guardrail')
    const spacing = measurement(page, 'Line post spacing, standard W-beam run')
    await expect(spacing).toContainText('6 ft 3 in (6.25 ft) center to center')
    await expect(spacing.locator('[data-basis]')).toHaveText('Basis: National standard')
    const tolerance = measurement(page, 'Rail height installation tolerance')
    await expect(tolerance.locator('[data-basis]')).toHaveText('Basis: Field reference - verify')

    await picker(page).getByRole('link', { name: 'Bridge Deck Inspection' }).click()
    const strength = measurement(page, 'Bridge deck concrete compressive strength (product reference)')
    await expect(strength).toContainText('4,500 psi at 28 days')
    await expect(strength.locator('[data-basis]')).toHaveText('Basis: Field reference - verify')
    const citation = strength.locator('details')
    await expect(citation.locator('p')).toBeHidden()
    await citation.locator('summary').click()
    await expect(citation.locator('p')).toBeVisible()
    await expect(citation.locator('p')).toContainText('verify against the current SCDOT standard drawing / specification')

    await picker(page).getByRole('link', { name: 'Asphalt Paving' }).click()
    const density = measurement(page, 'Average core density for a 100% lot pay factor')
    await expect(density).toContainText('93.0 to 93.9 percent')
    await expect(density.locator('[data-basis]')).toHaveText('Basis: SCDOT')
  })

  test('drawing, calculator and source links of a sheet', async ({ page }) => {
    await page.goto('/cheat-sheets')
    for (const id of ['bridge-deck', 'asphalt']) {
      const record = sheet(id)
      await picker(page).getByRole('link', { name: record.title, exact: true }).click()
      const drawings = card(page).getByRole('region', { name: 'Drawing Specifications' })
      await expect(drawings.getByRole('link')).toHaveCount(record.drawingSpecs.length)
      for (const spec of record.drawingSpecs) {
        const title = DRAWING_TITLES.get(spec.drawingId)!
        await expect(drawings.getByRole('link', { name: title, exact: true })).toHaveAttribute('href', `/documents#${spec.drawingId}`)
        await expect(drawings).toContainText(squash(spec.note))
      }
      const calculators = card(page).getByRole('region', { name: 'Related Calculators' })
      await expect(calculators.getByRole('link')).toHaveCount(record.relatedCalculators.length)
      for (const calculatorId of record.relatedCalculators) {
        await expect(calculators.getByRole('link', { name: CALCULATOR_NAMES.get(calculatorId)! })).toHaveAttribute(
          'href',
          `/field-calculations#${calculatorId}`,
        )
      }
      const sources = card(page).getByRole('region', { name: 'Sources' }).getByRole('link')
      await expect(sources).toHaveCount(record.sources.length)
      for (const [index, source] of record.sources.entries()) {
        await expect(sources.nth(index)).toHaveAttribute('href', source.url)
        await expect(sources.nth(index)).toHaveAttribute('target', '_blank')
        await expect(sources.nth(index)).toHaveAccessibleName(`${squash(source.title)} (opens in a new tab)`)
      }
    }
    // Literal spot checks.
    await expect(card(page).getByRole('link', { name: 'Random Core Locations' })).toHaveAttribute('href', '/field-calculations#random-cores')
    await expect(card(page).getByRole('link', { name: 'Hot-Mix Asphalt Placement and Acceptance' })).toHaveAttribute(
      'href',
      '/documents#drawing-p401',
    )
    await expect(card(page).getByRole('region', { name: 'Spec Sections' }).getByRole('listitem')).toHaveText([
      'Section 401',
      'SC-M-400',
      'SC-M-402',
    ])
  })

  test('a stored target id opens its sheet, is removed and the card is scrolled into view', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 640 })
    await page.addInitScript(([key]) => window.sessionStorage.setItem(key!, 'asphalt'), [TARGET_KEY])
    await page.goto('/cheat-sheets')
    await expectSheetShown(page, sheet('asphalt'))
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=asphalt$/)
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TARGET_KEY)).toBeNull()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    await expect
      .poll(() => card(page).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(120)
  })

  for (const [stored, id] of [
    ['Asphalt Paving', 'asphalt'],
    ['guard rail', 'guardrail'],
    ['signage placement', 'signs-signals'],
  ] as const) {
    test(`a stored named topic '${stored}' opens the ${id} sheet`, async ({ page }) => {
      await page.addInitScript(([key, value]) => window.sessionStorage.setItem(key!, value!), [TARGET_KEY, stored])
      await page.goto('/cheat-sheets')
      await expectSheetShown(page, sheet(id))
      await expect(page).toHaveURL(new RegExp(`/cheat-sheets\\?sheet=${id}$`))
      expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TARGET_KEY)).toBeNull()
    })
  }

  test('a stored unknown topic falls back to bridge deck, over the sheet in the URL', async ({ page }) => {
    await page.addInitScript(([key]) => window.sessionStorage.setItem(key!, 'helicopter landing pads'), [TARGET_KEY])
    await page.goto('/cheat-sheets?sheet=guardrail')
    await expectSheetShown(page, sheet('bridge-deck'))
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=bridge-deck$/)
    expect(await page.evaluate((key) => window.sessionStorage.getItem(key), TARGET_KEY)).toBeNull()
  })

  test('ticks are per sheet: switching resets the checklist', async ({ page }) => {
    await page.goto('/cheat-sheets?sheet=guardrail')
    const first = card(page).getByRole('checkbox').first()
    await first.check()
    await expect(first).toBeChecked()
    await picker(page).getByRole('link', { name: 'Drainage and Pipe Culverts' }).click()
    await expect(cardTitle(page)).toHaveText('Drainage and Pipe Culverts')
    await expect(card(page).getByRole('checkbox').first()).not.toBeChecked()
  })

  test('picking a topic brings the card into view on a phone, and leaves the page still on a desktop', async ({ page }) => {
    await page.goto('/cheat-sheets')
    await page.waitForLoadState('networkidle')
    await picker(page).getByRole('link', { name: 'Guardrail' }).click()
    await expect(cardTitle(page)).toHaveText('Guardrail')
    await page.waitForTimeout(400)
    expect(await page.evaluate(() => window.scrollY)).toBe(0)

    await page.setViewportSize({ width: 390, height: 640 })
    await picker(page).getByRole('link', { name: 'Reinforcing Steel' }).click()
    await expect(cardTitle(page)).toHaveText('Reinforcing Steel')
    await expect
      .poll(() => card(page).evaluate((el) => Math.round(el.getBoundingClientRect().top)))
      .toBeLessThanOrEqual(120)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
  })

  test('prints only the sheet, with citations and source addresses', async ({ page }) => {
    await page.goto('/cheat-sheets?sheet=guardrail')
    await page.emulateMedia({ media: 'print' })
    await expect(picker(page)).toBeHidden()
    await expect(page.getByRole('link', { name: 'Back to Search' })).toBeHidden()
    await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
    await expect(page.getByRole('banner')).toBeHidden()
    await expect(page.getByRole('note')).toBeVisible()
    await expect(cardTitle(page)).toBeVisible()
    await expect(
      card(page).getByText('Product field-reference value; no SCDOT or national source was found').filter({ visible: true }),
    ).toHaveCount(1)
    await expect(card(page).getByText('https://mwrsf.unl.edu/reportResult.php?reportId=57', { exact: true })).toBeVisible()
  })

  test('passes axe in the dark theme', async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'theme', value: 'dark', url: baseURL! }])
    await page.goto('/cheat-sheets?sheet=guardrail')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await card(page).locator('details').first().locator('summary').click()
    await expectAccessible(page)
  })
})

test.describe('cheat sheets with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false })

  test('switching sheets through the picker links; passes axe', async ({ page, browser }) => {
    await page.goto('/cheat-sheets')
    await expectSheetShown(page, sheet('bridge-deck'))
    await expect(card(page)).toContainText('4,500 psi at 28 days')
    await expectAccessibleWithoutJs(browser, page)
    await picker(page).getByRole('link', { name: 'Concrete', exact: true }).click()
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=concrete#cheat-sheet$/)
    await expectSheetShown(page, sheet('concrete'))
    await picker(page).getByRole('link', { name: 'Guardrail', exact: true }).click()
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=guardrail#cheat-sheet$/)
    await expect(measurement(page, 'Line post spacing, standard W-beam run')).toContainText('6.25')
    // Checklist and citations work natively.
    const check = card(page).getByRole('checkbox').first()
    await check.check()
    await expect(check).toBeChecked()
    const citation = measurement(page, 'Line post spacing, standard W-beam run').locator('details')
    await citation.locator('summary').click()
    await expect(citation).toHaveAttribute('open', '')
    await expectAccessibleWithoutJs(browser, page)
  })

  test('on a phone a picker link jumps to the chosen card', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 640 })
    await page.goto('/cheat-sheets')
    await picker(page).getByRole('link', { name: 'Pavement Markings' }).click()
    await expectSheetShown(page, sheet('pavement-markings'))
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0)
    expect(await card(page).evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThanOrEqual(120)
  })

  test('every sheet renders from its ?sheet= address', async ({ page }) => {
    for (const record of SHEETS) {
      const response = await page.goto(`/cheat-sheets?sheet=${record.id}`)
      expect(response?.status()).toBe(200)
      await expectSheetShown(page, record)
    }
  })

  for (const [topic, id] of [
    ['guard rail', 'guardrail'],
    ['Asphalt Paving', 'asphalt'],
    ['bridge inspection', 'bridge-deck'],
    ['drainage requirements', 'drainage'],
    ['helicopter landing pads', 'bridge-deck'],
  ] as const) {
    test(`?topic=${topic} shows the ${id} sheet`, async ({ page }) => {
      await page.goto(`/cheat-sheets?topic=${encodeURIComponent(topic)}`)
      await expectSheetShown(page, sheet(id))
    })
  }

  test('an unknown ?sheet= is read as a topic, falling back to bridge deck', async ({ page }) => {
    await page.goto('/cheat-sheets?sheet=w-beam')
    await expectSheetShown(page, sheet('guardrail'))
    await page.goto('/cheat-sheets?sheet=nothing-here')
    await expectSheetShown(page, sheet('bridge-deck'))
  })
})
