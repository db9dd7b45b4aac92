import type { Browser, Page } from '@playwright/test'
import { expect, onboardViaApi, signUpViaApi, test } from './fixtures'
import { openHome, questionBox, resultsHeading, toastEl } from './search-helpers'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

const REJECTED = 'Some files were rejected. Only JPEG, PNG, and PDF files under 10MB are allowed.'
const VERIFY = 'Always verify requirements against the official SCDOT documents before acting on them.'

/** What the analysis API answers (the fields the tests read). */
interface AnalysisJson {
  query: string
  searchEngine: string
  fileName: string | null
  isDiagnostic: boolean
  diagnosticResult: {
    primaryIssue: string
    severity: string
    detectedProblems: { problem: string }[]
    recommendations: { action: string; scdotReference: string }[]
    inspectionChecklist: string[]
  } | null
  imageAnalysis: {
    planDetails: { stationNumbers: string[]; annotations: string[]; elements: string[] }
    identifiedFeatures: { feature: string; confidence: number }[]
    notices?: string[]
    extractedText?: string
  } | null
}

/** A printed plan sheet: stations, pipes and structures in large type, as a PNG. */
const PLAN_HTML = `<!doctype html><html><body style="margin:0;background:#fff;color:#000;font:bold 34px/1.5 Arial, sans-serif;padding:40px;width:1100px">
<div>PLAN SHEET 4 - US 378 WIDENING</div>
<div>STA 12+50 BEGIN 18" RCP</div>
<div>STA 13+00 CATCH BASIN TYPE 1</div>
<div>STA 14+75 DROP INLET TYPE 9</div>
<div>STA 15+20 24" RCP CULVERT</div>
<div>NOTE: SEE SECTION 714 FOR PIPE CULVERTS</div>
</body></html>`

/** Renders HTML to a PNG in a context of its own (the test's page may have JavaScript off). */
async function render(page: Page, html: string): Promise<Buffer> {
  const context = await page.context().browser()!.newContext({ javaScriptEnabled: true })
  const sheet = await context.newPage()
  try {
    await sheet.setViewportSize({ width: 1180, height: 460 })
    await sheet.setContent(html)
    return await sheet.screenshot()
  } finally {
    await context.close()
  }
}

const fileInput = (page: Page) => page.getByLabel('Upload Photo or Document')
const analyzeButton = (page: Page) => page.getByRole('button', { name: 'Analyze', exact: true })

function waitForAnalysis(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/api/analyze-image' && response.request().method() === 'POST')
}

async function openPhotoMode(page: Page) {
  await page.getByTestId('mode-toggle').getByRole('link', { name: 'Photo Analysis' }).click()
  await expect(page).toHaveURL(/\/\?mode=photo$/)
  await expect(page.getByTestId('mode-toggle').getByRole('link', { name: 'Photo Analysis' })).toHaveAttribute('aria-current', 'true')
  await expect(page.getByTestId('photo-dropzone')).toBeVisible()
}

// OCR and the corpus lookups run on a small shared machine: the analyses get more than the default 30 s.
test.describe.configure({ timeout: 60_000 })

test.describe('photo analysis', () => {
  test('a rendered plan sheet is read: stations, elements, the engine line and the toast', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await openHome(page)
    await expect(page.getByTestId('greeting-search-count')).toHaveText('0 searches completed')
    await openPhotoMode(page)
    const zone = page.getByTestId('photo-dropzone')
    await expect(zone).toContainText('Upload Photo or Document')
    await expect(zone).toContainText('Construction photos, plans, or inspection images')
    await expect(zone).toContainText('JPG, PNG, PDF - Max 10MB')
    await expect(fileInput(page)).toHaveAttribute('accept', 'image/jpeg,image/png,application/pdf,.jpeg,.jpg,.png,.pdf')
    const types = page.getByRole('group', { name: 'Analysis Type' })
    await expect(types.getByRole('radio')).toHaveCount(3)
    await expect(types.getByRole('radio', { name: /^What is this\?/ })).toBeChecked()
    await expect(types.getByRole('radio', { name: /^General Analysis/ })).not.toBeChecked()
    await expect(types.getByRole('radio', { name: /^Problem Diagnosis/ })).not.toBeChecked()
    // The question box appears once a file is chosen.
    await expect(page.getByLabel('Your question (optional)')).toHaveCount(0)
    await expectAccessible(page)

    await fileInput(page).setInputFiles({ name: 'plan-sheet-4.png', mimeType: 'image/png', buffer: await render(page, PLAN_HTML) })
    await expect(page.getByTestId('chosen-files')).toContainText('plan-sheet-4.png')
    await expect(page.getByLabel('Your question (optional)')).toBeVisible()

    const answered = waitForAnalysis(page)
    await analyzeButton(page).click()
    const response = await answered
    expect(response.status(), await response.text()).toBe(200)
    const result = (await response.json()) as AnalysisJson
    await expect(resultsHeading(page)).toBeVisible()
    await expect(toastEl(page)).toContainText('Search completed')
    await expect(toastEl(page)).toContainText('Found relevant specifications')
    // An analysis counts as a search: the greeting is refreshed in place.
    await expect(page.getByTestId('greeting-search-count')).toHaveText('1 search completed')

    // The plan details read from the image.
    const plan = result.imageAnalysis!.planDetails
    expect(plan.stationNumbers.join(' ')).toContain('12+50')
    expect(plan.stationNumbers.join(' ')).toContain('15+20')
    expect(plan.elements.join(' ')).toMatch(/RCP/i)
    const section = page.getByTestId('image-analysis')
    await expect(section.getByRole('heading', { level: 3, name: 'Image Analysis Results' })).toBeVisible()
    await expect(section.getByTestId('analysed-file')).toHaveText('plan-sheet-4.png')
    await expect(page.getByTestId('result-file')).toHaveText('plan-sheet-4.png')
    await expect(section.getByTestId('plan-stations')).toContainText('12+50')
    await expect(section.getByTestId('plan-stations')).toContainText('15+20')
    await expect(section.getByTestId('plan-elements').getByRole('listitem')).toHaveCount(Math.min(5, plan.elements.length))
    await expect(section.getByTestId('plan-elements')).toContainText(/RCP/i)
    if (plan.elements.length > 5) await expect(section.getByTestId('plan-elements-more')).toHaveText(`and ${plan.elements.length - 5} more`)
    // Six printed lines: five annotations shown, and the count of the rest.
    expect(plan.annotations.length).toBeGreaterThan(5)
    await expect(section.getByTestId('plan-annotations').getByRole('listitem')).toHaveCount(5)
    await expect(section.getByTestId('plan-annotations-more')).toHaveText(`and ${plan.annotations.length - 5} more`)
    // Every identified feature carries its confidence in words, not only as a coloured dot.
    await expect(section.getByTestId('feature-confidence')).toHaveCount(result.imageAnalysis!.identifiedFeatures.length)
    // The OCR text is there to check, folded away.
    const extracted = section.getByTestId('extracted-text')
    await expect(extracted).toContainText('Text read from the file')
    await extracted.locator('summary').click()
    await expect(extracted.locator('pre')).toContainText('CATCH BASIN')
    // The engine line says what wrote the answer.
    await expect(page.getByTestId('result-engine')).toHaveText(`Answered by: ${result.searchEngine}`)
    await expect(page.getByTestId('verify-notice')).toHaveText(VERIFY)
    // Image Analysis Results come last of the spec's sections.
    const headings = await page.getByTestId('search-results').getByRole('heading', { level: 3 }).allTextContents()
    expect(headings.at(-1)).toBe('Image Analysis Results')
    expect(headings[0]).toBe('Smart Analysis')
    await expectAccessible(page)

    // New Search brings back the empty photo form (the mode the result came from), ready for the next file.
    await page.getByTestId('search-results').getByRole('link', { name: 'New Search' }).click()
    await expect(page).toHaveURL(/\/\?mode=photo$/)
    await expect(page.getByTestId('photo-dropzone')).toBeVisible()
    await expect(fileInput(page)).toBeFocused()
    await expect(page.getByTestId('chosen-files')).toHaveCount(0)
    check()
  })

  test('Problem Diagnosis of a described defect shows the diagnostic section (dark theme)', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL! }])
    await openHome(page)
    await openPhotoMode(page)
    await page.getByRole('radio', { name: /^Problem Diagnosis/ }).check()
    const photo = await render(
      page,
      '<div style="width:900px;height:360px;background:#555;color:#fff;font:bold 40px Arial;padding:30px">US 378 EB LANE 1 WHEEL PATH</div>',
    )
    await fileInput(page).setInputFiles({ name: 'wheel-path.png', mimeType: 'image/png', buffer: photo })
    await page.getByLabel('Your question (optional)').fill('alligator cracking in the wheel path')

    // Hold the answer a moment to see the loading panel's diagnostic message.
    await page.route('**/api/analyze-image', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600))
      await route.continue()
    })
    const answered = waitForAnalysis(page)
    await analyzeButton(page).click()
    await expect(page.getByTestId('loading-message')).toHaveText('Reading your description of the problem...')
    const response = await answered
    expect(response.status(), await response.text()).toBe(200)
    const result = (await response.json()) as AnalysisJson
    expect(result.isDiagnostic).toBe(true)
    const diagnostic = result.diagnosticResult!
    expect(diagnostic.primaryIssue).toMatch(/alligator|fatigue/i)

    await expect(toastEl(page)).toContainText('Diagnostic Analysis Complete')
    const section = page.getByTestId('diagnostic-analysis')
    await expect(section.getByRole('heading', { level: 3, name: 'Diagnostic Analysis' })).toBeVisible()
    await expect(section.getByTestId('primary-issue')).toHaveText(diagnostic.primaryIssue)
    await expect(section.getByTestId('diagnostic-severity')).toHaveText(new RegExp(`^Severity: ${diagnostic.severity}$`, 'i'))
    await expect(section.getByTestId('detected-problems').locator(':scope > li')).toHaveCount(diagnostic.detectedProblems.length)
    await expect(section.getByTestId('diagnostic-recommendations').locator(':scope > li')).toHaveCount(diagnostic.recommendations.length)
    await expect(section.getByTestId('diagnostic-recommendations')).toContainText('SCDOT reference')
    await expect(section.getByTestId('inspection-checklist').getByRole('listitem')).toHaveCount(diagnostic.inspectionChecklist.length)
    // The diagnostic section follows Smart Analysis (spec §2 order).
    const headings = await page.getByTestId('search-results').getByRole('heading', { level: 3 }).allTextContents()
    expect(headings.slice(0, 2)).toEqual(['Smart Analysis', 'Diagnostic Analysis'])
    // Without a vision model the result says plainly what it could not do.
    const notices = result.imageAnalysis?.notices ?? []
    expect(notices.join(' ')).toMatch(/vision model/i)
    await expect(page.getByTestId('analysis-notices')).toContainText(/vision model/i)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expectAccessible(page)
  })

  test('the browser refuses a text file and two files, and a chosen file can be removed', async ({ page }) => {
    const sent: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/analyze-image') sent.push(request.method())
    })
    await openHome(page)
    // Choosing photo mode clears what was typed (spec §4).
    await questionBox(page).fill('guardrail')
    await openPhotoMode(page)

    // Nothing chosen: the input-required toast.
    await analyzeButton(page).click()
    await expect(toastEl(page)).toContainText('Input required')
    await expect(toastEl(page)).toContainText('Please enter a question or upload an image')
    // Closed now: left alone, it would fade out (5 s) in the middle of the axe check below.
    await toastEl(page).getByRole('button', { name: 'Close notification' }).click()
    await expect(toastEl(page)).toHaveCount(0)

    await fileInput(page).setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a photo') })
    const alert = page.getByTestId('upload-rejected')
    await expect(alert).toHaveAttribute('role', 'alert')
    await expect(alert).toContainText(REJECTED)
    await expect(alert).toContainText('notes.txt: File type must be one of .jpeg, .jpg, .png, .pdf')
    await expect(page.getByTestId('chosen-files')).toHaveCount(0)

    // One byte over 10 MB.
    await fileInput(page).setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(10 * 1024 * 1024 + 1) })
    await expect(alert).toContainText('huge.png: File is larger than 10485760 bytes')

    // Two files dropped at once: both refused.
    const twoFiles = await page.evaluateHandle(() => {
      const transfer = new DataTransfer()
      transfer.items.add(new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'first.png', { type: 'image/png' }))
      transfer.items.add(new File([new Uint8Array([0xff, 0xd8, 0xff])], 'second.jpg', { type: 'image/jpeg' }))
      return transfer
    })
    await page.getByTestId('photo-dropzone').dispatchEvent('drop', { dataTransfer: twoFiles })
    await expect(alert).toContainText(REJECTED)
    await expect(alert).toContainText('first.png: Too many files')
    await expect(alert).toContainText('second.jpg: Too many files')
    await expect(page.getByTestId('chosen-files')).toHaveCount(0)
    await expectAccessible(page)

    // A good file clears the alert and shows in the list, with its question box; removing it hides both.
    await fileInput(page).setInputFiles({ name: 'deck.png', mimeType: 'image/png', buffer: await render(page, '<p style="font-size:40px">DECK</p>') })
    await expect(page.getByTestId('upload-rejected')).toHaveCount(0)
    await expect(page.getByTestId('chosen-files').getByRole('listitem')).toHaveCount(1)
    await expect(page.getByTestId('chosen-files')).toContainText('deck.png')
    await expect(page.getByLabel('Your question (optional)')).toBeVisible()
    await page.getByRole('button', { name: 'Remove deck.png' }).click()
    await expect(page.getByTestId('chosen-files')).toHaveCount(0)
    await expect(page.getByLabel('Your question (optional)')).toHaveCount(0)
    await expect(fileInput(page)).toBeFocused()

    // Back to text mode: what was typed before is gone.
    await page.getByTestId('mode-toggle').getByRole('link', { name: 'Text Search' }).click()
    await expect(questionBox(page)).toHaveValue('')
    expect(sent).toEqual([])
  })

  test('feature suggestions open photo mode and preselect the form for the form filler', async ({ page }) => {
    const stored: string[] = []
    page.on('console', (message) => {
      if (message.text().startsWith('stored ')) stored.push(message.text())
    })
    await page.addInitScript(() => {
      const setItem = Storage.prototype.setItem
      Storage.prototype.setItem = function (key: string, value: string) {
        if (this === window.sessionStorage) console.info(`stored ${key}=${value}`)
        return setItem.call(this, key, value)
      }
    })
    await openHome(page)
    await questionBox(page).fill('What goes in the HMA daily report when paving?')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(resultsHeading(page)).toBeVisible()
    const tools = page.getByRole('region', { name: 'Helpful Tools for Your Work' })
    await expect(tools).toContainText('400.04 Hot Mix Asphalt Construction Daily Report')
    await expect(tools.getByRole('link', { name: 'Open Form Filler' })).toHaveAttribute('href', '/ar-inspection?form=400.04')
    await tools.getByRole('link', { name: 'Open Form Filler' }).click()
    await expect(page).toHaveURL(/\/ar-inspection\?form=400\.04$/)
    expect(stored).toContain('stored preselected_form=400.04')

    await page.goto('/')
    await questionBox(page).fill('what causes alligator cracking in asphalt?')
    await page.getByRole('button', { name: 'Search', exact: true }).click()
    await expect(resultsHeading(page)).toBeVisible()
    await page.getByRole('region', { name: 'Helpful Tools for Your Work' }).getByRole('link', { name: 'Analyze a Photo' }).click()
    await expect(page).toHaveURL(/\/\?mode=photo$/)
    await expect(page.getByTestId('photo-dropzone')).toBeVisible()
    await expect(resultsHeading(page)).toHaveCount(0)
  })
})

test.describe('photo analysis without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  async function openNoJs(page: Page, browser: Browser) {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/?mode=photo')
    await expect(page.getByRole('link', { name: 'Photo Analysis' })).toHaveAttribute('aria-current', 'true')
    await expect(page.getByLabel('Your question (optional)')).toBeVisible()
    await expectAccessibleWithoutJs(browser, page)
  }

  test('the multipart form posts to the home action and the server renders the analysis (dark theme)', async ({ page, browser, baseURL }) => {
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL! }])
    await openNoJs(page, browser)
    await fileInput(page).setInputFiles({ name: 'plan-sheet-4.png', mimeType: 'image/png', buffer: await render(page, PLAN_HTML) })
    await page.getByRole('radio', { name: /^General Analysis/ }).check()
    await page.getByLabel('Your question (optional)').fill('pipe culverts')
    await analyzeButton(page).click()
    // Post, then redirect to the result's address (docs/decisions/016).
    await expect(page).toHaveURL(/\/\?result=[\w-]+$/)
    await expect(resultsHeading(page)).toBeVisible()
    await expect(page.getByTestId('result-file')).toHaveText('plan-sheet-4.png')
    await expect(page.getByTestId('plan-stations')).toContainText('12+50')
    await expect(page.getByTestId('plan-elements')).toContainText(/RCP/i)
    await expect(page.getByTestId('result-engine')).toContainText('Answered by: ')
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expectAccessibleWithoutJs(browser, page)
    // New Search, a plain link, goes back to the photo form.
    await page.getByTestId('search-results').getByRole('link', { name: 'New Search' }).click()
    await expect(page).toHaveURL(/\/\?mode=photo$/)
    await expect(page.getByTestId('photo-dropzone')).toBeVisible()
  })

  test('no file, and a refused upload, come back as messages on the photo form', async ({ page, browser }) => {
    await openNoJs(page, browser)
    await analyzeButton(page).click()
    await expect(page.getByRole('alert')).toHaveText('Input required: Please enter a question or upload an image')
    await fileInput(page).setInputFiles({ name: 'script.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('#!/bin/sh\necho not an image\n') })
    await analyzeButton(page).click()
    await expect(page).toHaveURL(/\/\?index&mode=photo$/)
    await expect(page.getByRole('alert')).toContainText('Image analysis failed: ')
    await expect(page.getByTestId('photo-dropzone')).toBeVisible()
    await expect(resultsHeading(page)).toHaveCount(0)
  })
})
