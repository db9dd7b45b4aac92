import { afterEach, describe, expect, it, vi } from 'vitest'

/** The toast store keeps module state: a fresh copy per test, in a page whose address can change. */
async function storeAt(pathname: string) {
  vi.resetModules()
  const location = { pathname }
  vi.stubGlobal('window', { location })
  const store = await import('./toast-store')
  const open = () => store.currentToasts().filter((t) => t.open).map((t) => t.id)
  return { store, open, goTo: (next: string) => (location.pathname = next) }
}

describe('toast store', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('closes the toasts raised on another page when the user moves on, and only those', async () => {
    const { store, open, goTo } = await storeAt('/')
    store.toast({ id: 'search', title: 'Search completed' })
    // Same page, another address (the result's): the toast stays.
    store.dismissToastsNotFrom('/')
    expect(open()).toEqual(['search'])

    goTo('/field-calculations')
    store.dismissToastsNotFrom('/field-calculations')
    expect(open()).toEqual([])

    store.toast({ id: 'calc', title: 'Saved' })
    store.dismissToastsNotFrom('/field-calculations')
    expect(open()).toEqual(['calc'])
  })

  it('shows one toast at a time', async () => {
    const { store, open } = await storeAt('/')
    store.toast({ id: 'a', title: 'A' })
    store.toast({ id: 'b', title: 'B' })
    expect(open()).toEqual(['b'])
  })
})
