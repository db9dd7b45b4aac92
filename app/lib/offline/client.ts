/**
 * The browser side of offline answers: reads the offline index (through the service worker, which keeps
 * a copy, or straight from its cache when the page has no worker yet) and answers a question on the device.
 */
import { OFFLINE_INDEX_PATH } from '../pwa/cache-policy'
import { answerOffline, prepareIndex, type PreparedIndex } from './answer'
import type { OfflineIndex } from './types'
import type { SearchResult } from '../search/core/types'

let prepared: PreparedIndex | null = null

/** An index of the format this build reads (an older saved one is ignored until the next refresh). */
function isIndex(value: unknown): value is OfflineIndex {
  return Boolean(value && typeof value === 'object' && (value as OfflineIndex).format === 2 && Array.isArray((value as OfflineIndex).passages))
}

async function fromNetworkOrWorker(): Promise<OfflineIndex | null> {
  try {
    const response = await fetch(OFFLINE_INDEX_PATH, { credentials: 'same-origin' })
    if (!response.ok) return null
    const body: unknown = await response.json()
    return isIndex(body) ? body : null
  } catch {
    return null
  }
}

async function fromCacheStorage(): Promise<OfflineIndex | null> {
  if (typeof caches === 'undefined') return null
  try {
    const response = await caches.match(OFFLINE_INDEX_PATH, { ignoreSearch: true })
    const body: unknown = response ? await response.json() : null
    return isIndex(body) ? body : null
  } catch {
    return null
  }
}

/** The prepared index, or null when this device has none (never online with the app since install). */
export async function loadOfflineIndex(): Promise<PreparedIndex | null> {
  const index = (await fromNetworkOrWorker()) ?? (await fromCacheStorage())
  if (!index) return prepared
  if (prepared?.version !== index.version) prepared = prepareIndex(index)
  return prepared
}

/** Answers on the device; null when no index is saved here. */
export async function answerOnDevice(question: string): Promise<SearchResult | null> {
  const index = await loadOfflineIndex()
  return index ? answerOffline(index, question) : null
}
