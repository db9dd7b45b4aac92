import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { expect, onboardViaApi, signUpViaApi, test } from './fixtures'
import { MISREAD_STATION_FONT, MISREAD_STATION_LINES, renderPrintedForm } from './form-filler-image'
import { OFFLINE_BANNER, OFFLINE_NOISE, goOffline, waitForOfflineReady } from './offline-helpers'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

/**
 * Issue 15, items 5 and 8, on a phone (390 x 844, touch; the 'mobile' project runs files named
 * *mobile.spec.ts): the offline banner never covers the header's controls, every page the menu links to
 * answers offline with the app's own page, and the smaller things a user notices.
 */
test.use({ viewport: { width: 390, height: 844 } })

/** Screenshots the report names, kept under .tmp/screens (not part of the test's verdict). */
async function keepScreenshot(page: Page, name: string) {
  const dir = path.join('.tmp', 'screens')
  fs.mkdirSync(dir, { recursive: true })
  await page.screenshot({ path: path.join(dir, `${name}.png`) })
}

function boxesOverlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** The control is on screen, nothing covers its centre, and the banner does not overlap it. */
async function expectUncovered(page: Page, control: Locator, banner: Locator) {
  await expect(control).toBeInViewport()
  const box = (await control.boundingBox())!
  expect(boxesOverlap(box, (await banner.boundingBox())!)).toBe(false)
  const onTop = await control.evaluate((element) => {
    const rect = element.getBoundingClientRect()
    const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2)
    return hit !== null && (hit === element || element.contains(hit))
  })
  expect(onTop).toBe(true)
}

const OFFLINE_PAGE_HEADING = 'This page is not available offline'

/** A member asks for a diagnosis of a plain photo, describing the cracks in their own words. */
async function askForDiagnosis(page: Page) {
  await signUpViaApi(page.request)
  await onboardViaApi(page.request)
  await page.goto('/?mode=photo')
  await page.getByRole('radio', { name: /^Problem Diagnosis/ }).check()
  await page.getByLabel('Upload Photo or Document').setInputFiles({ name: 'pavement.png', mimeType: 'image/png', buffer: await grayPhoto(page) })
  await page.getByLabel('Your question (optional)').fill('the asphalt has cracks in the wheel paths like a net')
  await page.getByRole('button', { name: 'Analyze', exact: true }).tap()
}

test.describe('offline on a phone', () => {
  test.describe.configure({ timeout: 120_000 })

  test('the offline banner never covers the header, scrolled or not, and the menu still opens', async ({ page, context }) => {
    const check = failOnConsoleErrors(page, OFFLINE_NOISE)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/field-calculations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Calculations')
    await waitForOfflineReady(page)
    await goOffline(context, page)
    const banner = page.getByTestId('offline-banner')
    await expect(banner).toHaveText(OFFLINE_BANNER)

    // The header's own controls (the home page has a 'Reference Documents' card too).
    const header = page.getByRole('banner')
    const menuButton = header.getByRole('button', { name: 'Open menu' })
    const documentsButton = header.getByRole('link', { name: 'Reference documents' })
    for (const scrollY of [0, 900, 4000]) {
      await page.evaluate((y) => window.scrollTo(0, y), scrollY)
      await expect
        .poll(() => page.evaluate((y) => Math.abs(window.scrollY - Math.min(y, document.documentElement.scrollHeight - window.innerHeight)) < 2, scrollY))
        .toBe(true)
      await expect(banner).toBeInViewport()
      await expectUncovered(page, menuButton, banner)
      await expectUncovered(page, documentsButton, banner)
    }
    await keepScreenshot(page, 'offline-banner-scrolled-390')

    // The home page (its saved copy, loaded through the worker), scrolled: the same.
    await page.goto('/')
    await expect(page.getByRole('textbox', { name: 'Your question' })).toBeVisible()
    await expect(banner).toHaveText(OFFLINE_BANNER)
    await page.evaluate(() => window.scrollTo(0, 600))
    await expect.poll(() => page.evaluate(() => window.scrollY > 0)).toBe(true)
    await expect(banner).toBeInViewport()
    await expectUncovered(page, menuButton, banner)
    await expectUncovered(page, documentsButton, banner)
    await keepScreenshot(page, 'offline-home-scrolled-390')

    // A drawing's sticky bar sits under the header and the banner, not behind them.
    await page.goto('/documents#drawing-g501')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('W-Beam Guardrail Installation')
    await page.evaluate(() => window.scrollTo(0, 1500))
    await expectUncovered(page, page.getByRole('link', { name: 'Back to Documents' }), banner)
    await expectUncovered(page, menuButton, banner)
    await keepScreenshot(page, 'offline-drawing-scrolled-390')

    await menuButton.tap()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expectAccessible(page)
    check()
  })

  test('every page the menu links to answers offline with the app, by tap and by address', async ({ page, context }) => {
    const check = failOnConsoleErrors(page, [...OFFLINE_NOISE, /Failed to fetch manifest patches/])
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/')
    await waitForOfflineReady(page)
    // Visited once online with the worker in place: its saved copy is what it shows offline.
    await page.goto('/news')
    await expect(page.getByRole('heading', { level: 1, name: 'Industry News' })).toBeVisible()
    await expect.poll(() => page.evaluate(async () => Boolean(await caches.match('/news')))).toBe(true)
    await page.goto('/')
    await page.getByRole('button', { name: 'Open menu' }).tap()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    const paths = await menu
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link')
      .evaluateAll((links) => links.map((link) => new URL((link as HTMLAnchorElement).href).pathname))
    for (const expected of ['/news', '/trends', '/cheat-sheets', '/field-calculations', '/ar-inspection', '/ar-inspection/submissions', '/documents', '/history', '/favourites', '/disclosures']) {
      expect(paths).toContain(expected)
    }
    await page.getByRole('button', { name: 'Close menu' }).tap()

    // Pages the app has for this user offline, and what each shows.
    const saved: Record<string, string> = {
      '/': 'home',
      '/news': 'Industry News',
      '/field-calculations': 'Field Calculations',
      '/cheat-sheets': 'Inspector Cheat Sheets',
      '/documents': 'Reference Documents',
    }
    await goOffline(context, page)
    for (const target of paths) {
      // By tap, as a user moves around (a client-side navigation).
      await page.getByRole('button', { name: 'Open menu' }).tap()
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('navigation', { name: 'Main' }).locator(`a[href="${target}"]`).tap()
      await expect(page).toHaveURL((url) => url.pathname === target)
      await expectAppAnswer(page, target, saved[target])
      await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible()
    }
    await keepScreenshot(page, 'offline-history-tapped-390')
    await expectAccessible(page)

    // By address (typed, reloaded, or from the home screen icon): the worker answers every one of them.
    for (const target of [...paths, '/history/00000000-0000-0000-0000-000000000000', '/ar-inspection/submissions/x', '/admin/emails', '/brand-demo', '/auth']) {
      const response = await page.goto(target)
      expect(response, target).not.toBeNull()
      await expectAppAnswer(page, target, saved[target])
    }
    await page.goto('/history')
    await keepScreenshot(page, 'offline-history-address-390')
    await expectAccessible(page)
    await context.setOffline(false)
    check()
  })
})

/** Offline, a page shows this user's saved copy, or the app's offline page: never the browser's error page. */
async function expectAppAnswer(page: Page, target: string, savedHeading: string | undefined) {
  const heading = page.getByRole('heading', { level: 1 })
  if (savedHeading === 'home') {
    await expect(page.getByRole('textbox', { name: 'Your question' }), target).toBeVisible()
  } else if (savedHeading) {
    await expect(heading, target).toContainText(savedHeading)
  } else {
    await expect(heading, target).toHaveText(OFFLINE_PAGE_HEADING)
    await expect(page.getByText(OFFLINE_BANNER).first()).toBeVisible()
    await expect(page.getByRole('link', { name: /Field calculators/ })).toBeVisible()
  }
}

/** The header's name and badge each sit on one line, side by side, and nothing is wider than the screen. */
async function expectOneLineHeader(page: Page) {
  const lines = await page.evaluate(() =>
    ['header-title', 'sc-only-badge'].map((id) => {
      const element = document.querySelector(`[data-testid="${id}"]`)!
      const range = document.createRange()
      range.selectNodeContents(element)
      // One line box per line of text: a wrapped name has two.
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size
    }),
  )
  expect(lines).toEqual([1, 1])
  const title = (await page.getByTestId('header-title').boundingBox())!
  const badge = (await page.getByTestId('sc-only-badge').boundingBox())!
  expect(Math.abs(title.y + title.height / 2 - (badge.y + badge.height / 2))).toBeLessThan(4)
  await expect(page.getByTestId('header-title')).toHaveText('Specifications Only')
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0)
}

/** The calculator inputs show examples, not figures that look typed in. */
async function expectExamplePlaceholders(page: Page) {
  for (const [id, example] of [
    ['asphalt-rate-startStation', 'e.g. 23+50'],
    ['tack-rate-totalGallons', 'e.g. 500'],
    ['tack-rate-remainingGallons', 'e.g. 380'],
  ] as const) {
    const input = page.locator(`#${id}`)
    await expect(input).toHaveAttribute('placeholder', example)
    await expect(input).toHaveValue('')
    expect(await input.evaluate((element) => getComputedStyle(element, '::placeholder').fontStyle)).toBe('italic')
  }
}

test.describe('the smaller things on a phone', () => {
  test('header on one line, example placeholders, and any unknown drawing hash says Drawing Not Found', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/field-calculations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Calculations')
    await expectOneLineHeader(page)
    await expectExamplePlaceholders(page)
    await page.locator('#asphalt-rate-startStation').scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'header-and-placeholders-390')
    await expectAccessible(page)
    // A narrower phone too.
    await page.setViewportSize({ width: 360, height: 780 })
    await expectOneLineHeader(page)
    await page.setViewportSize({ width: 390, height: 844 })

    for (const hash of ['drawing-zzz999', 'drawing-g50', 'drawing-']) {
      await page.goto(`/documents#${hash}`)
      await expect(page.getByRole('heading', { level: 1 }), hash).toHaveText('Drawing Not Found')
      await expect(page.getByText('The requested drawing could not be loaded.')).toBeVisible()
    }
    await expectAccessible(page)
    check()
  })

  test('the diagnosis quotes the words that were typed, not the guide’s', async ({ page }) => {
    test.setTimeout(90_000)
    await askForDiagnosis(page)
    const problems = page.getByTestId('detected-problems')
    await expect(problems.locator(':scope > li').first()).toContainText("Matched on 'cracks in the wheel paths' in your description", { timeout: 60_000 })
    await expect(problems).not.toContainText("Matched on 'wheel path cracking'")
    await expectAccessible(page)
  })
})

test.describe('the smaller things on a phone without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('header on one line, example placeholders, Drawing Not Found for an unknown drawing', async ({ page, browser }) => {
    await page.goto('/field-calculations')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Field Calculations')
    await expectOneLineHeader(page)
    await expectExamplePlaceholders(page)
    await expectAccessibleWithoutJs(browser, page)
    const response = await page.goto('/documents?view=drawing-zzz999')
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Drawing Not Found')
    await expectAccessibleWithoutJs(browser, page)
  })

  test('the diagnosis quotes the words that were typed', async ({ page }) => {
    test.setTimeout(90_000)
    await askForDiagnosis(page)
    await expect(page.getByTestId('detected-problems').locator(':scope > li').first()).toContainText(
      "Matched on 'cracks in the wheel paths' in your description",
      { timeout: 60_000 },
    )
  })
})

/** A small grey "photo" with no text (rendered in a context with JavaScript, whatever the test's page has). */
async function grayPhoto(page: Page): Promise<Buffer> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true })
  try {
    const sheet = await context.newPage()
    await sheet.setViewportSize({ width: 320, height: 240 })
    await sheet.setContent('<body style="margin:0;background:#6b6b6b"></body>')
    return await sheet.screenshot()
  } finally {
    await context.close()
  }
}

test.describe('the form filler on a phone', () => {
  test('a station the OCR misreads is flagged, and the form is not sent until it is confirmed or corrected', async ({ page, browser }) => {
    test.setTimeout(150_000)
    const check = failOnConsoleErrors(page)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/ar-inspection?form=400.04')
    await page.getByRole('button', { name: /Photo Upload/ }).tap()
    await expect(page.getByRole('heading', { name: 'Review and Edit Extracted Data' })).toBeVisible()
    // Issue 15's printed form: tesseract reads its station 23+50 as 23450.
    const photo = await renderPrintedForm(browser, MISREAD_STATION_LINES, undefined, MISREAD_STATION_FONT)
    const toast = page.getByTestId('toast')
    const location = page.getByRole('textbox', { name: 'Location/Station' })
    const flagged = page.getByTestId('field-location')

    const scan = async () => {
      await page.getByLabel('Upload Image').setInputFiles({ name: 'form-400-04.png', mimeType: 'image/png', buffer: photo })
      await expect(toast).toContainText('Photo processed', { timeout: 90_000 })
      await expect(toast).toContainText('1 field needs checking: Location/Station.')
      await expect(page.getByText('Processing image with OCR...')).toHaveCount(0)
    }

    await scan()
    // The field holds the station as the calculators write it, highlighted, with what was read.
    await expect(location).toHaveValue('23+50')
    await expect(flagged).toHaveAttribute('data-review', 'pending')
    await expect(page.getByTestId('review-location')).toContainText("Check this value. Read with low confidence (0%). Read as '23450'")
    await expect(location).toHaveAccessibleDescription(/Read as '23450'/)
    // Only the misread field; the others read cleanly.
    await expect(page.locator('[data-review]')).toHaveCount(1)
    await expect(page.getByLabel('Tonnage Placed')).toHaveValue('412.5')
    await page.getByRole('button', { name: 'Close notification' }).tap()
    await flagged.scrollIntoViewIfNeeded()
    await keepScreenshot(page, 'form-flagged-390')
    await expectAccessible(page)

    // Submit waits for the check.
    await page.getByRole('button', { name: 'Submit Form' }).tap()
    await expect(toast).toContainText('Check the highlighted fields')
    await expect(toast).toContainText('Confirm or correct: Location/Station')
    await expect(location).toBeFocused()
    await expect(page.getByRole('heading', { name: 'Review and Edit Extracted Data' })).toBeVisible()

    // Corrected: typing the value clears the flag, and the form is saved with what was typed.
    await location.fill('STA 23+50 LT')
    await expect(page.locator('[data-review]')).toHaveCount(0)
    const saved = page.waitForResponse((response) => /^\/ar-inspection(\.data)?$/.test(new URL(response.url()).pathname) && response.request().method() === 'POST')
    await page.getByRole('button', { name: 'Submit Form' }).tap()
    expect((await saved).status()).toBe(200)
    await expect(toast).toContainText('Form submitted successfully')

    // Scanned again and confirmed as read.
    await page.getByRole('button', { name: /Photo Upload/ }).tap()
    await scan()
    const looksRight = page.getByRole('button', { name: 'Looks right: Location/Station' })
    await looksRight.tap()
    await expect(looksRight).toHaveAttribute('aria-pressed', 'true')
    await expect(flagged).toHaveAttribute('data-review', 'confirmed')
    await expect(page.getByTestId('review-location')).toContainText('Checked.')
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Submit Form' }).tap()
    await expect(toast).toContainText('Form submitted successfully')

    const list = await (await page.request.get('/api/forms/submissions')).json() as { submissions: { data: Record<string, string> }[] }
    expect(list.submissions.map((submission) => submission.data.location)).toEqual(['23+50', 'STA 23+50 LT'])
    check()
  })
})
