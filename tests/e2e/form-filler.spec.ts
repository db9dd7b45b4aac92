import { expect, onboardViaApi, signUpViaApi, startGuestViaApi, test, type Page } from './fixtures'
import { renderPrintedForm } from './form-filler-image'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

const HMA = '400.04 - Hot Mix Asphalt Construction Daily Report'

/**
 * A fake Web Speech API: the test says a phrase with window.__say(text, isFinal), and the fake Web Audio
 * records each beep (frequency, length) in window.__beeps.
 */
function stubSpeechAndAudio() {
  type Handler = ((event: unknown) => void) | null
  interface Fake {
    lang: string
    continuous: boolean
    interimResults: boolean
    onresult: Handler
    onerror: Handler
    onend: (() => void) | null
  }
  const w = window as unknown as Record<string, unknown>
  const started: Fake[] = []
  w.__started = started
  class FakeRecognition {
    lang = ''
    continuous = false
    interimResults = false
    onresult: Handler = null
    onerror: Handler = null
    onend: (() => void) | null = null
    start() {
      started.push(this)
    }
    stop() {
      setTimeout(() => this.onend?.(), 0)
    }
    abort() {
      this.stop()
    }
  }
  w.SpeechRecognition = FakeRecognition
  w.webkitSpeechRecognition = FakeRecognition
  w.__say = (text: string, isFinal = true) => {
    const recognition = started[started.length - 1]
    recognition?.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript: text }], { isFinal })] })
  }
  w.__fail = (error: string) => started[started.length - 1]?.onerror?.({ error })
  const beeps: { frequency: number; seconds: number }[] = []
  w.__beeps = beeps
  class FakeAudioContext {
    currentTime = 0
    destination = {}
    createOscillator() {
      const oscillator = {
        type: '',
        frequency: { value: 0 },
        onended: null as null | (() => void),
        connect() {},
        start() {},
        stop(at: number) {
          beeps.push({ frequency: oscillator.frequency.value, seconds: at })
        },
      }
      return oscillator
    }
    createGain() {
      return { gain: { value: 1 }, connect() {} }
    }
    close() {
      return Promise.resolve()
    }
  }
  w.AudioContext = FakeAudioContext
}

async function openForm(page: Page, method: 'Photo Upload' | 'Voice Input') {
  await page.goto('/ar-inspection')
  await expect(page.getByRole('heading', { level: 1, name: 'Inspection Form Filler' })).toBeVisible()
  await page.getByRole('link', { name: HMA }).click()
  await expect(page).toHaveURL(/\?form=400\.04$/)
  await expect(page.getByRole('link', { name: HMA })).toHaveAttribute('aria-current', 'true')
  await page.getByRole('button', { name: new RegExp(method) }).click()
}

test.describe('form filler with JavaScript', () => {
  test('fills 400.04 from a photo with OCR on our own origin and saves it', async ({ page, browser, baseURL, clientIp: _ }) => {
    test.setTimeout(90_000)
    const checkConsole = failOnConsoleErrors(page)
    const foreign: string[] = []
    page.on('request', (request) => {
      const url = new URL(request.url())
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== new URL(baseURL!).origin) foreign.push(request.url())
    })
    const ocrFiles: string[] = []
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/ocr/')) ocrFiles.push(`${response.status()} ${new URL(response.url()).pathname}`)
    })
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/ar-inspection')
    await expect(page.getByText('Photo Upload')).toHaveCount(0)
    await expectAccessible(page)
    // tesseract.js is not loaded before photo mode.
    expect(ocrFiles).toEqual([])

    await openForm(page, 'Photo Upload')
    await expect(page.getByRole('heading', { name: 'Review and Edit Extracted Data' })).toBeVisible()
    await expect(page.locator('input[type=file][capture=environment][accept="image/*"]')).toHaveCount(1)
    await expectAccessible(page)

    const toast = page.getByTestId('toast')
    // A file that is not an image, then a photo with no field on it: the failure toast, nothing filled.
    await page.getByLabel('Upload Image').setInputFiles({ name: 'broken.png', mimeType: 'image/png', buffer: Buffer.from('not an image at all') })
    await expect(toast).toContainText('OCR processing failed', { timeout: 60_000 })
    await expect(toast).toContainText('Unable to read the form. Please try again or enter manually.')
    // A blank sheet: no text fills no field, which counts as a form that could not be read.
    const titleOnly = await renderPrintedForm(browser, [], '')
    await page.getByRole('button', { name: 'Close notification' }).click()
    await expect(toast).toHaveCount(0)
    await page.getByLabel('Take Photo').setInputFiles({ name: 'blank.png', mimeType: 'image/png', buffer: titleOnly })
    await expect(toast).toContainText('OCR processing failed', { timeout: 60_000 })
    await expect(page.getByLabel('Date')).toHaveValue('')

    const png = await renderPrintedForm(browser)
    const started = Date.now()
    await page.getByLabel('Upload Image').setInputFiles({ name: 'form-400-04.png', mimeType: 'image/png', buffer: png })
    await expect(page.getByText('Processing image with OCR... This may take a few moments.')).toBeVisible()
    await expect(toast).toContainText('Photo processed', { timeout: 60_000 })
    test.info().annotations.push({ type: 'browser OCR ms (warm worker)', description: String(Date.now() - started) })
    await expect(toast).toContainText('Form fields have been populated from the image. Please review and edit as needed.')
    await expect(page.getByText('Processing image with OCR...')).toHaveCount(0)

    await expect(page.getByLabel('Date')).toHaveValue('2026-11-20')
    await expect(page.getByLabel('Project Number')).toHaveValue('12-345')
    await expect(page.getByLabel('Contractor')).toHaveValue('ABC Paving Inc.')
    await expect(page.getByLabel('Location/Station')).toHaveValue('US 378 MP 4.2')
    await expect(page.getByLabel('Mix Type')).toHaveValue('Surface Type B')
    await expect(page.getByLabel('Tonnage Placed')).toHaveValue('412.5')
    await expect(page.getByLabel('Mat Temperature')).toHaveValue('285')
    await expect(page.getByLabel('Weather')).toHaveValue('Sunny')
    await expect(page.getByLabel('Compaction Method')).toHaveValue('')
    expect(ocrFiles.length).toBeGreaterThan(0)
    expect(ocrFiles.every((line) => line.startsWith('200 '))).toBe(true)

    // Editable before submitting.
    await page.getByLabel('Notes').fill('Joint density checked')
    await page.getByRole('button', { name: 'Submit Form' }).click()
    await expect(toast).toContainText('Form submitted successfully')
    await expect(toast).toContainText('Hot Mix Asphalt Construction Daily Report has been completed and saved.')
    // Back to select, data cleared, with a way to the saved list.
    await expect(page.getByRole('heading', { name: '1. Choose a form' })).toBeVisible()
    await expect(page.getByRole('status').getByRole('link', { name: 'My submissions' })).toHaveAttribute('href', '/ar-inspection/submissions')
    await page.getByRole('button', { name: /Photo Upload/ }).click()
    await expect(page.getByLabel('Project Number')).toHaveValue('')

    expect(foreign).toEqual([])
    checkConsole()
  })

  test('fills field by field by voice, advances after 1 s, and checks required fields', async ({ page, clientIp: _ }) => {
    await page.addInitScript(stubSpeechAndAudio)
    const checkConsole = failOnConsoleErrors(page)
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await openForm(page, 'Voice Input')

    const banner = page.getByTestId('voice-banner')
    await expect(banner).toContainText('Date')
    await expect(banner).toContainText('Field 1 of 10 (Required)')
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Next' })).toBeEnabled()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Start Voice Input' }).click()
    await expect(page.getByRole('button', { name: 'Stop Recording' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { __beeps: unknown }).__beeps)).toEqual([{ frequency: 800, seconds: 0.1 }])
    const settings = await page.evaluate(() => {
      const r = (window as unknown as { __started: { lang: string; continuous: boolean; interimResults: boolean }[] }).__started[0]!
      return { lang: r.lang, continuous: r.continuous, interimResults: r.interimResults }
    })
    expect(settings).toEqual({ lang: 'en-US', continuous: true, interimResults: true })

    const say = (text: string, isFinal = true) =>
      page.evaluate(([t, f]) => (window as unknown as { __say: (t: string, f: boolean) => void }).__say(t as string, f as boolean), [text, isFinal] as const)

    await say('November 20', false)
    await expect(page.getByTestId('live-transcript')).toContainText('November 20')
    const spokenAt = Date.now()
    await say('November 20th 2026')
    await expect(page.getByLabel('Date')).toHaveValue('2026-11-20')
    // Still on Date until the 1 s advance.
    await expect(banner).toContainText('Field 1 of 10')
    await expect(banner).toContainText('Field 2 of 10 (Required)')
    expect(Date.now() - spokenAt).toBeGreaterThanOrEqual(900)
    await expect(banner).toContainText('Project Number')
    await expect(page.getByTestId('field-projectNumber')).toHaveAttribute('aria-current', 'step')

    await say('  12-345  ')
    await expect(page.getByLabel('Project Number')).toHaveValue('12-345')
    await expect(banner).toContainText('Field 3 of 10')

    // Tap a grid field to make it current: the last one, which is not required and does not advance.
    await page.getByLabel('Notes').click()
    await expect(banner).toContainText('Notes')
    await expect(banner).toContainText('Field 10 of 10')
    await expect(banner).not.toContainText('(Required)')
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    await say('Rolling pattern checked')
    await expect(page.getByLabel('Notes')).toHaveValue('Rolling pattern checked')
    await page.waitForTimeout(1300)
    await expect(banner).toContainText('Field 10 of 10')

    // A recognition error is logged and recording turns off.
    await page.evaluate(() => (window as unknown as { __fail: (e: string) => void }).__fail('network'))
    await expect(page.getByRole('button', { name: 'Start Voice Input' })).toBeVisible()

    // A number field refuses words: a hint, no value, no advance.
    await page.getByLabel('Tonnage Placed').click()
    await page.getByRole('button', { name: 'Start Voice Input' }).click()
    await say('lots of it')
    await expect(page.getByRole('alert').filter({ hasText: 'Heard' })).toHaveText('Heard "lots of it": say a number for Tonnage Placed.')
    await expect(page.getByLabel('Tonnage Placed')).toHaveValue('')
    await expect(banner).toContainText('Field 6 of 10')
    await page.getByRole('button', { name: 'Stop Recording' }).click()
    await expect(page.getByRole('button', { name: 'Start Voice Input' })).toBeVisible()

    // Editable by hand in the grid too.
    await page.getByLabel('Contractor').fill('ABC Paving')
    await expect(banner).toContainText('Field 3 of 10')
    await page.getByRole('button', { name: 'Submit Form' }).click()
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText('Missing required fields')
    await expect(toast).toContainText('Please fill in: Location/Station, Mix Type, Tonnage Placed, Mat Temperature (°F)')
    await expect(page.getByLabel('Mix Type')).toHaveAttribute('aria-invalid', 'true')

    // Reset: select mode, data cleared, pointer at the first field.
    await page.getByRole('button', { name: 'Reset' }).click()
    await expect(page.getByRole('heading', { name: '2. Choose an input method' })).toBeVisible()
    await page.getByRole('button', { name: /Voice Input/ }).click()
    await expect(banner).toContainText('Field 1 of 10')
    await expect(page.getByLabel('Contractor')).toHaveValue('')

    // Back returns to select.
    await page.getByRole('button', { name: 'Back' }).click()
    await expect(page.getByRole('heading', { name: '1. Choose a form' })).toBeVisible()
    checkConsole()
  })

  test('says so when the browser has no speech recognition, and preselects a stored form', async ({ page, clientIp: _ }) => {
    await page.addInitScript(() => {
      const w = window as unknown as Record<string, unknown>
      w.SpeechRecognition = undefined
      w.webkitSpeechRecognition = undefined
      window.sessionStorage.setItem('preselected_form', '300.02')
    })
    await startAsGuest(page)
    await page.goto('/ar-inspection')
    await expect(page).toHaveURL(/\?form=300\.02$/)
    expect(await page.evaluate(() => window.sessionStorage.getItem('preselected_form'))).toBeNull()
    await page.getByRole('button', { name: /Voice Input/ }).click()
    await expect(page.getByTestId('voice-banner')).toContainText('Field 1 of 12 (Required)')
    await page.getByRole('button', { name: 'Start Voice Input' }).click()
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText('Voice input not supported')
    await expect(toast).toContainText("Your browser doesn't support voice recognition.")
    await expect(page.getByRole('button', { name: 'Start Voice Input' })).toBeVisible()
  })
})

async function startAsGuest(page: Page) {
  await startGuestViaApi(page.request)
  await onboardViaApi(page.request)
}

test.describe('form filler without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('fills a form by hand, keeps the values on a missing field, then saves it', async ({ page, browser, clientIp: _ }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/ar-inspection')
    await page.getByRole('link', { name: HMA }).click()
    await expect(page).toHaveURL(/\/ar-inspection\?form=400\.04$/)
    await expect(page.getByRole('heading', { name: '2. Fill in Hot Mix Asphalt Construction Daily Report' })).toBeVisible()
    await expectAccessibleWithoutJs(browser, page)

    await page.getByLabel('Date').fill('2026-11-20')
    await page.getByLabel('Project Number').fill('12-345')
    await page.getByLabel('Contractor').fill('ABC Paving')
    await page.getByRole('button', { name: 'Submit Form' }).click()
    const alert = page.getByRole('main').getByRole('alert')
    await expect(alert).toContainText('Missing required fields')
    await expect(alert).toContainText('Please fill in: Location/Station, Mix Type, Tonnage Placed, Mat Temperature (°F)')
    await expect(page.getByLabel('Project Number')).toHaveValue('12-345')
    await expect(page.getByLabel('Date')).toHaveValue('2026-11-20')
    await expect(page.getByLabel('Mix Type')).toHaveAttribute('aria-invalid', 'true')
    await expectAccessibleWithoutJs(browser, page)

    await page.getByLabel('Location/Station').fill('US 378')
    await page.getByLabel('Mix Type').fill('Type B')
    await page.getByLabel('Tonnage Placed').fill('412.5')
    await page.getByLabel('Mat Temperature').fill('285')
    await page.getByRole('button', { name: 'Submit Form' }).click()
    await expect(page).toHaveURL(/\/ar-inspection$/)
    const toast = page.getByTestId('toast')
    await expect(toast).toContainText('Form submitted successfully')
    await expect(toast).toContainText('Hot Mix Asphalt Construction Daily Report has been completed and saved.')
    await page.getByRole('link', { name: 'My submissions' }).click()
    await expect(page).toHaveURL(/\/ar-inspection\/submissions$/)
    await expect(page.getByRole('main')).toContainText('Hot Mix Asphalt Construction Daily Report')
  })

  test('a signed-out visitor is told to sign in, and nothing is saved', async ({ page, clientIp: _ }) => {
    await page.goto('/ar-inspection?form=100.10')
    await expect(page.getByText('Sign in or continue as a guest to save forms.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/auth')
    await page.getByLabel('Inspector Name').fill('Pat')
    await page.getByRole('button', { name: 'Submit Form' }).click()
    await expect(page.getByRole('main').getByRole('alert')).toContainText('Sign in or continue as a guest to save forms.')
    await expect(page.getByLabel('Inspector Name')).toHaveValue('Pat')
  })
})
