import './lib/zod-config'
import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ShouldRevalidateFunction } from '@remix-run/react'
import { data } from '@remix-run/node'
import {
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useNavigation,
  useRouteError,
  useRouteLoaderData,
} from '@remix-run/react'
import { useCallback, useEffect, useState, type ReactNode } from 'react'
import { AppFooter } from './components/app-footer'
import { AppHeader } from './components/app-header'
import { ConnectivityBanner } from './components/connectivity-banner'
import { InstallHost } from './components/install'
import { DotsLoader } from './components/loader'
import { OfflineRecovery } from './components/offline-screen'
import { DisclaimerGate, OnboardingHost } from './components/onboarding'
import { ThemeProvider } from './components/theme'
import { StaticToast, Toaster } from './components/toaster'
import { TopBar } from './components/top-bar'
import { PRODUCT_NAME } from './lib/brand'
import { useNonce } from './lib/nonce'
import { currentUser } from './lib/auth/auth.server'
import { sessionStatus } from './lib/auth/users.server'
import { themeFromCookieHeader } from './lib/theme'
import type { Toast } from './lib/toast'
import { getToast } from './lib/toast.server'
import { useHydrated } from './lib/use-hydrated'
import { whenIdle } from './lib/lazy-part'
import { isOfflineFailure } from './lib/pwa/offline-error'
import { useToasts } from './lib/toast-store'
import { registerServiceWorker } from './lib/pwa/register'
import { forgetQuietMove, isQuietMove, isQuietNavigation } from './lib/quiet-navigation'
import stylesheet from './tailwind.css?url'

export const links: LinksFunction = () => [
  { rel: 'stylesheet', href: stylesheet },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  // The installable app (app/lib/pwa): written by hand, remix-pwa's ManifestLink renders the wrong rel.
  { rel: 'manifest', href: '/manifest.webmanifest' },
  { rel: 'apple-touch-icon', href: '/icons/icon-192.png' },
]

export const meta: MetaFunction = () => [
  { title: `${PRODUCT_NAME} - SCDOT field assistant` },
  {
    name: 'description',
    content:
      'Field assistant for South Carolina DOT road and highway construction specifications: cited answers, drawings, cheat sheets and calculators.',
  },
]

export async function loader({ request }: LoaderFunctionArgs) {
  const theme = themeFromCookieHeader(request.headers.get('cookie'))
  const [{ toast, headers }, user] = await Promise.all([getToast(request), currentUser(request)])
  return data({ theme, toast, session: sessionStatus(user) }, { headers: headers ?? undefined })
}

/** A quiet move (to the address of what the page shows already) loads nothing; the reload in place after it does (quiet-navigation.ts). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  isQuietMove(currentUrl, nextUrl) ? false : defaultShouldRevalidate

// Sets the body's device class from the viewport width before the first paint, and keeps it current.
// Inline and tiny on purpose; the same thresholds as app/lib/screen.ts (covered by its tests).
const DEVICE_CLASS_SCRIPT = `(function(){var b=document.body;function s(){var w=window.innerWidth,c=w<640?'mobile':w<1024?'tablet':'desktop';if(!b.classList.contains(c)){b.classList.remove('mobile','tablet','desktop');b.classList.add(c)}}s();window.addEventListener('resize',s,{passive:true})})()`

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const nonce = useNonce()
  const theme = rootData?.theme ?? 'light'
  return (
    <html lang="en" data-theme={theme} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <meta name="theme-color" content="#1e3a8a" />
        <Meta />
        <Links />
      </head>
      <body suppressHydrationWarning className="min-h-screen bg-background font-sans text-foreground antialiased">
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: DEVICE_CLASS_SCRIPT }} />
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-[200] focus:rounded focus:bg-card focus:p-2"
        >
          Skip to content
        </a>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  )
}

function NavigationLoader() {
  const navigation = useNavigation()
  if (navigation.state === 'idle' || isQuietNavigation(navigation.location?.state)) return null
  return (
    <div className="no-print fixed left-1/2 top-16 z-50 -translate-x-1/2 rounded-full bg-card px-4 py-2 shadow-lg">
      <DotsLoader label="Loading page" />
    </div>
  )
}

/**
 * The toaster once the page has a toast (the server's flash or one raised here) or once it has shown:
 * its own component, so a toast raised or dismissed re-renders this slot, not the whole shell.
 */
function ToasterSlot({ flash, shown, onShown }: { flash: Toast | null; shown: boolean; onShown: () => void }) {
  const raised = useToasts().length > 0
  return flash || raised || shown ? <Toaster flash={flash} onShown={onShown} /> : null
}

function Shell({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>('root')
  const hydrated = useHydrated()
  const flash = rootData?.toast ?? null
  // The Radix toaster loads on demand (app/components/toaster.tsx): when the page has a toast, or when
  // the browser is idle. Until it shows the server's flash, that toast stays as the server rendered it.
  const [toasterShown, setToasterShown] = useState(false)
  const onToasterShown = useCallback(() => setToasterShown(true), [])
  useEffect(() => whenIdle(() => void Toaster.preload().catch(() => {})), [])
  // Without JavaScript the server's toast is part of the page (StaticToast); while the AI notice shows,
  // it is shown inside the notice, never over its button.
  const staticToast = !toasterShown && flash ? <StaticToast toast={flash} /> : null
  const user = rootData?.session.user
  const noticePending = Boolean(user && !user.disclaimerAcknowledged)
  return (
    <ThemeProvider initial={rootData?.theme ?? 'light'}>
      {/* The AI notice blocks the page (even without JavaScript) until the user acknowledges it. */}
      <DisclaimerGate notice={noticePending ? staticToast : null}>
        {/* One sticky bar: the offline banner stacks above the header and never covers its controls (its
            background fills the seam a fractional banner height leaves on a phone's screen); toasts sit in
            the bar's flow under the header, never over the page. */}
        <TopBar>
          <div className="bg-primary">
            <ConnectivityBanner />
            <AppHeader />
          </div>
          {hydrated ? <ToasterSlot flash={flash} shown={toasterShown} onShown={onToasterShown} /> : null}
        </TopBar>
        {noticePending ? null : staticToast}
        <NavigationLoader />
        <main id="main" className="mx-auto w-full max-w-6xl px-[var(--page-gutter)] py-6">
          {children}
        </main>
        <AppFooter />
      </DisclaimerGate>
      <OnboardingHost />
      <InstallHost />
    </ThemeProvider>
  )
}

export default function App() {
  // Production builds only, after load (app/lib/pwa/register.ts).
  useEffect(() => registerServiceWorker(), [])
  // A quiet move holds for the one navigation it starts: once any address is committed it is over (the
  // page that started it has taken it by then, its effects running first), so a move that never committed
  // cannot skip a later navigation's loaders.
  const locationKey = useLocation().key
  useEffect(() => forgetQuietMove(), [locationKey])
  return (
    <Shell>
      <Outlet />
    </Shell>
  )
}

/**
 * Never shows a stack trace: a 404 gets its own screen, a page that could not be fetched offline the
 * app's offline screen (or this user's saved copy), anything else a plain apology.
 */
export function ErrorBoundary() {
  const error = useRouteError()
  const hydrated = useHydrated()
  if (hydrated && isOfflineFailure(error, navigator.onLine)) {
    return (
      <Shell>
        <OfflineRecovery />
      </Shell>
    )
  }
  const notFound = isRouteErrorResponse(error) && error.status === 404
  const status = isRouteErrorResponse(error) ? error.status : 500
  const clientMessage =
    isRouteErrorResponse(error) && status < 500 && typeof error.data === 'object' && error.data && 'message' in error.data
      ? String((error.data as { message: unknown }).message)
      : null
  return (
    <Shell>
      <section className="mx-auto max-w-xl py-16 text-center" aria-labelledby="error-title">
        <p className="text-6xl font-black text-primary">{status}</p>
        <h1 id="error-title" className="mt-4 text-2xl font-bold">
          {notFound ? '404 Page Not Found' : status < 500 ? 'Request refused' : 'Something went wrong'}
        </h1>
        <p className="mt-3 text-muted-foreground">
          {notFound
            ? 'The page you are looking for does not exist or has moved.'
            : clientMessage ?? 'An unexpected error occurred. Please try again; if it keeps happening, come back later.'}
        </p>
        <Link
          to="/"
          className="mt-8 inline-flex min-h-[var(--tap-size)] items-center rounded-md bg-primary px-5 font-semibold text-primary-foreground"
        >
          Back to Home
        </Link>
      </section>
    </Shell>
  )
}
