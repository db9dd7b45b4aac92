import { defineConfig, devices } from '@playwright/test'
import { chromiumLaunchOptions } from './tests/helpers/chromium'

const PORT = Number(process.env.E2E_PORT ?? 4173)
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data'
// Local stand-ins for the third-party services (news feeds, place search, weather): tests/helpers/fake-services.ts.
const FAKE_PORT = Number(process.env.E2E_FAKE_PORT ?? PORT + 1)
const FAKE_URL = `http://127.0.0.1:${FAKE_PORT}`
// The app reads these fake feeds (tests/helpers/fake-feeds.ts); no e2e test reaches a real feed.
const E2E_NEWS_FEEDS = [
  { id: 'fake-rss', name: 'Fake Safety News', url: `${FAKE_URL}/feeds/rss.xml`, category: 'osha', source: 'Fake Safety News' },
  { id: 'fake-atom', name: 'Fake Department News', url: `${FAKE_URL}/feeds/atom.xml`, category: 'construction', source: 'Fake Department' },
]

// Debian's Chromium, off the network and without the browser UI no test sees (tests/helpers/chromium.ts).
const chromium = chromiumLaunchOptions

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  // On CI the end-to-end tests share the two cores with the integration tests (scripts/test.sh,
  // docs/decisions/013): the heaviest tests (axe on pages rendered without JavaScript, twice) get the time.
  timeout: process.env.CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace is recorded only when a test runs again after a failure (CI retries once): recording one for
    // every test (screenshots and DOM snapshots at each step) cost about a sixth of the suite's CPU.
    trace: 'on-first-retry',
    launchOptions: chromium,
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium }, testIgnore: /mobile\.spec\.ts/ },
    {
      // A phone at the size the field reports use (390 x 844, touch): Pixel 7's Chrome with that viewport.
      name: 'mobile',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, launchOptions: chromium },
      testMatch: /mobile\.spec\.ts/,
    },
  ],
  webServer: [
    {
      command: 'npx tsx tests/helpers/fake-services.ts',
      url: `${FAKE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      env: { E2E_FAKE_PORT: String(FAKE_PORT) },
    },
    {
      // A data directory of its own, never the development one; emptied before each run.
      command: `rm -rf ${DATA_DIR} && node server.mjs`,
      url: `http://127.0.0.1:${PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        SESSION_SECRET: 'e2e-secret-not-for-production',
        INSECURE_COOKIES: '1',
        // Tests send X-Forwarded-For (see tests/e2e/fixtures.ts) so each has its own client address.
        TRUST_PROXY: '1',
        RATE_LIMIT_SIGNUP_PER_IP: '1000',
        RATE_LIMIT_GUEST_PER_IP: '1000',
        // The first administrator is made by signing up with this address (see README).
        ADMIN_EMAILS: 'admin@example.test',
        BUILD_DIR: process.env.BUILD_DIR ?? 'build',
        // News comes only from the fake feeds, and only when a test presses Refresh News (no schedule),
        // so the list starts empty.
        NEWS_FETCH: 'off',
        NEWS_FEEDS_JSON: JSON.stringify(E2E_NEWS_FEEDS),
        NEWS_FEED_TIMEOUT_MS: '5000',
        RATE_LIMIT_NEWS_REFRESH_PER_IP: '1000',
        GEOCODER_URL: `${FAKE_URL}/geo`,
        WEATHER_URL: `${FAKE_URL}/weather`,
      },
    },
  ],
})
