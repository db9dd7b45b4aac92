import { useEffect, useRef } from 'react'

/** Session storage key the results view sets before opening /cheat-sheets (product-spec §2). */
export const TARGET_CHEAT_SHEET_KEY = 'targetCheatSheet'

/**
 * Once after hydration: reads and removes the stored target (an id or a named topic) and hands it
 * to `onTarget`. Storage that throws (blocked, private mode) counts as no target.
 */
export function useStoredTarget(onTarget: (value: string) => void): void {
  const onTargetRef = useRef(onTarget)
  onTargetRef.current = onTarget
  useEffect(() => {
    let stored: string | null = null
    try {
      stored = window.sessionStorage.getItem(TARGET_CHEAT_SHEET_KEY)
      if (stored !== null) window.sessionStorage.removeItem(TARGET_CHEAT_SHEET_KEY)
    } catch {
      return
    }
    if (stored !== null) onTargetRef.current(stored)
  }, [])
}
