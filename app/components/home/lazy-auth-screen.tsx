import { lazy, Suspense } from 'react'
import type * as AuthScreenModule from '~/components/auth/auth-screen'
import { DotsLoader } from '~/components/loader'

/**
 * Home's sign-in screen for visitors, loaded on demand: members and guests, who see the search screen,
 * never download the forms (and their validation library), which keeps home within its JavaScript
 * budget. The server render must not show the fallback (a page without JavaScript could never swap
 * it), so home's loader awaits `preloadAuthScreen()` first; once the module is loaded the lazy
 * component resolves synchronously. In the browser the server's HTML stays in place until the
 * module arrives and hydrates.
 */
type AuthModule = typeof AuthScreenModule

let loaded: AuthModule | null = null

function load(): Promise<AuthModule> {
  return import('~/components/auth/auth-screen').then((module) => {
    loaded = module
    return module
  })
}

export function preloadAuthScreen(): Promise<unknown> {
  return loaded ? Promise.resolve(loaded) : load()
}

const LazyAuthScreen = lazy(() => {
  const ready = loaded
  if (ready) {
    // A thenable that resolves at once, so React renders without suspending.
    const settled: PromiseLike<{ default: AuthModule['AuthScreen'] }> = {
      then: (resolve) => Promise.resolve(resolve ? resolve({ default: ready.AuthScreen }) : undefined) as never,
    }
    return settled as Promise<{ default: AuthModule['AuthScreen'] }>
  }
  return load().then((module) => ({ default: module.AuthScreen }))
})

export function HomeAuthScreen() {
  return (
    <Suspense
      fallback={
        <div className="flex min-h-[50vh] items-center justify-center">
          <DotsLoader label="Loading sign-in" />
        </div>
      }
    >
      <LazyAuthScreen />
    </Suspense>
  )
}
