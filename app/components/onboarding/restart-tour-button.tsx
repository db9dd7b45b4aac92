import { Compass } from 'lucide-react'
import { useHydrated } from '~/lib/use-hydrated'
import { useSessionStatus } from '~/lib/use-session'
import { restartTour } from './store'

export const RESTART_TOUR_LABEL = 'Restart Tour'

/**
 * For the menu's user block: reopens the product tour at step 1. The tour is a script-driven dialog,
 * so without JavaScript the button is not shown. `onStart` lets the menu close itself first.
 */
export function RestartTourButton({ onStart, className }: { onStart?: () => void; className?: string }) {
  const { user } = useSessionStatus()
  const hydrated = useHydrated()
  if (!user || !hydrated) return null
  return (
    <button
      type="button"
      onClick={() => {
        onStart?.()
        restartTour(user.id)
      }}
      className={
        className ??
        'flex min-h-[var(--tap-size)] w-full items-center justify-center gap-2 rounded-md border border-border px-3 text-sm font-semibold hover:bg-muted'
      }
    >
      <Compass aria-hidden className="size-4" />
      {RESTART_TOUR_LABEL}
    </button>
  )
}
