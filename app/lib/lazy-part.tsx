import { lazy, Suspense, type ComponentType } from 'react'

// Parts of the page that the first view does not show (dialogs, the menu's panel, the photo analysis)
// load their code when first rendered instead of with the page (docs/decisions/020). On the server
// every part is loaded before the first render (preloadParts, awaited by entry.server.tsx), so a part
// the server does show (the menu opened without JavaScript) is in the HTML, never a Suspense fallback.

const serverLoads: Array<() => Promise<unknown>> = []

const Nothing = () => null

export type LazyPart<P> = ComponentType<P> & {
  /** Starts loading the code (on intent, or when the browser is idle), so the part shows at once. */
  preload: () => Promise<unknown>
}

/**
 * `load` resolves to the component. Until its code has arrived the part renders nothing: use it for what
 * appears over the page or after an interaction, not for what takes room in the first view.
 */
export function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): LazyPart<P> {
  let loaded: ComponentType<P> | undefined
  let loading: Promise<ComponentType<P>> | undefined
  const preload = () =>
    (loading ??= load().then(
      (component) => (loaded = component),
      (error: unknown) => {
        // A failed download (offline, a new deploy) may be tried again on the next render.
        loading = undefined
        throw error
      },
    ))
  // React.lazy calls `then` on what this returns; once the code is here, a thenable that answers at
  // once lets the part render without suspending (always so on the server). Code that fails to load (offline
  // before the worker saved it, a file gone after a new release) renders nothing instead of breaking the
  // page, and the next render tries again with a fresh React.lazy (a failed one stays failed).
  const makeLazy = () =>
    lazy<ComponentType<P>>(() =>
      loaded
        ? ({ then: (resolve: (module: { default: ComponentType<P> }) => void) => resolve({ default: loaded! }) } as unknown as Promise<{
            default: ComponentType<P>
          }>)
        : preload().then(
            (component) => ({ default: component }),
            (error: unknown) => {
              console.warn('A part of the page did not load; it will be tried again.', error)
              current = makeLazy()
              return { default: Nothing as ComponentType<P> }
            },
          ),
    )
  let current = makeLazy()
  function Part(props: P) {
    // React.lazy's own props type adds ref handling these parts do not take.
    const Loaded = current as unknown as ComponentType<P>
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    )
  }
  if (import.meta.env.SSR) serverLoads.push(preload)
  return Object.assign(Part, { preload })
}

/** Loads every part's code on the server; awaited before rendering (quick once done). */
export function preloadParts(): Promise<unknown> {
  return Promise.all(serverLoads.map((load) => load()))
}

/** Runs `task` when the browser is idle after the page has loaded (or soon, where there is no idle callback). */
export function whenIdle(task: () => void): () => void {
  if (typeof window === 'undefined') return () => {}
  if ('requestIdleCallback' in window) {
    const id = window.requestIdleCallback(task, { timeout: 4000 })
    return () => window.cancelIdleCallback(id)
  }
  const id = setTimeout(task, 1500)
  return () => clearTimeout(id)
}
