import type { Page, Response } from '@playwright/test'
import { expect, onboardViaApi, signUpViaApi, startGuestViaApi } from './fixtures'

/** The search result as the API answers it (the fields the tests read). */
export interface ApiResult {
  query: string
  answer: string
  confidence: 'high' | 'medium' | 'low' | 'unknown'
  searchEngine: string
  engine: string
  exactCitations: { reference: string; url: string }[]
  cheatSheetSuggestions: string[]
  calculationSuggestions: string[]
  sources: { title: string; url: string }[]
  retry?: { attempt: number; added: string }
  searchId?: string
}

export const CONFIDENCE_LABELS = {
  high: 'High confidence',
  medium: 'Medium confidence',
  low: 'Low confidence',
  unknown: 'Unknown confidence',
} as const

export const questionBox = (page: Page) => page.getByRole('textbox', { name: 'Your question' })
export const sendButton = (page: Page) => page.getByRole('button', { name: 'Search', exact: true })
export const toastEl = (page: Page) => page.getByTestId('toast')
export const resultsHeading = (page: Page) => page.getByRole('heading', { level: 2, name: 'Search Results' })

/** Signs a member (or a guest) up through the API, clears the notices, and opens home once hydrated. */
export async function openHome(page: Page, who: 'member' | 'guest' = 'member') {
  if (who === 'member') await signUpViaApi(page.request)
  else await startGuestViaApi(page.request)
  await onboardViaApi(page.request)
  await page.goto('/')
  await homeHydrated(page)
}

/** Waits until home has hydrated: its microphone button renders only then. */
export async function homeHydrated(page: Page) {
  await expect(page.getByRole('button', { name: 'Start voice input' })).toBeVisible()
}

export function waitForApi(page: Page, path: '/api/search' | '/api/retry-search'): Promise<Response> {
  return page.waitForResponse((response) => new URL(response.url()).pathname === path && response.request().method() === 'POST')
}

/** Types a question, sends it, and returns the API's answer once the results show. */
export async function ask(page: Page, question: string, how: 'click' | 'enter' = 'click'): Promise<ApiResult> {
  await questionBox(page).fill(question)
  const answered = waitForApi(page, '/api/search')
  if (how === 'click') await sendButton(page).click()
  else await questionBox(page).press('Enter')
  const response = await answered
  expect(response.status(), await response.text()).toBe(200)
  await expect(resultsHeading(page)).toBeVisible()
  const result = (await response.json()) as ApiResult
  // The result shows at once and its address follows within the same moment, loading nothing
  // (app/lib/quiet-navigation.ts); tests that go on from the address wait for it.
  if (result.searchId) await expect(page).toHaveURL(new RegExp(`[?&]result=${result.searchId}(&|$)`))
  return result
}

/** A weak signal: every page-data request (the loaders' `.data` fetches) waits `ms` before it goes out. */
export async function holdPageData(page: Page, ms: number) {
  await page.route(
    (url) => url.pathname.endsWith('.data'),
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, ms))
      await route.continue().catch(() => {})
    },
  )
}

/** A fake Web Speech API: start() answers with `transcript` at `confidence` (or fails with `error`). */
export async function stubSpeech(page: Page, options: { transcript?: string; confidence?: number; error?: string; unsupported?: boolean }) {
  await page.addInitScript((opts) => {
    const w = window as unknown as Record<string, unknown>
    if (opts.unsupported) {
      w.SpeechRecognition = undefined
      w.webkitSpeechRecognition = undefined
      return
    }
    class FakeRecognition {
      lang = ''
      continuous = true
      interimResults = true
      maxAlternatives = 5
      onresult: ((event: unknown) => void) | null = null
      onerror: ((event: unknown) => void) | null = null
      onend: (() => void) | null = null
      start() {
        ;(window as unknown as { __speech: unknown }).__speech = {
          lang: this.lang,
          continuous: this.continuous,
          interimResults: this.interimResults,
        }
        setTimeout(() => {
          if (opts.error) this.onerror?.({ error: opts.error })
          else this.onresult?.({ resultIndex: 0, results: [[{ transcript: opts.transcript ?? '', confidence: opts.confidence ?? 0.9 }]] })
          this.onend?.()
        }, 150)
      }
      stop() {}
      abort() {}
    }
    w.SpeechRecognition = undefined
    w.webkitSpeechRecognition = FakeRecognition
  }, options)
}
