import { useEffect, useState } from 'react'
import { PRODUCT_NAME } from '~/lib/brand'

export const RESTORED_BANNER_MS = 3000

type Connectivity = 'online' | 'offline' | 'restored'

/** Orange banner while offline; a green 'Connection restored' banner for 3 s after reconnecting. */
export function ConnectivityBanner() {
  const [state, setState] = useState<Connectivity>('online')

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

  if (state === 'online') return null
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid={state === 'offline' ? 'offline-banner' : 'restored-banner'}
      className={`no-print sticky top-0 z-50 px-4 py-2 text-center text-sm font-medium text-white ${
        state === 'offline' ? 'bg-[#9a3412]' : 'bg-[#166534]'
      }`}
    >
      {state === 'offline'
        ? "You're offline - Limited functionality available"
        : `Connection restored - ${PRODUCT_NAME} is back online`}
    </div>
  )
}
