import { useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from '~/lib/onboarding'

// Shared by every tooltip: moving from one to the next within the skip delay opens it at once.
let lastClosedAt = 0

/**
 * A hint under an icon-only control: after 700 ms of hovering (at once when another tooltip closed
 * less than 300 ms ago, or on keyboard focus). The control keeps its own accessible name.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)

  const clear = () => {
    if (timer.current) clearTimeout(timer.current)
    timer.current = null
  }
  const show = (delay: number) => {
    clear()
    if (delay <= 0) setOpen(true)
    else timer.current = setTimeout(() => setOpen(true), delay)
  }
  const hide = () => {
    clear()
    setOpen((was) => {
      if (was) lastClosedAt = Date.now()
      return false
    })
  }
  useEffect(() => clear, [])

  return (
    <span
      className="relative inline-flex"
      onPointerEnter={() => show(Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS)}
      onPointerLeave={hide}
      onFocus={(event) => {
        if (event.target.matches(':focus-visible')) show(0)
      }}
      onBlur={hide}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) hide()
      }}
    >
      {children}
      {open ? (
        <span
          id={id}
          role="tooltip"
          className="pointer-events-none absolute right-0 top-full z-10 mt-1 whitespace-nowrap rounded-md bg-foreground px-2 py-1 text-xs font-medium text-background shadow"
        >
          {label}
        </span>
      ) : null}
    </span>
  )
}
