/**
 * The install flow's states (product-spec §4 'Install flow' and 'Install/notification banner'). Pure.
 */
import { bannerPageFor } from './keys'

/**
 * - standalone: running as the installed app, the flow is off;
 * - completed / declined: the stored flags, which suppress later prompts;
 * - installable: the browser offered its install prompt, or the device is a phone or tablet;
 * - not-installable: none of the above (the banner can still explain the manual steps).
 */
export type InstallStatus = 'standalone' | 'completed' | 'declined' | 'installable' | 'not-installable'

export interface InstallInputs {
  standalone: boolean
  completed: boolean
  declined: boolean
  /** A captured beforeinstallprompt event is held. */
  hasPromptEvent: boolean
  mobile: boolean
}

export function installStatus(input: InstallInputs): InstallStatus {
  if (input.standalone) return 'standalone'
  if (input.completed) return 'completed'
  if (input.declined) return 'declined'
  if (input.hasPromptEvent || input.mobile) return 'installable'
  return 'not-installable'
}

export interface BannerInputs {
  pathname: string
  status: InstallStatus
  dismissedForPage: boolean
  /** The 8 s delay since the page loaded has passed. */
  delayElapsed: boolean
}

/** The banner shows on home, news and trends, 8 s after load, unless installed, dismissed, declined or completed. */
export function shouldShowBanner({ pathname, status, dismissedForPage, delayElapsed }: BannerInputs): boolean {
  if (!delayElapsed || dismissedForPage) return false
  if (bannerPageFor(pathname) === null) return false
  return status === 'installable' || status === 'not-installable'
}

/** What 'Install App' does once notifications are settled. */
export type InstallAction = 'prompt' | 'manual-steps' | 'nothing'

export function installAction(status: InstallStatus, hasPromptEvent: boolean): InstallAction {
  if (status === 'standalone') return 'nothing'
  return hasPromptEvent ? 'prompt' : 'manual-steps'
}

/** The browser's answer to its install prompt, or a failure to show it. */
export type PromptOutcome = 'accepted' | 'dismissed' | 'failed'

export interface PromptResult {
  /** Flag to store, if any. */
  store: 'completed' | 'declined' | null
  /** Show the manual steps instead (automated install failed). */
  fallBackToSteps: boolean
  toast: 'App Installed!' | null
}

export function afterPrompt(outcome: PromptOutcome): PromptResult {
  if (outcome === 'accepted') return { store: 'completed', fallBackToSteps: false, toast: 'App Installed!' }
  if (outcome === 'dismissed') return { store: 'declined', fallBackToSteps: false, toast: null }
  return { store: null, fallBackToSteps: true, toast: null }
}

/** Step index moves, kept within 0..count-1. */
export function nextStep(index: number, count: number): number {
  return Math.min(Math.max(index + 1, 0), Math.max(count - 1, 0))
}

export function previousStep(index: number): number {
  return Math.max(index - 1, 0)
}

export function isLastStep(index: number, count: number): boolean {
  return index >= count - 1
}
