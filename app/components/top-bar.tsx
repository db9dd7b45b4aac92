import { useEffect, useRef, type ReactNode } from 'react'

/** The CSS variable that holds the top bar's height (tailwind.css `.scroll-below-top-bar`). */
export const TOP_BAR_HEIGHT_VAR = '--top-bar-h'

/**
 * What stays at the top of the screen: the header and, under it, the toasts. One sticky block, so a
 * toast takes its place in the bar instead of lying over the page. Its height is kept in
 * `--top-bar-h`, so what the page scrolls to (the results) lands below the bar, toast included.
 */
export function TopBar({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useEffect(() => {
    const bar = ref.current
    if (!bar || typeof ResizeObserver === 'undefined') return
    const root = document.documentElement
    const observer = new ResizeObserver(() => root.style.setProperty(TOP_BAR_HEIGHT_VAR, `${bar.offsetHeight}px`))
    observer.observe(bar)
    return () => {
      observer.disconnect()
      root.style.removeProperty(TOP_BAR_HEIGHT_VAR)
    }
  }, [])
  return (
    <div ref={ref} data-testid="top-bar" className="no-print sticky top-0 z-40">
      {children}
    </div>
  )
}
