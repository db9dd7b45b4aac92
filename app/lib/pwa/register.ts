/**
 * Registers the service worker (app/entry.worker.ts, served as /entry.worker.js) in production builds,
 * after the page has loaded so it never competes with the first render. `npm run dev` does not register
 * it (a worker caching Vite's dev modules would serve stale code). Failures are logged as warnings: the
 * app works without a worker, and end-to-end tests fail on console errors.
 */
export const SERVICE_WORKER_URL = '/entry.worker.js'
/** After the worker is ready, the page waits this long before asking it to save the offline tools. */
export const WARM_DELAY_MS = 3000

export function shouldRegister(env: { prod: boolean; supported: boolean; secure: boolean }): boolean {
  return env.prod && env.supported && env.secure
}

export function registerServiceWorker(): void {
  const supported = typeof navigator !== 'undefined' && 'serviceWorker' in navigator
  if (!shouldRegister({ prod: import.meta.env.PROD, supported, secure: typeof window !== 'undefined' && window.isSecureContext })) return
  const register = () => {
    navigator.serviceWorker
      .register(SERVICE_WORKER_URL, { scope: '/', updateViaCache: 'none' })
      .then(() => navigator.serviceWorker.ready)
      // Once the page has settled, the worker saves the offline tools for whoever is signed in.
      .then((registration) => window.setTimeout(() => registration.active?.postMessage({ type: 'WARM' }), WARM_DELAY_MS))
      .catch((error: unknown) => console.warn('Service worker registration failed', error))
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
