import fs from 'node:fs/promises'
import type { APIRequestContext } from '@playwright/test'
import { expect, onboardViaApi, signUpViaApi, test } from './fixtures'
import { homeHydrated } from './search-helpers'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

/**
 * Saved inspection forms (issue 6): list, view, PDF export and delete (with JavaScript and without),
 * for a member whose forms were posted to /api/forms/submissions (the same handler as /ar-inspection).
 */

const ASPHALT = {
  date: '2026-11-21',
  projectNumber: 'P-0427',
  contractor: 'Palmetto Paving',
  location: 'STA 12+50 to STA 18+00',
  mixType: 'SP 12.5 Type B',
  tonnage: '420',
  matTemperature: '290',
  notes: 'Joints rolled while hot at 290°F.',
}
const ASPHALT_LABEL = '400.04 - Hot Mix Asphalt Construction Daily Report'
const CONCRETE_LABEL = '300.02 - Concrete Pour Inspection Form'
const CONCRETE = {
  date: '2026-11-20',
  projectNumber: 'C-88',
  pourLocation: 'Bent 3 cap',
  mixDesign: 'Class 4000',
  supplier: 'Lowcountry Ready Mix',
  volume: '42',
  slump: '3.5',
  concreteTemperature: '71',
  curingMethod: 'Wet burlap',
  testSamples: '4',
}

async function saveForm(request: APIRequestContext, formId: string, data: Record<string, string>, inputMethod = 'manual') {
  const form: Record<string, string> = { formId, inputMethod }
  for (const [id, value] of Object.entries(data)) form[`field.${id}`] = value
  const response = await request.post('/api/forms/submissions', { form })
  expect(response.status(), await response.text()).toBe(201)
  return ((await response.json()) as { submission: { id: string } }).submission.id
}

async function pdfText(bytes: Uint8Array): Promise<string> {
  const { PDFParse } = await import('pdf-parse')
  const parser = new PDFParse({ data: bytes })
  try {
    return (await parser.getText()).text.replace(/\s+/g, ' ')
  } finally {
    await parser.destroy()
  }
}

test.describe('my inspection forms with JavaScript', () => {
  test.use({ timezoneId: 'America/Chicago' })

  test('list, view, download the PDF report and delete', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    const member = await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await saveForm(page.request, '300.02', CONCRETE, 'voice')
    const id = await saveForm(page.request, '400.04', ASPHALT, 'photo')

    // The menu offers the form filler and, with a session, the saved forms. The click waits until the page
    // has hydrated: once, a click right after the load opened nothing.
    await page.goto('/')
    await homeHydrated(page)
    await page.getByRole('button', { name: 'Open menu' }).click()
    const menu = page.getByRole('dialog', { name: 'Menu' })
    await expect(menu.getByRole('link', { name: /Form Filler/ })).toHaveAttribute('href', '/ar-inspection')
    await menu.getByRole('link', { name: /My inspection forms/ }).click()
    await expect(page).toHaveURL('/ar-inspection/submissions')

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('My inspection forms')
    await expect(page.getByText('2 saved forms, newest first.')).toBeVisible()
    const cards = page.getByRole('list', { name: 'Saved forms' }).getByRole('listitem')
    await expect(cards).toHaveCount(2)
    await expect(cards.nth(0)).toContainText(ASPHALT_LABEL)
    await expect(cards.nth(0)).toContainText('Photo scan')
    // Hydrated, the time is in the browser's own zone (Central here; the server renders Eastern).
    await expect(cards.nth(0).locator('time')).toHaveText(/ C[SD]T$/)
    await expect(cards.nth(1)).toContainText(CONCRETE_LABEL)
    await expect(cards.nth(1)).toContainText('Voice input')
    await expect(cards.nth(0).getByRole('link', { name: `Export PDF of ${ASPHALT_LABEL}` })).toHaveAttribute(
      'href',
      `/ar-inspection/submissions/${id}/pdf`,
    )
    await expectAccessible(page)

    await cards.nth(0).getByRole('link', { name: `View ${ASPHALT_LABEL}` }).click()
    await expect(page).toHaveURL(`/ar-inspection/submissions/${id}`)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ASPHALT_LABEL)
    await expect(page.locator('dt')).toHaveText([
      'Date',
      'Project Number',
      'Contractor',
      'Location/Station',
      'Mix Type',
      'Tonnage Placed',
      'Mat Temperature (°F)',
      'Compaction Method',
      'Weather',
      'Notes',
    ])
    await expect(page.locator('dd')).toHaveText([
      ASPHALT.date,
      ASPHALT.projectNumber,
      ASPHALT.contractor,
      ASPHALT.location,
      ASPHALT.mixType,
      ASPHALT.tonnage,
      ASPHALT.matTemperature,
      'Not filled in',
      'Not filled in',
      ASPHALT.notes,
    ])
    await expectAccessible(page)

    const downloading = page.waitForEvent('download')
    await page.getByRole('link', { name: 'Download PDF report' }).click()
    const download = await downloading
    expect(download.suggestedFilename()).toMatch(/^400\.04-\d{4}-\d{2}-\d{2}\.pdf$/)
    const bytes = new Uint8Array(await fs.readFile((await download.path())!))
    expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-')
    const text = await pdfText(bytes)
    expect(text).toContain(ASPHALT_LABEL)
    for (const value of Object.values(ASPHALT)) expect(text).toContain(value)
    expect(text).toContain(`Submitted by: ${member.firstName} ${member.lastName}`)
    expect(text).toContain('Always verify requirements against the official SCDOT documents')

    // Delete asks first; Cancel keeps it, Yes deletes and returns to the list.
    await page.getByRole('link', { name: `Delete ${ASPHALT_LABEL}` }).click()
    const question = page.getByRole('group', { name: `Delete ${ASPHALT_LABEL}? This cannot be undone.` })
    await expect(question).toBeFocused()
    await question.getByRole('link', { name: 'Cancel' }).click()
    await expect(question).toBeHidden()
    await page.getByRole('link', { name: `Delete ${ASPHALT_LABEL}` }).click()
    await page.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page).toHaveURL('/ar-inspection/submissions')
    await expect(page.getByTestId('toast')).toContainText('Form deleted')
    await expect(page.getByTestId('toast')).toContainText(`${ASPHALT_LABEL} was deleted.`)
    await expect(cards).toHaveCount(1)
    await expect(cards.nth(0)).toContainText(CONCRETE_LABEL)
    expect((await page.request.get(`/ar-inspection/submissions/${id}/pdf`)).status()).toBe(404)
    check()
  })

  test('another user gets 404 for my form, and an empty list', async ({ page, browser }) => {
    await signUpViaApi(page.request)
    const id = await saveForm(page.request, '400.04', ASPHALT)
    const other = await browser.newContext()
    try {
      const otherPage = await other.newPage()
      await signUpViaApi(otherPage.request)
      await onboardViaApi(otherPage.request)
      expect((await otherPage.request.get(`/ar-inspection/submissions/${id}`)).status()).toBe(404)
      expect((await otherPage.request.get(`/ar-inspection/submissions/${id}/pdf`)).status()).toBe(404)
      await otherPage.goto('/ar-inspection/submissions')
      await expect(otherPage.getByRole('heading', { name: 'No saved forms yet' })).toBeVisible()
      await expect(otherPage.getByRole('link', { name: 'Open the Form Filler' })).toHaveAttribute('href', '/ar-inspection')
    } finally {
      await other.close()
    }
  })
})

test.describe('my inspection forms without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('signed out: a link to sign in', async ({ page, browser }) => {
    await page.goto('/ar-inspection/submissions')
    const card = page.getByRole('region', { name: 'Sign in to see your forms' })
    await expect(card).toBeVisible()
    await expect(card.getByRole('link', { name: 'Sign In / Sign Up' })).toHaveAttribute('href', '/auth')
    await expectAccessibleWithoutJs(browser, page)
  })

  test('a form filled by hand on /ar-inspection is saved and listed', async ({ page }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/ar-inspection')
    await page.getByRole('link', { name: ASPHALT_LABEL }).click()
    const form = page.getByRole('form', { name: /Hot Mix Asphalt Construction Daily Report/ })
    const labels: Record<string, string> = {
      date: 'Date',
      projectNumber: 'Project Number',
      contractor: 'Contractor',
      location: 'Location/Station',
      mixType: 'Mix Type',
      tonnage: 'Tonnage Placed',
      matTemperature: 'Mat Temperature (°F)',
      notes: 'Notes',
    }
    for (const [id, label] of Object.entries(labels)) {
      await form.getByLabel(new RegExp(`^${label.replace(/[()/]/g, '\\$&')}`)).fill(ASPHALT[id as keyof typeof ASPHALT])
    }
    await form.getByRole('button', { name: 'Submit Form' }).click()
    await expect(page).toHaveURL('/ar-inspection')
    await page.goto('/ar-inspection/submissions')
    const cards = page.getByRole('list', { name: 'Saved forms' }).getByRole('listitem')
    await expect(cards).toHaveCount(1)
    await expect(cards.nth(0)).toContainText(ASPHALT_LABEL)
    await expect(cards.nth(0)).toContainText('Typed by hand')
    await cards.nth(0).getByRole('link', { name: `View ${ASPHALT_LABEL}` }).click()
    await expect(page.locator('dd').last()).toHaveText(ASPHALT.notes)
    await expect(page.locator('dd').nth(3)).toHaveText(ASPHALT.location)
  })

  test('list in South Carolina time and delete with a confirmation step', async ({ page, browser }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await saveForm(page.request, '300.02', CONCRETE)
    const id = await saveForm(page.request, '400.04', ASPHALT)
    await page.goto('/ar-inspection/submissions')
    const cards = page.getByRole('list', { name: 'Saved forms' }).getByRole('listitem')
    await expect(cards).toHaveCount(2)
    await expect(cards.nth(0)).toContainText(ASPHALT_LABEL)
    await expect(cards.nth(0)).toContainText('Typed by hand')
    await expect(cards.nth(0).locator('time')).toHaveText(/ E[SD]T$/)
    await expectAccessibleWithoutJs(browser, page)

    await cards.nth(0).getByRole('link', { name: `Delete ${ASPHALT_LABEL}` }).click()
    await expect(page).toHaveURL(`/ar-inspection/submissions?delete=${id}`)
    await expect(page.getByText(`Delete ${ASPHALT_LABEL}? This cannot be undone.`)).toBeVisible()
    await expectAccessibleWithoutJs(browser, page)
    await page.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page).toHaveURL('/ar-inspection/submissions')
    await expect(cards).toHaveCount(1)
    await expect(cards.nth(0)).toContainText(CONCRETE_LABEL)

    // From the view page too.
    await cards.nth(0).getByRole('link', { name: `View ${CONCRETE_LABEL}` }).click()
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(CONCRETE_LABEL)
    await expectAccessibleWithoutJs(browser, page)
    await page.getByRole('link', { name: `Delete ${CONCRETE_LABEL}` }).click()
    await page.getByRole('button', { name: 'Yes, delete' }).click()
    await expect(page).toHaveURL('/ar-inspection/submissions')
    await expect(page.getByRole('heading', { name: 'No saved forms yet' })).toBeVisible()
  })
})
