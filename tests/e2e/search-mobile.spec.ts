import { expect, test } from './fixtures'
import { ask, openHome, questionBox, resultsHeading, sendButton, stubSpeech, toastEl, waitForApi, type ApiResult } from './search-helpers'
import { expectAccessible } from './utils'

/** The search screen on a phone (the 'mobile' project runs files named *mobile.spec.ts). */
test.describe('search on a phone', () => {
  test('a typed question: results fit the screen and the tap targets are large enough', async ({ page }) => {
    await openHome(page)
    for (const button of [sendButton(page), page.getByRole('button', { name: 'Start voice input' })]) {
      const box = (await button.boundingBox())!
      expect(box.width).toBeGreaterThanOrEqual(44)
      expect(box.height).toBeGreaterThanOrEqual(44)
    }
    await ask(page, 'guardrail post spacing')
    await expect(page.getByTestId('result-answer')).toContainText('6.25 ft')
    await expect(resultsHeading(page)).toBeInViewport()
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
    await expectAccessible(page)
  })

  test('a spoken question, tapped', async ({ page }) => {
    await stubSpeech(page, { transcript: 'how far apart are guardrail posts', confidence: 0.7 })
    await openHome(page)
    await page.getByRole('button', { name: 'Start voice input' }).tap()
    await expect(toastEl(page)).toContainText('"How far apart are guardrail posts?" (medium confidence)')
    await expect(questionBox(page)).toHaveValue('How far apart are guardrail posts?')
    const answered = waitForApi(page, '/api/search')
    await sendButton(page).tap()
    expect(((await (await answered).json()) as ApiResult).query).toBe('How far apart are guardrail posts?')
    await expect(resultsHeading(page)).toBeVisible()
  })
})
