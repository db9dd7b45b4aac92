import { useSyncExternalStore } from 'react'
import { toast } from '~/lib/toast-store'
import { detectDevice, isStandalone, type InstallDevice } from './device'
import { INSTALL_COMPLETED_KEY, INSTALL_DECLINED_KEY, bannerDismissedKey, type BannerPage } from './keys'
import { afterPrompt, installAction, installStatus, type InstallStatus, type PromptOutcome } from './state'

/**
 * The browser side of the install flow (product-spec §4): holds the captured `beforeinstallprompt`
 * event, the stored flags and which install dialog is open, and runs 'Install App'. Shared by the
 * banner, the side-menu entry and the dialogs through one small external store.
 */

/** Chrome's install event (not in the DOM typings). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<unknown>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

declare global {
  interface Window {
    /** Set by INSTALL_CAPTURE_SCRIPT when the browser offers installation before the app has hydrated. */
    __installPromptEvent?: BeforeInstallPromptEvent | null
    __appInstalledAt?: number
  }
}

/**
 * Runs inline before the app's scripts: Chrome can fire `beforeinstallprompt` (once per page) and
 * `appinstalled` before hydration, so both are caught (and the mini-infobar suppressed) from the start.
 */
export const INSTALL_CAPTURE_SCRIPT = `(function(){addEventListener('beforeinstallprompt',function(e){e.preventDefault();window.__installPromptEvent=e});addEventListener('appinstalled',function(){window.__installPromptEvent=null;window.__appInstalledAt=Date.now()})})()`

export type InstallView = 'none' | 'steps' | 'celebration'

export interface InstallState {
  ready: boolean
  status: InstallStatus
  device: InstallDevice
  hasPromptEvent: boolean
  completed: boolean
  declined: boolean
  dismissed: ReadonlySet<BannerPage>
  view: InstallView
  /** Bumped each time the steps dialog opens, so it starts at step 1. */
  stepsRun: number
  busy: boolean
}

const INITIAL: InstallState = {
  ready: false,
  status: 'not-installable',
  device: 'desktop',
  hasPromptEvent: false,
  completed: false,
  declined: false,
  dismissed: new Set(),
  view: 'none',
  stepsRun: 0,
  busy: false,
}

let state: InstallState = INITIAL
let promptEvent: BeforeInstallPromptEvent | null = null
let standalone = false
let mobile = false
let started = false
const listeners = new Set<() => void>()

function set(next: Partial<InstallState>) {
  const merged = { ...state, ...next }
  merged.hasPromptEvent = promptEvent !== null
  merged.status = installStatus({
    standalone,
    completed: merged.completed,
    declined: merged.declined,
    hasPromptEvent: merged.hasPromptEvent,
    mobile,
  })
  state = merged
  for (const listener of listeners) listener()
}

// localStorage can throw (private mode, storage disabled): the flow then just forgets between pages.
function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

function writeFlag(key: string) {
  try {
    window.localStorage.setItem(key, new Date().toISOString())
  } catch {
    // ignored, see above
  }
}

function readDismissed(): Set<BannerPage> {
  const pages: BannerPage[] = ['home', 'news', 'trends']
  return new Set(pages.filter((page) => readFlag(bannerDismissedKey(page))))
}

function onPromptEvent(event: Event) {
  event.preventDefault()
  promptEvent = event as BeforeInstallPromptEvent
  set({})
}

function onInstalled() {
  promptEvent = null
  window.__installPromptEvent = null
  writeFlag(INSTALL_COMPLETED_KEY)
  set({ completed: true, view: 'celebration' })
}

/** Reads the device, the display mode and the flags and starts listening. Idempotent. */
export function startInstallStore() {
  if (started || typeof window === 'undefined') return
  started = true
  const media = window.matchMedia?.('(display-mode: standalone)')
  const readStandalone = () =>
    isStandalone({
      displayModeStandalone: media?.matches ?? false,
      navigatorStandalone: (navigator as Navigator & { standalone?: boolean }).standalone,
    })
  standalone = readStandalone()
  media?.addEventListener?.('change', () => {
    standalone = readStandalone()
    set({})
  })
  const device = detectDevice({ userAgent: navigator.userAgent, maxTouchPoints: navigator.maxTouchPoints })
  mobile = device !== 'desktop'
  promptEvent = window.__installPromptEvent ?? null
  window.addEventListener('beforeinstallprompt', onPromptEvent)
  window.addEventListener('appinstalled', onInstalled)
  const installedEarly = window.__appInstalledAt !== undefined
  set({ ready: true, device, completed: readFlag(INSTALL_COMPLETED_KEY), declined: readFlag(INSTALL_DECLINED_KEY), dismissed: readDismissed() })
  if (installedEarly) {
    delete window.__appInstalledAt
    onInstalled()
  }
}

/** 'Not Now' or the close button: this page's banner stays away. */
export function dismissBanner(page: BannerPage) {
  writeFlag(bannerDismissedKey(page))
  set({ dismissed: new Set([...state.dismissed, page]) })
}

function openSteps() {
  set({ view: 'steps', stepsRun: state.stepsRun + 1 })
}

/** Closing the manual-steps dialog counts as declining. */
export function declineInstall() {
  writeFlag(INSTALL_DECLINED_KEY)
  set({ declined: true, view: 'none' })
}

/** 'Complete Install' on the last manual step: the user has added the app, the prompts stop. */
export function completeManualInstall() {
  writeFlag(INSTALL_COMPLETED_KEY)
  set({ completed: true, view: 'none' })
}

export function closeCelebration() {
  set({ view: 'none' })
}

async function showBrowserPrompt(event: BeforeInstallPromptEvent): Promise<PromptOutcome> {
  // The event can be used once: whatever happens, it is spent.
  promptEvent = null
  window.__installPromptEvent = null
  try {
    await event.prompt()
    const choice = await event.userChoice
    return choice.outcome === 'accepted' ? 'accepted' : 'dismissed'
  } catch (error) {
    console.warn('The browser install prompt failed; showing the manual steps', error)
    return 'failed'
  }
}

/** The push client (notification permission and subscription), kept out of every page's first load. */
export const loadPushClient = () => import('~/lib/push/client')

/**
 * 'Install App': asks for notification permission when undecided, then shows the browser's install
 * prompt when one is held, otherwise (or if it fails) the manual steps for this device.
 */
export async function requestInstall(): Promise<void> {
  if (state.busy) return
  set({ busy: true })
  try {
    // The push client loads on demand (docs/decisions/020); the install button's module has loaded it
    // already (loadPushClient), so the permission request still counts as part of the tap.
    const push = await loadPushClient()
    if (push.notificationPermission() === 'default') await push.enableNotifications()
    const action = installAction(state.status, promptEvent !== null)
    if (action === 'nothing') return
    if (action === 'manual-steps' || !promptEvent) {
      openSteps()
      return
    }
    const result = afterPrompt(await showBrowserPrompt(promptEvent))
    if (result.store === 'completed') {
      writeFlag(INSTALL_COMPLETED_KEY)
      set({ completed: true })
    } else if (result.store === 'declined') {
      writeFlag(INSTALL_DECLINED_KEY)
      set({ declined: true })
    }
    if (result.toast) toast({ title: result.toast, description: 'Open it from your home screen or app list any time.' })
    if (result.fallBackToSteps) openSteps()
  } finally {
    set({ busy: false })
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useInstallState(): InstallState {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => INITIAL,
  )
}
