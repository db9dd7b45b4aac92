import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * Work shared by the loaders of one request. A page runs several loaders at once (the root's and the
 * route's), and each used to look the session up on its own: one database round trip and one cookie
 * signature check per loader. The HTTP server (server.mjs) runs every request inside `inRequestScope`;
 * `requestMemo` then computes a value once per request and key.
 *
 * Nothing outlives the request, so nothing here can go stale across requests or processes. Outside a
 * scope (scripts, tests calling a loader directly, the development server's rebuilt modules) every call
 * computes afresh.
 */
const scope = new AsyncLocalStorage<Map<string, unknown>>()

export function inRequestScope<T>(run: () => T): T {
  return scope.run(new Map(), run)
}

/** `compute()` once per request and key; a rejected promise is forgotten, so a later caller tries again. */
export function requestMemo<T>(key: string, compute: () => Promise<T>): Promise<T> {
  const store = scope.getStore()
  if (!store) return compute()
  const held = store.get(key) as Promise<T> | undefined
  if (held) return held
  const promise = compute()
  store.set(key, promise)
  promise.catch(() => {
    if (store.get(key) === promise) store.delete(key)
  })
  return promise
}

/** Forgets a key in the current request (after the request itself changed what it computed). */
export function forgetRequestMemo(key: string): void {
  scope.getStore()?.delete(key)
}
