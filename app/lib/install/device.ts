/**
 * Device detection for the install flow: which manual steps to show, and whether the device counts as
 * mobile (a mobile device is installable even without the browser's install event, product-spec §4).
 */
export type InstallDevice = 'ios' | 'android' | 'desktop'

export interface DeviceHints {
  userAgent: string
  /** navigator.maxTouchPoints: iPadOS Safari reports a Mac user agent, but with touch. */
  maxTouchPoints?: number
}

export function detectDevice({ userAgent, maxTouchPoints = 0 }: DeviceHints): InstallDevice {
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios'
  if (/Macintosh/i.test(userAgent) && maxTouchPoints > 1) return 'ios'
  if (/Android/i.test(userAgent)) return 'android'
  return 'desktop'
}

export function isMobileDevice(hints: DeviceHints): boolean {
  return detectDevice(hints) !== 'desktop'
}

export interface StandaloneHints {
  /** matchMedia('(display-mode: standalone)').matches */
  displayModeStandalone: boolean
  /** iOS Safari's navigator.standalone */
  navigatorStandalone?: boolean
}

/** Running as the installed app: there is nothing to install. */
export function isStandalone({ displayModeStandalone, navigatorStandalone }: StandaloneHints): boolean {
  return displayModeStandalone || navigatorStandalone === true
}

export interface InstallStep {
  title: string
  body: string
}

/** The manual steps, one to three per device type. */
export const INSTALL_STEPS: Record<InstallDevice, readonly InstallStep[]> = {
  ios: [
    { title: 'Tap the Share button', body: "In Safari, tap the Share button (the square with an arrow pointing up) in the toolbar." },
    { title: "Choose 'Add to Home Screen'", body: "Scroll down the share sheet and tap 'Add to Home Screen'." },
    { title: "Tap 'Add'", body: 'Confirm the name and tap Add. The app icon appears on your home screen.' },
  ],
  android: [
    { title: 'Open the browser menu', body: 'In Chrome, tap the menu button (three dots) at the top right.' },
    { title: "Choose 'Install app'", body: "Tap 'Install app' (on some phones it reads 'Add to Home screen')." },
    { title: 'Confirm', body: 'Tap Install. The app opens from your home screen or app drawer.' },
  ],
  desktop: [
    {
      title: 'Find the install option',
      body: "Click the install icon at the right of the address bar, or open the browser menu and choose 'Install app'.",
    },
    { title: 'Confirm', body: 'Click Install. The app opens in its own window and can be pinned to your taskbar or dock.' },
  ],
}

export function installStepsFor(device: InstallDevice): readonly InstallStep[] {
  return INSTALL_STEPS[device]
}
