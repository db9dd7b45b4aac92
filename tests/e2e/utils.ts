import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type Page } from '@playwright/test'

/**
 * Lets finite CSS animations and transitions end first: axe measures colours as painted, and a card in
 * the middle of a fade-in (the dashboard's quick access appears at 2.8 s) reads as low contrast.
 * Infinite ones (the loader's pulse) are left running.
 */
async function settleAnimations(page: Page) {
  await page
    .evaluate(async () => {
      const finite = document.getAnimations().filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
      await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 5000))])
    })
    .catch(() => undefined)
}

async function severeViolations(page: Page) {
  await settleAnimations(page)
  const results = await new AxeBuilder({ page }).analyze()
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Axe on the current page: no serious or critical violations. */
export async function expectAccessible(page: Page) {
  expect(await severeViolations(page)).toEqual([])
}

/**
 * Axe needs script to run, so for a page rendered with JavaScript off it checks the same markup in a
 * second, script-enabled page that receives that HTML with the app's scripts removed (nothing hydrates,
 * so what axe sees is what a no-JavaScript visitor gets).
 */
export async function expectAccessibleWithoutJs(browser: Browser, noJsPage: Page) {
  const html = (await noJsPage.content()).replace(/<script\b[\s\S]*?<\/script>/gi, '')
  const url = noJsPage.url()
  // Test options (javaScriptEnabled: false) are inherited by new contexts unless overridden.
  const context = await browser.newContext({ javaScriptEnabled: true })
  try {
    const page = await context.newPage()
    await page.route(url, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: html }))
    await page.goto(url)
    expect(await severeViolations(page)).toEqual([])
  } finally {
    await context.close()
  }
}

/** Fails the test on any console error or uncaught page error. */
export function failOnConsoleErrors(page: Page, allow: RegExp[] = []) {
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() === 'error' && !allow.some((re) => re.test(message.text()))) errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(error.message))
  return () => expect(errors).toEqual([])
}
