import { useSyncExternalStore } from 'react'
import { WELCOME_CLOSE_DELAY_MS, onboardingStorageKey, type OnboardingAction } from '~/lib/onboarding'

/**
 * Which onboarding dialog is open, shared by the host (which renders the dialogs) and the menu's
 * Restart Tour button (mounted elsewhere). Also remembers, for this page's life, which users have
 * acknowledged the disclaimer, so the welcome can follow it at once.
 */
export type OnboardingView = 'none' | 'welcome' | 'tour'

interface State {
  view: OnboardingView
  /** Bumped each time the tour (re)starts, so the tour goes back to step 1. */
  tourRun: number
  acknowledged: ReadonlySet<string>
}

let state: State = { view: 'none', tourRun: 0, acknowledged: new Set() }
const listeners = new Set<() => void>()
let pendingTour: ReturnType<typeof setTimeout> | null = null

function set(next: Partial<State>) {
  state = { ...state, ...next }
  for (const listener of listeners) listener()
}

function cancelPending() {
  if (pendingTour) clearTimeout(pendingTour)
  pendingTour = null
}

export function openWelcome() {
  cancelPending()
  set({ view: 'welcome' })
}

/** Opens the tour at step 1; from the welcome, after the welcome's closing delay. */
export function openTour() {
  cancelPending()
  if (state.view === 'welcome') {
    set({ view: 'none' })
    pendingTour = setTimeout(() => {
      pendingTour = null
      set({ view: 'tour', tourRun: state.tourRun + 1 })
    }, WELCOME_CLOSE_DELAY_MS)
    return
  }
  set({ view: 'tour', tourRun: state.tourRun + 1 })
}

export function closeOnboarding() {
  cancelPending()
  set({ view: 'none' })
}

export function markAcknowledged(userId: string) {
  if (state.acknowledged.has(userId)) return
  set({ acknowledged: new Set([...state.acknowledged, userId]) })
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const SERVER_STATE: State = { view: 'none', tourRun: 0, acknowledged: new Set() }

export function useOnboardingState(): State {
  return useSyncExternalStore(
    subscribe,
    () => state,
    () => SERVER_STATE,
  )
}

// localStorage can throw (private mode, storage disabled): the server flag still holds.
export function readFlag(key: string): boolean {
  try {
    return window.localStorage.getItem(key) !== null
  } catch {
    return false
  }
}

export function writeFlag(key: string) {
  try {
    window.localStorage.setItem(key, new Date().toISOString())
  } catch {
    // ignored, see above
  }
}

export function clearFlag(key: string) {
  try {
    window.localStorage.removeItem(key)
  } catch {
    // ignored, see above
  }
}

/** Posts JSON and reads the answer to the end; false on any failure (the local flag still holds). */
async function postJson(path: string, body: unknown): Promise<boolean> {
  try {
    const response = await fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    })
    await response.text()
    return response.ok
  } catch {
    return false
  }
}

export function saveOnboarding(action: OnboardingAction): Promise<boolean> {
  return postJson('/api/onboarding', { action })
}

export function saveDisclaimer(): Promise<boolean> {
  return postJson('/api/disclaimer', { acknowledged: true })
}

export interface ServerOnboarding {
  completed: boolean
  isNew: boolean
}

export async function loadOnboarding(): Promise<ServerOnboarding | null> {
  try {
    const response = await fetch('/api/onboarding', { credentials: 'same-origin', headers: { Accept: 'application/json' } })
    if (!response.ok) return null
    return (await response.json()) as ServerOnboarding
  } catch {
    return null
  }
}

/** Product-spec §4: restart clears the completed flag (here and on the server) and opens the tour. */
export function restartTour(userId: string) {
  clearFlag(onboardingStorageKey(userId))
  void saveOnboarding('reset')
  openTour()
}

/** Reset clears the flag and shows the welcome again. */
export function resetOnboarding(userId: string) {
  clearFlag(onboardingStorageKey(userId))
  void saveOnboarding('reset')
  openWelcome()
}

/** Finishing, skipping or closing: marks onboarding completed here and on the server. */
export function completeOnboarding(userId: string) {
  closeOnboarding()
  writeFlag(onboardingStorageKey(userId))
  void saveOnboarding('complete')
}
