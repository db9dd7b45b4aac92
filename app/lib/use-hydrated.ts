import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/** False during the server render and hydration, true once the page is interactive. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
