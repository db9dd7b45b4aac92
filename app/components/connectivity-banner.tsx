import { useEffect, useRef, useState } from 'react'
import { PRODUCT_NAME } from '~/lib/brand'
import { OFFLINE_BANNER_TEXT } from '~/lib/pwa/offline-page'

export const RESTORED_BANNER_MS = 3000

type Connectivity = 'online' | 'offline' | 'restored'

/** CSS variable holding the banner's height, so sticky bars below the header move down with it. */
export const BANNER_HEIGHT_VAR = '--connectivity-banner-height'

/**
 * Orange banner while offline; a green 'Connection restored' banner for 3 s after reconnecting. It sits
 * in the shell's sticky block above the header (app/root.tsx), so it pushes the header down instead of
 * covering its controls; its height is published as BANNER_HEIGHT_VAR for the bars that stick below.
 */
export function ConnectivityBanner() {
  const [state, setState] = useState<Connectivity>('online')
  const ref = useRef<HTMLDivElement>(null)

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const goOffline = () => {
      clearTimeout(timer)
      setState('offline')
    }
    const goOnline = () => {
      setState((previous) => (previous === 'offline' ? 'restored' : 'online'))
      clearTimeout(timer)
      timer = setTimeout(() => setState('online'), RESTORED_BANNER_MS)
    }
    if (!navigator.onLine) setState('offline')
    window.addEventListener('offline', goOffline)
    window.addEventListener('online', goOnline)
    return () => {
      clearTimeout(timer)
      window.removeEventListener('offline', goOffline)
      window.removeEventListener('online', goOnline)
    }
  }, [])

  useEffect(() => {
    const banner = ref.current
    const root = document.documentElement.style
    if (!banner) {
      root.removeProperty(BANNER_HEIGHT_VAR)
      return
    }
    const publish = () => root.setProperty(BANNER_HEIGHT_VAR, `${banner.offsetHeight}px`)
    publish()
    const observer = new ResizeObserver(publish)
    observer.observe(banner)
    return () => {
      observer.disconnect()
      root.removeProperty(BANNER_HEIGHT_VAR)
    }
  }, [state])

  if (state === 'online') return null
  return (
    <div
      ref={ref}
      role="status"
      aria-live="polite"
      data-testid={state === 'offline' ? 'offline-banner' : 'restored-banner'}
      className={`no-print px-4 py-2 text-center text-sm font-medium text-white ${
        state === 'offline' ? 'bg-[#9a3412]' : 'bg-[#166534]'
      }`}
    >
      {state === 'offline'
        ? OFFLINE_BANNER_TEXT
        : `Connection restored - ${PRODUCT_NAME} is back online`}
    </div>
  )
}
