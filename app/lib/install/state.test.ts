import { describe, expect, it } from 'vitest'
import { afterPrompt, installAction, installStatus, isLastStep, nextStep, previousStep, shouldShowBanner, type InstallInputs } from './state'

const base: InstallInputs = { standalone: false, completed: false, declined: false, hasPromptEvent: false, mobile: false }

describe('install status', () => {
  it('is not installable on a desktop browser without an install event', () => {
    expect(installStatus(base)).toBe('not-installable')
  })

  it('becomes installable with a captured install event or on a mobile device', () => {
    expect(installStatus({ ...base, hasPromptEvent: true })).toBe('installable')
    expect(installStatus({ ...base, mobile: true })).toBe('installable')
  })

  it('lets the stored flags win over an install event', () => {
    expect(installStatus({ ...base, hasPromptEvent: true, declined: true })).toBe('declined')
    expect(installStatus({ ...base, hasPromptEvent: true, completed: true })).toBe('completed')
    expect(installStatus({ ...base, completed: true, declined: true })).toBe('completed')
  })

  it('is off in standalone mode whatever else holds', () => {
    expect(installStatus({ standalone: true, completed: false, declined: true, hasPromptEvent: true, mobile: true })).toBe('standalone')
  })
})

describe('banner visibility', () => {
  const shown = { pathname: '/', status: 'installable' as const, dismissedForPage: false, delayElapsed: true }

  it('shows on home, news and trends once the delay has passed', () => {
    expect(shouldShowBanner(shown)).toBe(true)
    expect(shouldShowBanner({ ...shown, pathname: '/news' })).toBe(true)
    expect(shouldShowBanner({ ...shown, pathname: '/trends' })).toBe(true)
    expect(shouldShowBanner({ ...shown, status: 'not-installable' })).toBe(true)
  })

  it('waits for the delay', () => {
    expect(shouldShowBanner({ ...shown, delayElapsed: false })).toBe(false)
  })

  it('never shows on other pages', () => {
    expect(shouldShowBanner({ ...shown, pathname: '/documents' })).toBe(false)
  })

  it('stays away when dismissed for the page, declined, completed or installed', () => {
    expect(shouldShowBanner({ ...shown, dismissedForPage: true })).toBe(false)
    expect(shouldShowBanner({ ...shown, status: 'declined' })).toBe(false)
    expect(shouldShowBanner({ ...shown, status: 'completed' })).toBe(false)
    expect(shouldShowBanner({ ...shown, status: 'standalone' })).toBe(false)
  })
})

describe('install action', () => {
  it('uses the browser prompt when one is held, else the manual steps', () => {
    expect(installAction('installable', true)).toBe('prompt')
    expect(installAction('installable', false)).toBe('manual-steps')
    expect(installAction('not-installable', false)).toBe('manual-steps')
    // Asked for from the menu, the flags do not block a deliberate request.
    expect(installAction('declined', true)).toBe('prompt')
  })

  it('does nothing when already running as the app', () => {
    expect(installAction('standalone', true)).toBe('nothing')
  })
})

describe('after the browser prompt', () => {
  it('stores completed and toasts on acceptance', () => {
    expect(afterPrompt('accepted')).toEqual({ store: 'completed', fallBackToSteps: false, toast: 'App Installed!' })
  })

  it('stores declined on dismissal', () => {
    expect(afterPrompt('dismissed')).toEqual({ store: 'declined', fallBackToSteps: false, toast: null })
  })

  it('falls back to the manual steps when the prompt fails', () => {
    expect(afterPrompt('failed')).toEqual({ store: null, fallBackToSteps: true, toast: null })
  })
})

describe('step moves', () => {
  it('stays within the steps', () => {
    expect(nextStep(0, 3)).toBe(1)
    expect(nextStep(2, 3)).toBe(2)
    expect(nextStep(0, 1)).toBe(0)
    expect(previousStep(1)).toBe(0)
    expect(previousStep(0)).toBe(0)
    expect(isLastStep(2, 3)).toBe(true)
    expect(isLastStep(1, 3)).toBe(false)
    expect(isLastStep(0, 1)).toBe(true)
  })
})
