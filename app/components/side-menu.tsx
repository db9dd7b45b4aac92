import { useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { Menu } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { lazyPart, whenIdle } from '~/lib/lazy-part'

// The open panel loads on demand (docs/decisions/020): when the browser is idle after load, or as soon
// as a finger or the pointer nears the button, so it is normally there before the tap.
const SideMenuPanel = lazyPart(() => import('./side-menu-panel').then((m) => m.SideMenuPanel))

const MENU_PARAM = 'menu'

/**
 * The side menu, opening from the right. It works without JavaScript: the button is a link to
 * `?menu=open`, which the server renders open, and the close button links back. With JavaScript the
 * same controls open and close it in place, move focus into it, keep Tab inside and close on Escape
 * (the panel, app/components/side-menu-panel.tsx).
 */
export function SideMenu() {
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const urlOpen = searchParams.get(MENU_PARAM) === 'open'
  const [open, setOpen] = useState(urlOpen)
  const triggerRef = useRef<HTMLAnchorElement>(null)

  const closedParams = new URLSearchParams(searchParams)
  closedParams.delete(MENU_PARAM)
  const closedHref = location.pathname + (closedParams.size ? `?${closedParams}` : '')
  const openParams = new URLSearchParams(closedParams)
  openParams.set(MENU_PARAM, 'open')
  const openHref = `${location.pathname}?${openParams}`

  useEffect(() => setOpen(urlOpen), [urlOpen])

  const close = useCallback(() => {
    setOpen(false)
    if (urlOpen) navigate(closedHref, { replace: true, preventScrollReset: true })
    triggerRef.current?.focus()
  }, [urlOpen, navigate, closedHref])

  useEffect(() => whenIdle(() => void SideMenuPanel.preload().catch(() => {})), [])

  // Navigating away closes the menu.
  useEffect(() => {
    if (!urlOpen) setOpen(false)
  }, [location.pathname, urlOpen])

  return (
    <>
      <a
        ref={triggerRef}
        href={openHref}
        role="button"
        aria-label="Open menu"
        aria-expanded={open}
        aria-controls="side-menu"
        onClick={(event) => {
          event.preventDefault()
          setOpen(true)
        }}
        onPointerEnter={() => void SideMenuPanel.preload().catch(() => {})}
        onFocus={() => void SideMenuPanel.preload().catch(() => {})}
        className="inline-flex size-[var(--tap-size)] items-center justify-center rounded-md hover:bg-white/15"
      >
        <Menu aria-hidden className="size-6" />
      </a>
      {open ? <SideMenuPanel closedHref={closedHref} close={close} setOpen={setOpen} /> : null}
    </>
  )
}
