import { describe, expect, it } from 'vitest'
import { INSTALL_STEPS, detectDevice, installStepsFor, isMobileDevice, isStandalone } from './device'

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'
const IPAD_DESKTOP_MODE = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15'
const PIXEL = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36'
const WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

describe('device detection', () => {
  it('tells iOS, Android and desktop apart', () => {
    expect(detectDevice({ userAgent: IPHONE })).toBe('ios')
    expect(detectDevice({ userAgent: PIXEL })).toBe('android')
    expect(detectDevice({ userAgent: WINDOWS })).toBe('desktop')
  })

  it('recognises an iPad that reports a Mac user agent by its touch points', () => {
    expect(detectDevice({ userAgent: IPAD_DESKTOP_MODE, maxTouchPoints: 5 })).toBe('ios')
    expect(detectDevice({ userAgent: IPAD_DESKTOP_MODE, maxTouchPoints: 0 })).toBe('desktop')
  })

  it('counts phones and tablets as mobile', () => {
    expect(isMobileDevice({ userAgent: IPHONE })).toBe(true)
    expect(isMobileDevice({ userAgent: PIXEL })).toBe(true)
    expect(isMobileDevice({ userAgent: WINDOWS })).toBe(false)
  })
})

describe('standalone mode', () => {
  it('is on for the standalone display mode or iOS navigator.standalone', () => {
    expect(isStandalone({ displayModeStandalone: true })).toBe(true)
    expect(isStandalone({ displayModeStandalone: false, navigatorStandalone: true })).toBe(true)
    expect(isStandalone({ displayModeStandalone: false, navigatorStandalone: false })).toBe(false)
    expect(isStandalone({ displayModeStandalone: false })).toBe(false)
  })
})

describe('manual install steps', () => {
  it('has one to three steps per device', () => {
    for (const steps of Object.values(INSTALL_STEPS)) {
      expect(steps.length).toBeGreaterThanOrEqual(1)
      expect(steps.length).toBeLessThanOrEqual(3)
    }
  })

  it("tells iOS users to Share, then 'Add to Home Screen'", () => {
    const [first, second] = installStepsFor('ios')
    expect(first?.title).toMatch(/Share/)
    expect(second?.title).toContain("'Add to Home Screen'")
  })

  it("tells Android users to open the menu, then 'Install app'", () => {
    const [first, second] = installStepsFor('android')
    expect(first?.title).toMatch(/menu/i)
    expect(second?.title).toContain("'Install app'")
  })

  it('points desktop users at the address-bar icon or the menu', () => {
    expect(installStepsFor('desktop')[0]?.body).toMatch(/address bar/)
    expect(installStepsFor('desktop')[0]?.body).toMatch(/menu/)
  })
})
