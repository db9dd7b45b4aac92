/**
 * How every test launches Chromium: Debian's /usr/bin/chromium (the test tool cannot download its own
 * browser here), kept off the network, and without the browser UI a headless test never sees
 * (docs/decisions/013).
 *
 * Headless Chromium 156 builds a real browser window for every context, and each window loads two WebUI
 * pages for its address bar's suggestion popup (chrome://omnibox-popup.top-chrome/ and its AI-mode twin) in
 * a renderer process of their own. No test types into an address bar, yet turning them off (the three
 * WebUIOmnibox* features) cut the browser's CPU in the end-to-end tests by about a third.
 *
 * Chromium keeps only the last --disable-features switch, and Playwright passes its own list first
 * (chromiumSwitches.ts in playwright-core), so ours must repeat Playwright's: its list keeps HTTP on HTTP and
 * keeps the browser from calling Google at start. The list below is that of the pinned @playwright/test
 * (PLAYWRIGHT_VERSION); a different installed version stops the tests until the list is checked again.
 */
import fs from 'node:fs'
import { createRequire } from 'node:module'

const PLAYWRIGHT_VERSION = '1.65.1'

/** playwright-core 1.65.1, src/server/chromium/chromiumSwitches.ts: disabledFeatures (Edge-only ones left out). */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
]

/** The address bar's WebUI suggestion popups, loaded for every window (one per browser context). */
const BROWSER_UI_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup']

function installedPlaywrightVersion(): string {
  const require = createRequire(import.meta.url)
  const manifest = JSON.parse(fs.readFileSync(require.resolve('@playwright/test/package.json'), 'utf8')) as { version: string }
  return manifest.version
}

const installed = installedPlaywrightVersion()
if (installed !== PLAYWRIGHT_VERSION) {
  throw new Error(
    `@playwright/test ${installed} is installed, but tests/helpers/chromium.ts repeats the --disable-features list of ` +
      `${PLAYWRIGHT_VERSION}: copy the new list from playwright-core's chromiumSwitches.ts, then set PLAYWRIGHT_VERSION.`,
  )
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES].join(',')}`,
]

/** Options for `chromium.launch` (and the config's `launchOptions`). */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: CHROMIUM_ARGS,
}
