import { useSyncExternalStore } from 'react'
import type { ToastInput } from '~/lib/toast'

/**
 * A tiny toast store (product-spec §4): at most one toast is visible; a new one replaces the old.
 * A dismissed toast is kept (closed) for 1,000,000 ms before it is removed from the list, as the spec
 * states, so exit animations and screen readers are never cut short.
 */
export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000
export const DEFAULT_TOAST_DURATION = 5000

export interface ToastItem {
  id: string
  title: string
  description?: string
  variant: 'default' | 'destructive'
  duration: number
  open: boolean
  /** The page (pathname) it was raised on: it does not follow the user to another page. */
  path: string | null
}

let toasts: ToastItem[] = []
const listeners = new Set<() => void>()
const removalTimers = new Map<string, ReturnType<typeof setTimeout>>()
let counter = 0

function emit() {
  for (const listener of listeners) listener()
}

function scheduleRemoval(id: string) {
  if (removalTimers.has(id)) return
  removalTimers.set(
    id,
    setTimeout(() => {
      removalTimers.delete(id)
      toasts = toasts.filter((t) => t.id !== id)
      emit()
    }, TOAST_REMOVE_DELAY),
  )
}

export function toast(input: ToastInput): string {
  const id = input.id ?? `t${++counter}`
  const item: ToastItem = {
    id,
    title: input.title,
    description: input.description,
    variant: input.variant ?? 'default',
    duration: input.duration ?? DEFAULT_TOAST_DURATION,
    open: true,
    path: typeof window === 'undefined' ? null : window.location.pathname,
  }
  // Older toasts close (and are removed later) so only TOAST_LIMIT stay visible.
  toasts = [item, ...toasts.filter((t) => t.id !== id).map((t) => ({ ...t, open: false }))].slice(0, TOAST_LIMIT)
  emit()
  return id
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t))
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id)
  emit()
}

/** Closes the open toasts raised on another page than `pathname` (the user moved on). */
export function dismissToastsNotFrom(pathname: string) {
  if (!toasts.some((t) => t.open && t.path !== pathname)) return
  toasts = toasts.map((t) => (t.open && t.path !== pathname ? { ...t, open: false } : t))
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id)
  emit()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const getSnapshot = () => toasts

/** The toasts as the Toaster renders them (open ones show). */
export const currentToasts = (): readonly ToastItem[] => toasts
const getServerSnapshot = (): ToastItem[] => []

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot)
}
