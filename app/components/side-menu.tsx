import { Link, useLocation, useNavigate, useSearchParams } from '@remix-run/react'
import { Menu, X } from 'lucide-react'
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { DISABLED_MENU_ITEMS, visibleMenuLinks } from '~/lib/navigation'
import { useSessionStatus } from '~/lib/use-session'
import { InstallMenuEntry } from './install'
import { MenuUserBlock } from './menu-user-block'
import { NotificationSettingsCard } from './notifications/notification-settings-card'
import { ThemeSwitch } from './theme-switch'

const MENU_PARAM = 'menu'

/**
 * The side menu, opening from the right. It works without JavaScript: the button is a link to
 * `?menu=open`, which the server renders open, and the close button links back. With JavaScript the
 * same controls open and close it in place, move focus into it, keep Tab inside and close on Escape.
 */
export function SideMenu() {
  const location = useLocation()
  const navigate = useNavigate()
  const [searchParams] = useSearchParams()
  const { user } = useSessionStatus()
  const links = visibleMenuLinks(user)
  const urlOpen = searchParams.get(MENU_PARAM) === 'open'
  const [open, setOpen] = useState(urlOpen)
  const panelRef = useRef<HTMLDivElement>(null)
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

  useEffect(() => {
    if (open) panelRef.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
  }, [open])

  // Navigating away closes the menu.
  useEffect(() => {
    if (!urlOpen) setOpen(false)
  }, [location.pathname, urlOpen])

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault()
      close()
      return
    }
    if (event.key !== 'Tab' || !panelRef.current) return
    const focusable = panelRef.current.querySelectorAll<HTMLElement>(
      'a[href], button:not([disabled]), input:not([disabled]), [tabindex]:not([tabindex="-1"])',
    )
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last?.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first?.focus()
    }
  }

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
        className="inline-flex size-[var(--tap-size)] items-center justify-center rounded-md hover:bg-white/15"
      >
        <Menu aria-hidden className="size-6" />
      </a>
      {open ? (
        <div className="fixed inset-0 z-50" onKeyDown={onKeyDown}>
          <a
            href={closedHref}
            tabIndex={-1}
            aria-hidden
            onClick={(event) => {
              event.preventDefault()
              close()
            }}
            className="absolute inset-0 bg-black/50"
          />
          <div
            ref={panelRef}
            id="side-menu"
            role="dialog"
            aria-modal="true"
            aria-labelledby="side-menu-title"
            className="absolute inset-y-0 right-0 flex w-[min(22rem,90vw)] flex-col gap-4 overflow-y-auto bg-card p-5 text-card-foreground shadow-2xl"
          >
            <div className="flex items-start justify-between gap-2">
              <div>
                <h2 id="side-menu-title" className="text-lg font-bold">
                  Menu
                </h2>
                <p className="text-sm text-muted-foreground">South Carolina specifications only - Not applicable for other states</p>
              </div>
              <a
                href={closedHref}
                role="button"
                data-autofocus
                aria-label="Close menu"
                onClick={(event) => {
                  event.preventDefault()
                  close()
                }}
                className="inline-flex size-[var(--tap-size)] shrink-0 items-center justify-center rounded-md hover:bg-muted"
              >
                <X aria-hidden className="size-5" />
              </a>
            </div>
            <MenuUserBlock />
            <nav aria-label="Main">
              <ul className="grid gap-1">
                {links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      onClick={() => setOpen(false)}
                      aria-current={location.pathname === link.to ? 'page' : undefined}
                      className="block rounded-md px-3 py-2 hover:bg-muted aria-[current=page]:bg-accent aria-[current=page]:text-accent-foreground"
                    >
                      <span className="block font-medium">{link.label}</span>
                      <span className="block text-sm text-muted-foreground">{link.description}</span>
                    </Link>
                  </li>
                ))}
                {DISABLED_MENU_ITEMS.map((item) => (
                  <li key={item.label}>
                    <span aria-disabled="true" className="flex items-center justify-between rounded-md px-3 py-2 text-muted-foreground">
                      <span className="font-medium">{item.label}</span>
                      <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-semibold">{item.badge}</span>
                    </span>
                  </li>
                ))}
              </ul>
            </nav>
            <InstallMenuEntry onChoose={close} />
            <NotificationSettingsCard />
            <div className="mt-auto border-t border-border pt-4">
              <ThemeSwitch />
            </div>
          </div>
        </div>
      ) : null}
    </>
  )
}
