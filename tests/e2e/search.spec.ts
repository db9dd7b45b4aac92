import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { expect, onboardViaApi, signUpViaApi, startGuestViaApi, test } from './fixtures'
import {
  ask,
  CONFIDENCE_LABELS,
  openHome,
  questionBox,
  resultsHeading,
  sendButton,
  stubSpeech,
  toastEl,
  waitForApi,
  type ApiResult,
} from './search-helpers'
import { expectAccessible, expectAccessibleWithoutJs, failOnConsoleErrors } from './utils'

const VERIFY = 'Always verify requirements against the official SCDOT documents before acting on them.'
const NOTHING_NEW = 'The broader search found nothing beyond the first answer.'
const GUEST_LIMIT = 'You have used your 3 free guest searches. Create a free account for unlimited searches.'

test.describe('search screen', () => {
  test('a typed question shows the cited answer with every part of the results view', async ({ page }) => {
    const check = failOnConsoleErrors(page)
    await openHome(page)
    const search = page.locator('#search')
    await expect(search.getByRole('heading', { level: 2, name: 'Search SCDOT Specifications' })).toBeVisible()
    await expect(page.getByTestId('tips-card')).toContainText('Search Tips')
    await expect(sendButton(page)).toBeDisabled()
    await expect(page.getByRole('contentinfo')).toContainText('FOR SOUTH CAROLINA INSPECTORS ONLY')
    await expectAccessible(page)

    await questionBox(page).fill('guardrail post spacing')
    await expect(sendButton(page)).toBeEnabled()
    await expect(page.getByTestId('tips-card')).toHaveAttribute('data-active', 'true')
    await expect(page.getByTestId('tips-card').getByRole('heading')).toHaveText('Ready to Search!')

    const answered = waitForApi(page, '/api/search')
    await sendButton(page).click()
    // The analysing screen replaces the form at once (it may be brief), and the footer hides.
    const result = (await (await answered).json()) as ApiResult
    await expect(resultsHeading(page)).toBeVisible()
    await expect(toastEl(page)).toContainText('Search completed')
    await expect(toastEl(page)).toContainText('Found relevant specifications')

    // The figure from the corpus and its citation.
    await expect(page.getByTestId('result-answer')).toContainText('6.25 ft')
    await expect(page.getByTestId('result-query')).toHaveText('guardrail post spacing')
    const citations = page.getByTestId('exact-citations')
    await expect(citations).toContainText('Drawing G501')
    await expect(citations.getByRole('link', { name: 'Open Drawing G501' })).toHaveAttribute('href', '/documents#drawing-g501')
    await expect(page.getByTestId('result-confidence')).toHaveText(CONFIDENCE_LABELS[result.confidence])
    await expect(page.getByTestId('result-engine')).toHaveText(`Answered by: ${result.searchEngine}`)
    // Enhanced only marks a model-written answer.
    await expect(page.getByTestId('enhanced-badge')).toHaveCount(result.engine === 'model' ? 1 : 0)
    await expect(page.getByRole('heading', { level: 3, name: 'Smart Analysis' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 4, name: 'Inspector Tips' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Exact Document Locations' })).toBeVisible()
    await expect(page.getByRole('heading', { level: 3, name: 'Source Documents' })).toBeVisible()
    await expect(page.getByRole('link', { name: /^Fact-Check: Drawing G501/ })).toHaveAttribute('href', '/documents#drawing-g501')
    await expect(page.getByRole('heading', { level: 3, name: 'Suggested Tools' })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Guardrail cheat sheet', exact: true })).toHaveAttribute('href', '/cheat-sheets?sheet=guardrail')
    await expect(page.getByTestId('verify-notice')).toHaveText(VERIFY)
    // Results replace the search area; the footer and the form are hidden.
    await expect(questionBox(page)).toHaveCount(0)
    await expect(page.getByRole('contentinfo')).toBeHidden()
    // Scrolled to the results after 300 ms, with focus on their heading.
    await expect(resultsHeading(page)).toBeFocused()
    await expect(resultsHeading(page)).toBeInViewport()
    await expectAccessible(page)
    check()
  })

  test('Enter submits, Shift+Enter adds a line, and an empty question is refused', async ({ page }) => {
    await openHome(page)
    const box = questionBox(page)
    await box.focus()
    await box.press('Enter')
    await expect(toastEl(page)).toContainText('Input required')
    await expect(toastEl(page)).toContainText('Please enter a question or upload an image')
    await expect(resultsHeading(page)).toHaveCount(0)

    await box.pressSequentially('asphalt compaction')
    await box.press('Shift+Enter')
    await box.pressSequentially('density')
    await expect(box).toHaveValue('asphalt compaction\ndensity')
    await expect(page.getByTestId('search-loading')).toHaveCount(0)
    await expect(resultsHeading(page)).toHaveCount(0)

    const answered = waitForApi(page, '/api/search')
    await box.press('Enter')
    const result = (await (await answered).json()) as ApiResult
    expect(result.query).toBe('asphalt compaction\ndensity')
    await expect(resultsHeading(page)).toBeVisible()
  })

  test('the loading panel shows at once with a message for the question', async ({ page }) => {
    await openHome(page)
    // Hold the answer so the panel can be read.
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/search', async (route) => {
      await held
      await route.continue()
    })
    await questionBox(page).fill('asphalt compaction')
    await sendButton(page).click()
    const loading = page.getByTestId('search-loading')
    await expect(loading).toContainText('Analyzing your query...')
    await expect(loading).toContainText('Searching specifications and documents')
    await expect(loading.getByRole('status').last()).toHaveText('Checking hot-mix asphalt requirements (Section 401, SC-M-400)...')
    await expect(page.getByRole('contentinfo')).toBeHidden()
    // The next message after 3 s.
    await expect(page.getByTestId('loading-message')).not.toHaveText('Checking hot-mix asphalt requirements (Section 401, SC-M-400)...', {
      timeout: 4500,
    })
    release()
    await expect(resultsHeading(page)).toBeVisible()
  })

  test('a spoken question is capitalised, gets its question mark, and searches', async ({ page }) => {
    await stubSpeech(page, { transcript: 'what is the guardrail post spacing', confidence: 0.92 })
    await openHome(page)
    await page.getByRole('button', { name: 'Start voice input' }).click()
    await expect(toastEl(page)).toContainText('Voice input captured')
    await expect(toastEl(page)).toContainText('"What is the guardrail post spacing?" (high confidence)')
    await expect(questionBox(page)).toHaveValue('What is the guardrail post spacing?')
    expect(await page.evaluate(() => (window as unknown as { __speech: unknown }).__speech)).toEqual({
      lang: 'en-US',
      continuous: false,
      interimResults: false,
    })
    await expect(page.getByRole('button', { name: 'Start voice input' })).toBeVisible()

    const answered = waitForApi(page, '/api/search')
    await sendButton(page).click()
    const result = (await (await answered).json()) as ApiResult
    expect(result.query).toBe('What is the guardrail post spacing?')
    await expect(page.getByTestId('result-answer')).toContainText('6.25 ft')
  })

  test('a low-confidence phrase is appended to what was typed', async ({ page }) => {
    await stubSpeech(page, { transcript: 'rail height', confidence: 0.4 })
    await openHome(page)
    await questionBox(page).fill('guardrail')
    await page.getByRole('button', { name: 'Start voice input' }).click()
    await expect(toastEl(page)).toContainText('"Rail height" (low confidence)')
    await expect(questionBox(page)).toHaveValue('guardrail Rail height')
  })

  test('voice errors and browsers without speech recognition get their toasts', async ({ page, context }) => {
    await stubSpeech(page, { error: 'network' })
    await openHome(page)
    await page.getByRole('button', { name: 'Start voice input' }).click()
    await expect(toastEl(page)).toContainText('Voice recognition error')
    await expect(toastEl(page)).toContainText('Please try again or type your question')

    const other = await context.newPage()
    await stubSpeech(other, { unsupported: true })
    await other.goto('/')
    await other.getByRole('button', { name: 'Start voice input' }).click()
    await expect(toastEl(other)).toContainText('Voice not supported')
    await expect(toastEl(other)).toContainText('Voice recognition is not available in this browser. Try Chrome or Safari.')
  })

  test('the suggestions panel appears over 3 characters and appends a reference', async ({ page }) => {
    await openHome(page)
    const panel = page.getByTestId('suggestions-panel')
    await questionBox(page).fill('tac')
    await expect(panel).toHaveCount(0)
    await questionBox(page).fill('tack')
    await expect(panel).toBeVisible()
    await expect(panel.getByRole('button')).toHaveCount(1)
    await panel.getByRole('button', { name: /^Add Section 401 to your question/ }).click()
    await expect(questionBox(page)).toHaveValue('tack Section 401')
    await expect(panel).toHaveCount(0)

    // At most three, shared between the topics of the question.
    await questionBox(page).fill('asphalt and concrete next to the guardrail in a work zone')
    await expect(panel.getByRole('button')).toHaveCount(3)
    await expect(panel.getByRole('button').first()).toContainText('Section 401 Hot-Mix Asphalt Pavement')
  })

  test('a Common Topic fills the box and searches', async ({ page }) => {
    await openHome(page)
    const topics = page.getByRole('region', { name: 'Common Topics' }).getByRole('button')
    await expect(topics).toHaveText([
      'Asphalt Compaction',
      'Concrete Testing',
      'Guard Rail Standards',
      'Drainage Requirements',
      'Signage Placement',
      'Bridge Inspection',
    ])
    const answered = waitForApi(page, '/api/search')
    await page.getByRole('button', { name: 'Guard Rail Standards' }).click()
    const result = (await (await answered).json()) as ApiResult
    expect(result.query).toBe('Guard Rail Standards')
    await expect(page.getByTestId('result-query')).toHaveText('Guard Rail Standards')
  })

  test('Double Check, then Try Again, show what the broader search added; New Search clears', async ({ page }) => {
    await openHome(page)
    await ask(page, 'guardrail post spacing')
    const doubleCheck = page.getByRole('button', { name: 'Double Check' })
    await expect(doubleCheck).toBeVisible()

    const retried = waitForApi(page, '/api/retry-search')
    await doubleCheck.click()
    const retryResponse = await retried
    const sent = retryResponse.request().postDataJSON() as Record<string, unknown>
    expect(sent).toMatchObject({ originalQuery: 'guardrail post spacing', retryAttempt: 0, specBook: 'both', userRole: 'inspector' })
    expect(Array.isArray(sent.originalSources) && sent.originalSources.length > 0).toBe(true)
    const first = (await retryResponse.json()) as ApiResult
    await expect(toastEl(page)).toContainText('Search Retry Complete')
    // The spec's success text, unless the broader search found nothing new (then the toast says so).
    await expect(toastEl(page)).toContainText(
      first.retry!.added === NOTHING_NEW ? NOTHING_NEW : 'Found additional information you might find helpful.',
    )
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(page.getByTestId('retry-added')).toHaveText(`What the broader search added: ${first.retry!.added}`)
    await expect(page.getByTestId('result-answer')).toContainText(first.answer.split('\n')[0]!)

    const again = waitForApi(page, '/api/retry-search')
    await page.getByRole('button', { name: 'Try Again' }).click()
    expect(((await again).request().postDataJSON() as { retryAttempt: number }).retryAttempt).toBe(1)
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()

    await page.getByTestId('search-results').getByRole('link', { name: 'New Search' }).click()
    await expect(resultsHeading(page)).toHaveCount(0)
    await expect(questionBox(page)).toHaveValue('')
    await expect(questionBox(page)).toBeFocused()
    await expect(page.getByRole('contentinfo')).toBeVisible()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
  })

  test('a failed retry says so and keeps the results', async ({ page }) => {
    await openHome(page)
    await ask(page, 'guardrail post spacing')
    await page.route('**/api/retry-search', (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Busy, try later.' }) }),
    )
    await page.getByRole('button', { name: 'Double Check' }).click()
    await expect(toastEl(page)).toContainText('Retry Failed')
    await expect(toastEl(page)).toContainText('Busy, try later.')
    await expect(page.getByRole('button', { name: 'Double Check' })).toBeVisible()
    await expect(page.getByTestId('result-answer')).toContainText('6.25 ft')
  })

  test('a question about another state gets the South Carolina only answer (dark theme)', async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: 'theme', value: 'dark', url: baseURL! }])
    await openHome(page)
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
    await expectAccessible(page)
    const result = await ask(page, 'What is the asphalt density requirement in Georgia?')
    await expect(page.getByTestId('result-answer')).toContainText(/South Carolina[^.]* only/)
    await expect(page.getByTestId('result-confidence')).toHaveText(CONFIDENCE_LABELS[result.confidence])
    await expect(page.getByTestId('verify-notice')).toHaveText(VERIFY)
    await expectAccessible(page)
  })

  test('markup in a question stays text', async ({ page }) => {
    await openHome(page)
    let dialogs = 0
    page.on('dialog', (dialog) => {
      dialogs++
      void dialog.dismiss()
    })
    const question = `<img src=x onerror="alert(1)"> guardrail' OR 1=1; --`
    await ask(page, question)
    await expect(page.getByTestId('result-query')).toHaveText(question)
    expect(dialogs).toBe(0)
  })

  /** The result has its address and focus is on its heading: the page no longer moves under a click. */
  const settled = async (page: Page) => {
    await expect(page).toHaveURL(/\/\?result=[^&]+$/)
    await expect(resultsHeading(page)).toBeFocused()
  }

  test('a suggested cheat sheet and calculator open on the right card', async ({ page }) => {
    await openHome(page)
    await ask(page, 'guardrail post spacing')
    // A result shows at once, then the address catches up ('/?result=<id>', which renders it again from
    // history) and 300 ms later the page scrolls to it and focuses its heading. A click in between can land
    // while the link moves (one CI run saw the click lost and the address stay on the result): wait for both.
    await settled(page)
    await page.getByRole('link', { name: 'Guardrail cheat sheet', exact: true }).click()
    await expect(page).toHaveURL(/\/cheat-sheets\?sheet=guardrail$/)
    await expect(page.locator('[data-sheet-id]')).toHaveAttribute('data-sheet-id', 'guardrail')
    await expect(page.getByRole('heading', { level: 2, name: 'Guardrail' })).toBeVisible()
    expect(await page.evaluate(() => sessionStorage.getItem('targetCheatSheet'))).toBeNull()

    await page.goto('/')
    const result = await ask(page, 'how do I calculate asphalt spread rate')
    expect(result.calculationSuggestions).toContain('asphalt-rate')
    await settled(page)
    await page.getByRole('link', { name: 'Asphalt Application Rate' }).click()
    await expect(page).toHaveURL(/\/field-calculations#asphalt-rate$/)
    await expect(page.locator('#asphalt-rate')).toHaveAttribute('data-selected', 'true')
    await expect(page.locator('#asphalt-rate')).toBeInViewport()
  })

  test("a guest's searches are counted and the fourth is refused", async ({ page }) => {
    await openHome(page, 'guest')
    await expect(page.getByTestId('guest-banner')).toContainText('3 of 3 free searches remaining.')
    await ask(page, 'guardrail post spacing')
    // The guest banner hides while results show; New Search brings it back with the new count.
    await expect(page.getByTestId('guest-banner')).toBeHidden()
    await page.getByTestId('search-results').getByRole('link', { name: 'New Search' }).click()
    await expect(page.getByTestId('guest-banner')).toContainText('2 of 3 free searches remaining.')

    for (const query of ['concrete testing', 'drainage requirements']) {
      const response = await page.request.post('/api/search', { data: { query, specBook: 'both', userRole: 'inspector' } })
      expect(response.status()).toBe(200)
    }
    await questionBox(page).fill('asphalt compaction')
    const refused = waitForApi(page, '/api/search')
    await sendButton(page).click()
    expect((await refused).status()).toBe(403)
    await expect(toastEl(page)).toContainText('Search failed')
    await expect(toastEl(page)).toContainText(GUEST_LIMIT)
    await expect(resultsHeading(page)).toHaveCount(0)
    await expect(questionBox(page)).toHaveValue('asphalt compaction')
  })
})

test.describe('search API', () => {
  test('answers JSON with the §3 fields and refuses bad input with 4xx', async ({ page, playwright, baseURL }) => {
    const anonymous = await playwright.request.newContext({ baseURL })
    const signedOut = await anonymous.post('/api/search', { data: { query: 'guardrail post spacing' } })
    expect(signedOut.status()).toBe(401)
    expect(await signedOut.json()).toEqual({ message: 'Sign in or continue as a guest to search.' })
    await anonymous.dispose()

    await signUpViaApi(page.request)
    const ok = await page.request.post('/api/search', { data: { query: 'guardrail post spacing', specBook: 'both', userRole: 'inspector' } })
    expect(ok.status()).toBe(200)
    const result = (await ok.json()) as Record<string, unknown>
    for (const key of [
      'answer', 'confidence', 'roleSpecificNotes', 'isDiagnostic', 'diagnosticResult', 'fileName', 'exactCitations',
      'cheatSheetSuggestions', 'calculationSuggestions', 'sources', 'searchEngine', 'featureSuggestions', 'engagementText',
      'imageAnalysis', 'query', 'searchId',
    ]) {
      expect(result, key).toHaveProperty(key)
    }

    for (const [body, message] of [
      [{ query: '' }, 'Please enter a question or upload an image'],
      [{ query: '   ' }, 'Please enter a question or upload an image'],
      [{}, 'Please enter a question or upload an image'],
      [{ query: 'x'.repeat(1001) }, 'Questions are limited to 1000 characters'],
    ] as const) {
      const response = await page.request.post('/api/search', { data: body })
      expect(response.status(), JSON.stringify(body).slice(0, 40)).toBe(400)
      expect(await response.json()).toEqual({ message })
    }
    const notJson = await page.request.post('/api/search', { data: 'query=x', headers: { 'content-type': 'text/plain' } })
    expect(notJson.status()).toBe(415)
    const crossSite = await page.request.post('/api/search', { data: { query: 'x' }, headers: { origin: 'https://evil.example' } })
    expect(crossSite.status()).toBe(403)

    const retry = await page.request.post('/api/retry-search', {
      data: { originalQuery: 'guardrail post spacing', originalAnswer: String(result.answer), originalSources: result.sources, retryAttempt: 0 },
    })
    expect(retry.status()).toBe(200)
    const retried = (await retry.json()) as ApiResult
    expect(retried.retry?.added).toBeTruthy()
    expect(retried.answer).not.toBe(result.answer)
    const emptyRetry = await page.request.post('/api/retry-search', { data: { originalQuery: '' } })
    expect(emptyRetry.status()).toBe(400)
  })

  test("a guest's retry of a free-text question (no stored search) counts like a search", async ({ page }) => {
    await startGuestViaApi(page.request)
    const first = await page.request.post('/api/search', { data: { query: 'guardrail post spacing' } })
    const body = (await first.json()) as ApiResult
    for (let i = 0; i < 2; i++) {
      const retry = await page.request.post('/api/retry-search', { data: { originalQuery: body.query, originalAnswer: body.answer, originalSources: body.sources } })
      expect(retry.status()).toBe(200)
    }
    const fourth = await page.request.post('/api/retry-search', { data: { originalQuery: body.query } })
    expect(fourth.status()).toBe(403)
    expect(await fourth.json()).toEqual({ message: GUEST_LIMIT })
  })
})

test.describe('search without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the form posts to the home action and the server renders the results', async ({ page, browser }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/')
    await expect(page.getByRole('button', { name: 'Start voice input' })).toHaveCount(0)
    const question = `guardrail post spacing ${randomUUID().slice(0, 4)}`
    await questionBox(page).fill(question)
    await sendButton(page).click()
    // Post, then redirect to the result's address (docs/decisions/016).
    await expect(page).toHaveURL(/\/\?result=[\w-]+$/)
    await expect(resultsHeading(page)).toBeVisible()
    await expect(page.getByTestId('result-query')).toHaveText(question)
    await expect(page.getByTestId('result-answer')).toContainText('6.25 ft')
    await expect(page.getByTestId('exact-citations')).toContainText('Drawing G501')
    await expect(page.getByTestId('verify-notice')).toHaveText(VERIFY)
    await expect(page.getByRole('contentinfo')).toBeHidden()
    await expectAccessibleWithoutJs(browser, page)

    // Double Check is a form too.
    await page.getByRole('button', { name: 'Double Check' }).click()
    await expect(page.getByRole('button', { name: 'Try Again' })).toBeVisible()
    await expect(page.getByTestId('retry-added')).toContainText('What the broader search added:')

    // New Search is a plain link home.
    await page.getByTestId('search-results').getByRole('link', { name: 'New Search' }).click()
    await expect(page).toHaveURL(/\/$/)
    await expect(questionBox(page)).toHaveValue('')

    // The search and its double check are both in the history (the double check is recorded, not counted).
    await page.goto('/history')
    await expect(page.getByRole('link', { name: `Open ${question}` })).toHaveCount(2)
  })

  test('an empty question and a Common Topic are handled on the server', async ({ page }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/')
    await sendButton(page).click()
    await expect(page.getByRole('alert')).toHaveText('Input required: Please enter a question or upload an image')
    await page.getByRole('button', { name: 'Concrete Testing' }).click()
    await expect(resultsHeading(page)).toBeVisible()
    await expect(page.getByTestId('result-query')).toHaveText('Concrete Testing')
  })
})
