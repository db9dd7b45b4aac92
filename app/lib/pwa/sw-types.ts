/**
 * The few service-worker types app/entry.worker.ts uses. The project compiles with the DOM library, and
 * TypeScript's WebWorker library cannot be loaded next to it, so they are declared here.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}

export interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Response | Promise<Response>): void
}

export interface PushEvent extends ExtendableEvent {
  readonly data: { text(): string } | null
}

export interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification
  readonly action: string
}

export interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown
}

export interface WindowClientLike {
  readonly url: string
  focus(): Promise<WindowClientLike>
  navigate(url: string): Promise<WindowClientLike | null>
  postMessage(message: unknown): void
}

export interface ServiceWorkerScope {
  readonly location: Location
  readonly registration: ServiceWorkerRegistration
  readonly clients: {
    claim(): Promise<void>
    matchAll(options?: { type?: 'window' | 'all'; includeUncontrolled?: boolean }): Promise<WindowClientLike[]>
    openWindow(url: string): Promise<WindowClientLike | null>
  }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void
}
