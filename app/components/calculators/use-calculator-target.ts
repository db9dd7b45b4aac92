import { useLocation } from '@remix-run/react'
import { useEffect, useRef, useState } from 'react'
import { isCalculatorId, type CalculatorId } from '~/lib/calculators'
import { idFromHash, SCROLL_DELAY_MS, TARGET_STORAGE_KEY } from './display'

/** Reads and removes the stored target; storage may be unavailable (privacy modes), which means none. */
function takeStoredTarget(): CalculatorId | null {
  try {
    const stored = window.sessionStorage.getItem(TARGET_STORAGE_KEY)
    if (stored === null) return null
    window.sessionStorage.removeItem(TARGET_STORAGE_KEY)
    return isCalculatorId(stored) ? stored : null
  } catch {
    return null
  }
}

/**
 * The selected calculator (spec §2): on load a stored target (session storage `targetCalculation`)
 * or else the URL hash selects a card and scrolls smoothly to it after 100 ms; the stored target is
 * removed once read; later hash changes are followed. `reveal(id)` runs first so a card hidden by
 * the current search can be shown before the scroll.
 *
 * Hash changes are followed through the router's location rather than a `hashchange` listener: a
 * browser hashchange reaches React Router as a navigation, and its scroll restoration
 * (`<ScrollRestoration>`) scrolls on that navigation, sometimes well after the hashchange event.
 * Reacting to the committed location puts our smooth scroll after the router's, never under it.
 */
export function useCalculatorTarget(reveal: (id: CalculatorId) => void): CalculatorId | null {
  const { hash } = useLocation()
  const [selected, setSelected] = useState<CalculatorId | null>(null)
  const seenHash = useRef<string | undefined>(undefined)
  // The target still to scroll to; a ref, so React's double effect run in development keeps it.
  const pending = useRef<CalculatorId | null>(null)
  const revealRef = useRef(reveal)
  revealRef.current = reveal

  useEffect(() => {
    if (seenHash.current === undefined) {
      seenHash.current = hash
      pending.current = takeStoredTarget() ?? idFromHash(hash)
    } else if (hash !== seenHash.current) {
      seenHash.current = hash
      pending.current = idFromHash(hash) ?? pending.current
    }
    const id = pending.current
    if (!id) return
    revealRef.current(id)
    setSelected(id)
    const timer = setTimeout(() => {
      pending.current = null
      document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' })
    }, SCROLL_DELAY_MS)
    return () => clearTimeout(timer)
  }, [hash])

  return selected
}
