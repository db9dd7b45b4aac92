/**
 * Finished answers to repeated questions, so that a question asked again costs no retrieval and no
 * answer composition. Only the answer is cached: every request still checks its session, counts the
 * search and records it in history (entry.server.ts).
 *
 * - Bounded LRU (ANSWER_CACHE_MAX entries), one cache per database handle.
 * - Every entry belongs to one corpus version (`max(ingested_at)`, `count(*)` of documents and the newest
 *   embedding model), read again at most every CORPUS_RECHECK_MS like the spelling vocabulary: when it
 *   changes, the whole cache is dropped. An answer computed while the version moved is not kept.
 * - Concurrent requests for the same key share one computation.
 * - `SEARCH_ANSWER_CACHE=0` turns it off (benchmarks of the uncached path, or to rule it out).
 */
import type { DbHandle } from '@db/client'
import { config, type Config } from '~/lib/config.server'
import { corpusVersion } from './corpus-version.server'

export const ANSWER_CACHE_MAX = 500
export const CORPUS_RECHECK_MS = 5_000

export interface Computed<V> {
  value: V
  /** False for an answer that must not be reused (a chat model's fallback, for instance). */
  cacheable: boolean
}

export interface AnswerCacheOptions {
  max?: number
  recheckMs?: number
  now?: () => number
}

export class AnswerCache<V> {
  private readonly entries = new Map<string, V>()
  private readonly pending = new Map<string, Promise<Computed<V>>>()
  private version: string | undefined
  private checkedAt = Number.NEGATIVE_INFINITY
  private checking: Promise<string> | undefined
  private readonly max: number
  private readonly recheckMs: number
  private readonly now: () => number

  constructor(
    private readonly readVersion: () => Promise<string>,
    options: AnswerCacheOptions = {},
  ) {
    this.max = Math.max(1, options.max ?? ANSWER_CACHE_MAX)
    this.recheckMs = options.recheckMs ?? CORPUS_RECHECK_MS
    this.now = options.now ?? Date.now
  }

  get size(): number {
    return this.entries.size
  }

  /** The corpus version, read again when the last reading is older than recheckMs (one reading at a time). */
  private async currentVersion(): Promise<string> {
    if (this.version !== undefined && this.now() - this.checkedAt < this.recheckMs) return this.version
    this.checking ??= this.readVersion()
      .then((version) => {
        if (version !== this.version) {
          this.entries.clear()
          this.pending.clear()
          this.version = version
        }
        this.checkedAt = this.now()
        return version
      })
      .finally(() => {
        this.checking = undefined
      })
    return this.checking
  }

  /** The cached value for `key`, else `compute()`'s (kept when cacheable and the corpus did not change meanwhile). */
  async get(key: string, compute: () => Promise<Computed<V>>): Promise<V> {
    let version: string
    try {
      version = await this.currentVersion()
    } catch {
      // The version could not be read: answer without the cache.
      return (await compute()).value
    }
    const hit = this.entries.get(key)
    if (hit !== undefined) {
      // Most recently used last: Map keeps insertion order, so the first key is the one to evict.
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit
    }
    const pendingKey = `${version}\u0000${key}`
    let running = this.pending.get(pendingKey)
    if (!running) {
      running = compute()
      this.pending.set(pendingKey, running)
      const started = running
      void started
        .then(
          (computed) => {
            if (computed.cacheable && this.version === version) this.store(key, computed.value)
          },
          () => {},
        )
        .finally(() => {
          if (this.pending.get(pendingKey) === started) this.pending.delete(pendingKey)
        })
    }
    return (await running).value
  }

  private store(key: string, value: V) {
    this.entries.delete(key)
    this.entries.set(key, value)
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  clear() {
    this.entries.clear()
    this.pending.clear()
    this.version = undefined
    this.checkedAt = Number.NEGATIVE_INFINITY
  }
}

export function answerCacheEnabled(settings: Config = config()): boolean {
  return settings.SEARCH_ANSWER_CACHE
}

const caches = new WeakMap<DbHandle, AnswerCache<unknown>>()

export function answerCacheFor<V>(handle: DbHandle): AnswerCache<V> {
  let cache = caches.get(handle)
  if (!cache) {
    cache = new AnswerCache<unknown>(() => corpusVersion(handle))
    caches.set(handle, cache)
  }
  return cache as AnswerCache<V>
}

/** Deeply frozen: one cached answer is handed to many requests, none may change it. */
export function frozen<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) frozen(child)
  }
  return value
}
