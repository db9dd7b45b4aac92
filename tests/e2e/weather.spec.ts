import type { Page, Request } from '@playwright/test'
import { weatherLabel } from '../../app/lib/weather/labels'
import { fakeForecast } from '../helpers/fake-geo'
import { expect, onboardViaApi, signUpViaApi, startGuestViaApi, test } from './fixtures'
import { expectAccessible, failOnConsoleErrors } from './utils'

/**
 * The weather card on home (product-spec §2, §4 'Weather', §5 'City search', §9): the app server asks
 * the local fake place and forecast services (tests/helpers/fake-geo.ts, mounted by
 * tests/helpers/fake-services.ts), whose weather for a point is `fakeForecast`.
 */

const GREENVILLE = { lat: 34.8526, lon: -82.394 }

/** Requests of the page to one of our weather routes. */
function watch(page: Page, path: '/api/weather/places' | '/api/weather/forecast') {
  const seen: Request[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === path) seen.push(request)
  })
  return seen
}

const card = (page: Page) => page.getByTestId('weather-card')
const cityBox = (page: Page) => page.getByRole('combobox', { name: 'City in South Carolina' })
const savedKeys = (page: Page) => page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('weather-snapshot:')))

async function memberHome(page: Page) {
  await signUpViaApi(page.request)
  await onboardViaApi(page.request)
  await page.goto('/')
  await expect(card(page).getByRole('button', { name: 'Add weather' })).toBeVisible()
}

async function chooseGreenville(page: Page) {
  await card(page).getByRole('button', { name: 'Add weather' }).click()
  await expect(cityBox(page)).toBeFocused()
  await cityBox(page).pressSequentially('Green', { delay: 40 })
  await expect(page.getByRole('option')).toHaveCount(6)
  await page.getByRole('option', { name: 'Greenville, SC', exact: true }).click()
}

async function addGreenville(page: Page) {
  await chooseGreenville(page)
  await expect(card(page).getByTestId('weather-location')).toHaveText('Greenville, SC')
}

test.describe('weather card', () => {
  test('a member adds a city by typing and choosing with the keyboard, and sees the weather', async ({ page }) => {
    const expectNoErrors = failOnConsoleErrors(page)
    const placeRequests = watch(page, '/api/weather/places')
    const forecastRequests = watch(page, '/api/weather/forecast')
    await memberHome(page)
    await card(page).getByRole('button', { name: 'Add weather' }).click()
    const box = cityBox(page)
    await expect(box).toBeFocused()
    await expect(box).toHaveAttribute('aria-expanded', 'false')

    // One letter: nothing is searched (§5).
    await box.pressSequentially('G')
    await page.waitForTimeout(600)
    expect(placeRequests).toHaveLength(0)

    // Typed quickly, the rest of the word makes one request after the 300 ms pause (§9).
    await box.pressSequentially('reen', { delay: 60 })
    const options = page.getByRole('option')
    await expect(options).toHaveText(['Green Pond, SC', 'Green Sea, SC', 'Greenville, SC', 'Greenville County, SC', 'Greenwood, SC', 'Greer, SC'])
    // Fewer requests than keystrokes (a slow machine may space two keys over 300 ms), the last for 'Green'.
    const asked = placeRequests.map((r) => new URL(r.url()).searchParams.get('q'))
    expect(asked.length).toBeLessThan(4)
    expect(asked.at(-1)).toBe('Green')
    await expect(box).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('status').filter({ hasText: '6 cities found' })).toBeVisible()
    await expectAccessible(page)

    // Arrow keys move the active option (aria-activedescendant), Enter picks it.
    await box.press('ArrowDown')
    await box.press('ArrowDown')
    await box.press('ArrowDown')
    const active = page.getByRole('option', { name: 'Greenville, SC', exact: true })
    await expect(active).toHaveAttribute('aria-selected', 'true')
    await expect(box).toHaveAttribute('aria-activedescendant', (await active.getAttribute('id'))!)
    await box.press('Enter')

    const expected = fakeForecast(GREENVILLE.lat, GREENVILLE.lon)
    await expect(card(page).getByTestId('weather-location')).toHaveText('Greenville, SC')
    await expect(card(page).getByTestId('weather-temperature')).toHaveText(`${Math.round(expected.temperature)}°F`)
    await expect(card(page).getByTestId('weather-label')).toHaveText(weatherLabel(expected.weatherCode))
    await expect(card(page).getByTestId('weather-range')).toHaveText(`High ${Math.round(expected.high)}°F · Low ${Math.round(expected.low)}°F`)
    await expect(card(page).getByTestId('weather-rain')).toHaveText(`${expected.rain}%`)
    await expect(card(page).getByTestId('weather-wind')).toHaveText(`${Math.round(expected.windSpeed)} mph`)
    await expect(card(page).getByTestId('weather-humidity')).toHaveText(`${expected.humidity}%`)
    expect(forecastRequests.map((r) => Object.fromEntries(new URL(r.url()).searchParams))).toEqual([{ lat: String(GREENVILLE.lat), lon: String(GREENVILLE.lon) }])
    await expectAccessible(page)

    // The snapshot of §3 is saved for this member.
    const [key] = await savedKeys(page)
    const saved = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key!))!)
    expect(saved).toEqual({
      weather: {
        temperature: Math.round(expected.temperature),
        weatherCode: expected.weatherCode,
        windSpeed: Math.round(expected.windSpeed),
        humidity: expected.humidity,
        dailyHigh: Math.round(expected.high),
        dailyLow: Math.round(expected.low),
        rainChance: expected.rain,
        location: 'Greenville, SC',
      },
      coordinates: GREENVILLE,
      timestamp: expect.any(Number),
    })

    // A reload within 10 minutes shows the saved weather without asking again.
    await page.reload()
    await expect(card(page).getByTestId('weather-label')).toHaveText(weatherLabel(expected.weatherCode))
    await page.waitForTimeout(500)
    expect(forecastRequests).toHaveLength(1)

    // 'Change' clears it and asks for a city again.
    await card(page).getByRole('button', { name: 'Change' }).click()
    await expect(cityBox(page)).toBeFocused()
    await expect(card(page).getByTestId('weather-details')).toHaveCount(0)
    expect(await savedKeys(page)).toEqual([])
    await cityBox(page).press('Escape')
    await expect(card(page).getByRole('button', { name: 'Add weather' })).toBeFocused()
    expectNoErrors()
  })

  test('an old snapshot with coordinates is refreshed on load and by the 60 s check; a corrupt one is removed', async ({ page }) => {
    const expectNoErrors = failOnConsoleErrors(page)
    await page.clock.install()
    await memberHome(page)
    await addGreenville(page)
    const [key] = await savedKeys(page)
    const forecastRequests = watch(page, '/api/weather/forecast')

    // Eleven minutes later the 60 s check sees it stale and fetches again.
    const before = JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key!))!).timestamp as number
    await page.clock.fastForward('11:00')
    await expect.poll(() => forecastRequests.length).toBe(1)
    await expect
      .poll(async () => JSON.parse((await page.evaluate((k) => localStorage.getItem(k), key!))!).timestamp as number)
      .toBeGreaterThan(before + 10 * 60_000)

    // Saved an hour ago: refreshed as the page loads.
    await page.evaluate((k) => {
      const value = JSON.parse(localStorage.getItem(k)!)
      localStorage.setItem(k, JSON.stringify({ ...value, timestamp: Date.now() - 3_600_000 }))
    }, key!)
    await page.reload()
    await expect.poll(() => forecastRequests.length).toBe(2)
    await expect(card(page).getByTestId('weather-location')).toHaveText('Greenville, SC')

    // Old without coordinates: discarded. Corrupt: removed.
    await page.evaluate((k) => {
      const value = JSON.parse(localStorage.getItem(k)!)
      localStorage.setItem(k, JSON.stringify({ ...value, coordinates: null, timestamp: Date.now() - 3_600_000 }))
    }, key!)
    await page.reload()
    await expect(card(page).getByRole('button', { name: 'Add weather' })).toBeVisible()
    expect(await savedKeys(page)).toEqual([])
    await page.evaluate((k) => localStorage.setItem(k, '{"weather": broken'), key!)
    await page.reload()
    await expect(card(page).getByRole('button', { name: 'Add weather' })).toBeVisible()
    expect(await savedKeys(page)).toEqual([])
    expect(forecastRequests).toHaveLength(2)
    expectNoErrors()
  })

  test.describe('with failing services', () => {
    // Requests the service worker answers are not seen by page.route.
    test.use({ serviceWorkers: 'block' })

    test('a forecast failure is only logged and loading ends; a city-search failure empties the list', async ({ page }) => {
      // Chromium itself reports the failed responses as console errors; the app logs warnings only.
      const expectNoErrors = failOnConsoleErrors(page, [/status of 50[24]/])
      const warnings: string[] = []
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text())
      })
      await memberHome(page)
      await page.route((url) => url.pathname === '/api/weather/forecast', (route) => route.fulfill({ status: 502, json: { message: 'Weather data unavailable' } }))
      await chooseGreenville(page)
      await expect(card(page).getByRole('button', { name: 'Add weather' })).toBeVisible()
      await expect(card(page).getByTestId('weather-details')).toHaveCount(0)
      expect(warnings.some((w) => w.startsWith('Weather data unavailable'))).toBe(true)
      await expect(page.getByRole('alert')).toHaveCount(0)

      await page.route((url) => url.pathname === '/api/weather/places', (route) => route.fulfill({ status: 504, json: { message: 'City search took too long. Please try again.' } }))
      await card(page).getByRole('button', { name: 'Add weather' }).click()
      await cityBox(page).fill('Aiken')
      await expect(page.getByRole('status').filter({ hasText: 'No South Carolina cities found.' })).toBeVisible()
      await expect(page.getByRole('option')).toHaveCount(0)
      expect(warnings.some((w) => w.startsWith('City search failed'))).toBe(true)
      expectNoErrors()
    })
  })

  test('guests and signed-out visitors get no weather card, and the API refuses them', async ({ page }) => {
    expect((await page.request.get('/api/weather/places?q=Aiken')).status()).toBe(401)
    await startGuestViaApi(page.request)
    expect((await page.request.get('/api/weather/places?q=Aiken')).status()).toBe(403)
    expect((await page.request.get('/api/weather/forecast?lat=34&lon=-81')).status()).toBe(403)
    await page.goto('/')
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    await expect(card(page)).toHaveCount(0)
  })
})

test.describe('weather card without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('says weather needs JavaScript', async ({ page }) => {
    await signUpViaApi(page.request)
    await onboardViaApi(page.request)
    await page.goto('/')
    await expect(card(page)).toContainText('Local weather needs JavaScript')
    await expect(card(page).getByRole('button', { name: 'Add weather' })).toHaveCount(0)
  })
})
