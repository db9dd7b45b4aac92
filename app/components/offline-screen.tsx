import { Link, useLocation } from '@remix-run/react'
import { WifiOff } from 'lucide-react'
import { useEffect, useState } from 'react'
import { hasSavedPage } from '~/lib/pwa/offline-error'
import { OFFLINE_TOOLS, offlineCopy } from '~/lib/pwa/offline-page'
import { DotsLoader } from './loader'

/** A reload of the same page within this long is not tried again (no loop if the saved copy fails too). */
const RELOAD_GUARD_MS = 15_000
const RELOAD_GUARD_KEY = 'offline-reload'

function reloadedRecently(pathname: string): boolean {
  try {
    const [path, at] = (window.sessionStorage.getItem(RELOAD_GUARD_KEY) ?? '').split('|')
    return path === pathname && Date.now() - Number(at) < RELOAD_GUARD_MS
  } catch {
    return true
  }
}

function noteReload(pathname: string) {
  try {
    window.sessionStorage.setItem(RELOAD_GUARD_KEY, `${pathname}|${Date.now()}`)
  } catch {
    // Without storage the guard above already says 'recently': no reload is tried.
  }
}

/**
 * What a tap inside the app shows offline when the page's data cannot be fetched. A page the service
 * worker has saved for this user is loaded as a page (the worker answers with the saved copy); any other
 * shows the app's offline screen, inside the app's header and menu, with the same words as the worker's
 * static offline page (app/lib/pwa/offline-page.ts).
 */
export function OfflineRecovery() {
  const { pathname } = useLocation()
  const [checking, setChecking] = useState(true)

  useEffect(() => {
    let cancelled = false
    setChecking(true)
    void hasSavedPage(pathname).then((saved) => {
      if (cancelled) return
      if (saved && !reloadedRecently(pathname)) {
        noteReload(pathname)
        window.location.reload()
        return
      }
      setChecking(false)
    })
    return () => {
      cancelled = true
    }
  }, [pathname])

  if (checking) return <DotsLoader label="Opening the copy saved on this device" className="py-16" />
  return <OfflineScreen pathname={pathname} />
}

export function OfflineScreen({ pathname }: { pathname: string }) {
  const copy = offlineCopy(pathname)
  return (
    <section aria-labelledby="offline-title" data-testid="offline-screen" className="mx-auto grid max-w-xl gap-4 py-10">
      <WifiOff aria-hidden className="size-10 text-primary" />
      <h1 id="offline-title" className="text-2xl font-bold">
        {copy.title}
      </h1>
      <p className="text-muted-foreground">{copy.reason}</p>
      <p>These work offline once the app has been opened online:</p>
      <ul className="grid gap-2">
        {OFFLINE_TOOLS.map((tool) => (
          <li key={tool.path}>
            <Link to={tool.path} className="inline-flex min-h-[var(--tap-size)] items-center font-semibold text-primary underline underline-offset-4">
              {tool.label}
            </Link>
          </li>
        ))}
      </ul>
      <div>
        {/* A page load, so the service worker answers it (this user's copy, or the network when back). */}
        <a
          href={pathname}
          className="inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-5 font-semibold text-primary-foreground"
        >
          Try again
        </a>
      </div>
    </section>
  )
}
