/**
 * The service worker. Built by @remix-pwa/dev into <build>/client/entry.worker.js and run by the
 * @remix-pwa/worker-runtime, which hands every fetch to `defaultFetchHandler` below (no route here has a
 * worker loader or action). What may be cached is decided by app/lib/pwa/cache-policy.ts (pure, tested).
 *
 * - Install: precache the app shell (the hashed files of the entry, root and offline routes, listed at
 *   build time), the icons and manifest, and the offline answer index.
 * - Navigations and page data: network first (4 s), then this user's saved copy, then a static offline page.
 *   Every other page load of our origin (private pages, pages not kept) is network only, with the same
 *   offline page on a network failure: no page the app links to shows the browser's error page.
 *   Saved pages live in a cache per partition (the server's X-Cache-Partition header); offline, only the
 *   current partition is read, and a change of partition (sign-out, someone else signs in) deletes the rest.
 * - Hashed assets: cache first. /ocr/**: cached on first use. The offline index: network first, cached.
 * - Never cached: non-GET, /api/** (except the index), submissions, admin, history, favourites, auth, any
 *   answer with Set-Cookie or Cache-Control: no-store.
 *
 * Update policy: a new worker installs in the background and waits; it takes over when every tab of the
 * old one is closed (or when a page sends { type: 'SKIP_WAITING' }), so an open page never loses the files
 * it was built with. The first worker claims open pages at once (nothing to break). Old versioned caches
 * are deleted on activate.
 */
import { CacheFirst, type DefaultFetchHandler } from '@remix-pwa/sw'
import { readPushPayload } from './lib/pwa/push-payload'
import {
  OFFLINE_INDEX_PATH,
  cacheNames,
  isAppNavigation,
  kindOf,
  partitionOf,
  shouldCache,
  staleCaches,
  MANIFEST_PATH,
} from './lib/pwa/cache-policy'
import { OFFLINE_TOOLS, offlineFallbackHtml } from './lib/pwa/offline-page'
import type { ExtendableEvent, ServiceWorkerScope } from './lib/pwa/sw-types'

declare const self: ServiceWorkerScope

const VERSION: string = process.env.SW_VERSION || 'dev'
const SHELL = JSON.parse(process.env.SW_PRECACHE || '[]') as string[]
const EXTRA_STATIC = ['/favicon.svg', '/logo-mark.svg', '/icons/icon-192.png', '/icons/icon-512.png', '/icons/icon-maskable-512.png', MANIFEST_PATH]
const NETWORK_TIMEOUT_MS = 4000
const NAMES = cacheNames(VERSION)
const PARTITION_KEY = '/__sw/partition'
const origin = self.location.origin

const staticStrategy = new CacheFirst(NAMES.static, { maxEntries: 400, maxAgeSeconds: 365 * 24 * 3600, cacheableResponse: { statuses: [200] } })
const ocrStrategy = new CacheFirst(NAMES.ocr, { maxEntries: 20, maxAgeSeconds: 365 * 24 * 3600, cacheableResponse: { statuses: [200] } })

// --- the current partition (kept in a cache, because a worker's memory does not survive idling) --------

let partitionMemo: string | null | undefined

async function currentPartition(): Promise<string | null> {
  if (partitionMemo !== undefined) return partitionMemo
  const saved = await (await caches.open(NAMES.meta)).match(PARTITION_KEY)
  partitionMemo = saved ? (await saved.text()) || null : null
  return partitionMemo
}

async function setPartition(partition: string | null): Promise<void> {
  partitionMemo = partition
  const meta = await caches.open(NAMES.meta)
  if (partition) await meta.put(PARTITION_KEY, new Response(partition))
  else await meta.delete(PARTITION_KEY)
  await deleteCaches(staleCaches(await caches.keys(), VERSION, partition))
}

async function deleteCaches(names: string[]): Promise<void> {
  await Promise.all(names.map((name) => caches.delete(name)))
}

/** A page answer names who is signed in now: a new partition drops every other one, then warms the tools. */
async function notePartition(partition: string): Promise<void> {
  if ((await currentPartition()) === partition) return
  await setPartition(partition)
  await warmTools()
}

/**
 * Saves the offline tools' pages (home, calculators, cheat sheets, documents) for whoever is signed in,
 * so they open offline before a first visit. Each answer names its partition, which becomes current.
 */
async function warmTools(): Promise<void> {
  await Promise.all(
    OFFLINE_TOOLS.map(async (tool) => {
      try {
        const request = new Request(new URL(tool.path, origin).href, { credentials: 'same-origin' })
        const response = await fetch(request)
        const partition = partitionOf(response)
        if (!partition || shouldCache(request, response, origin) !== 'page') return
        if ((await currentPartition()) !== partition) await setPartition(partition)
        await (await caches.open(NAMES.page(partition))).put(request, response)
      } catch {
        // Offline or the server is down: the tool is saved on its first visit instead.
      }
    }),
  )
}

/** Warms the tools unless the current partition already holds all of them (pages ask on every load). */
async function warmIfNeeded(): Promise<void> {
  const partition = await currentPartition()
  if (partition) {
    const saved = new Set((await (await caches.open(NAMES.page(partition))).keys()).map((request) => new URL(request.url).pathname))
    if (OFFLINE_TOOLS.every((tool) => saved.has(tool.path))) return
  }
  await warmTools()
}

async function refreshIndex(): Promise<void> {
  try {
    const request = new Request(new URL(OFFLINE_INDEX_PATH, origin).href, { credentials: 'same-origin' })
    const response = await fetch(request)
    if (shouldCache(request, response, origin) === 'index') await (await caches.open(NAMES.index)).put(request, response)
  } catch {
    // Kept from last time.
  }
}

// --- lifecycle ------------------------------------------------------------------------------------------

self.addEventListener('install', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(NAMES.static)
      await cache.addAll([...new Set([...SHELL, ...EXTRA_STATIC])])
      await refreshIndex()
    })(),
  )
})

self.addEventListener('activate', (event: ExtendableEvent) => {
  event.waitUntil(
    (async () => {
      const partition = await currentPartition()
      await deleteCaches(staleCaches(await caches.keys(), VERSION, partition))
      // A worker activates only when no page uses an older one (or on the first install), so claiming
      // breaks nothing: the open pages work offline at once. Warming the tools waits for the page to ask
      // (message 'WARM', sent when it is idle): fetches wait while a worker is activating.
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null
  if (data && data.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting())
  // Pages ask once idle after each load: save the offline tools if missing, and refresh the offline index
  // (a 304 when unchanged, thanks to its ETag).
  if (data && data.type === 'WARM') event.waitUntil(Promise.all([warmIfNeeded(), refreshIndex()]))
})

// --- push (payload from the push helper: { title, body, url, tag, icon, badge, type }) -----------------
// Worker imports are relative only: the worker is bundled without the app's `~/` alias.

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text())
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: payload.icon,
      badge: payload.badge,
      data: { url: payload.url, type: payload.type },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const wanted = (event.notification.data as { url?: unknown } | null)?.url
  let target = new URL('/', origin)
  try {
    const url = new URL(typeof wanted === 'string' ? wanted : '/', origin)
    if (url.origin === origin) target = url
  } catch {
    // Keep home.
  }
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const same = windows.find((client) => client.url === target.href)
      if (same) return void (await same.focus())
      const any = windows.find((client) => new URL(client.url).origin === origin)
      if (any) {
        const moved = await any.navigate(target.href).catch(() => null)
        return void (await (moved ?? any).focus())
      }
      await self.clients.openWindow(target.href)
    })(),
  )
})

// --- fetch ----------------------------------------------------------------------------------------------

// Registered before the runtime's own fetch listener (this module is evaluated first). Requests the worker
// has no business with (network only: other methods, the API, other origins, private pages) are left to
// the browser untouched: no respondWith, and the runtime's listener is not reached. Only a sign-in or
// sign-out form posted as a navigation goes on to the handler below, which forgets the saved pages.
self.addEventListener('fetch', (event) => {
  const request = event.request
  const url = new URL(request.url)
  const authNavigation = request.method !== 'GET' && request.mode === 'navigate' && url.origin === origin && AUTH_WRITES.test(url.pathname)
  if (!authNavigation && kindOf(request, origin) === null && !isAppNavigation(request, origin)) event.stopImmediatePropagation()
})

const TIMED_OUT = Symbol('timed out')

/** The network's answer, or TIMED_OUT when it takes longer than `ms` (the fetch carries on). */
function within<T>(promise: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve(TIMED_OUT), ms)
    promise.then(
      (value) => {
        clearTimeout(timer)
        resolve(value)
      },
      (error: unknown) => {
        clearTimeout(timer)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}

const AUTH_WRITES = /^\/(api\/auth\/|logout$|auth$)/

async function savedPage(request: Request): Promise<Response | undefined> {
  const partition = await currentPartition()
  if (!partition) return undefined
  const cache = await caches.open(NAMES.page(partition))
  return (await cache.match(request)) ?? (request.mode === 'navigate' ? await cache.match(request, { ignoreSearch: true }) : undefined)
}

function keepPage(request: Request, response: Response, event: ExtendableEvent): void {
  const partition = partitionOf(response)
  if (!partition) return
  const copy = shouldCache(request, response, origin) === 'page' ? response.clone() : null
  event.waitUntil(
    (async () => {
      await notePartition(partition)
      if (copy && (await currentPartition()) === partition) await (await caches.open(NAMES.page(partition))).put(request, copy)
    })(),
  )
}

/**
 * Network first. After 4 s without an answer this user's saved copy is shown if there is one (the
 * answer, when it comes, refreshes the copy); with no copy the page keeps waiting for the network.
 * A network failure falls back to the saved copy, then (for a navigation) to the static offline page.
 */
async function pageOrData(request: Request, event: ExtendableEvent): Promise<Response> {
  const network = fetch(request)
  try {
    const first = await within(network, NETWORK_TIMEOUT_MS)
    if (first !== TIMED_OUT) {
      keepPage(request, first, event)
      return first
    }
    const saved = await savedPage(request)
    if (saved) {
      event.waitUntil(network.then((late) => keepPage(request, late, event)).catch(() => undefined))
      return saved
    }
    const late = await network
    keepPage(request, late, event)
    return late
  } catch (error) {
    const saved = await savedPage(request)
    if (saved) return saved
    if (request.mode === 'navigate') return offlinePage(request)
    throw error
  }
}

function offlinePage(request: Request): Response {
  return new Response(offlineFallbackHtml(new URL(request.url).pathname), {
    status: 503,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' },
  })
}

/** A page load that is never kept (a private page, an unknown path): the network, or the offline page. */
async function networkOrOfflinePage(request: Request): Promise<Response> {
  try {
    return await fetch(request)
  } catch {
    return offlinePage(request)
  }
}

async function networkFirst(request: Request, cacheName: string, kind: 'index' | 'manifest', event: ExtendableEvent): Promise<Response> {
  const network = fetch(request)
  try {
    const first = await within(network, NETWORK_TIMEOUT_MS)
    if (first === TIMED_OUT) {
      const saved = await (await caches.open(cacheName)).match(request, { ignoreSearch: true })
      if (saved) return saved
    }
    const response = first === TIMED_OUT ? await network : first
    if (shouldCache(request, response, origin) === kind) {
      const copy = response.clone()
      event.waitUntil(caches.open(cacheName).then((cache) => cache.put(request, copy)))
    }
    return response
  } catch (error) {
    const saved = await (await caches.open(cacheName)).match(request, { ignoreSearch: true })
    if (saved) return saved
    throw error
  }
}

export const defaultFetchHandler: DefaultFetchHandler = async ({ request, context }) => {
  const event = context.event as unknown as ExtendableEvent
  if (request.method !== 'GET') {
    const response = await fetch(request)
    // A sign-in or sign-out form changes who the pages belong to: forget every saved page now (it answers
    // with a redirect, seen here as status 0). Sign-in and sign-out through the JSON API reload the page,
    // whose answer names the new partition, which drops the old one.
    if (new URL(request.url).origin === origin && AUTH_WRITES.test(new URL(request.url).pathname) && response.status < 400) {
      event.waitUntil(setPartition(null))
    }
    return response
  }
  switch (kindOf(request, origin)) {
    case 'static':
      return staticStrategy.handleRequest(request)
    case 'ocr':
      return ocrStrategy.handleRequest(request)
    case 'index':
      return networkFirst(request, NAMES.index, 'index', event)
    case 'manifest':
      return networkFirst(request, NAMES.static, 'manifest', event)
    case 'page':
      return pageOrData(request, event)
    default:
      return isAppNavigation(request, origin) ? networkOrOfflinePage(request) : fetch(request)
  }
}
