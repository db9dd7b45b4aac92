import type { DbHandle } from '@db/client'
import { config } from '../config.server'
import { logger } from '../logger.server'
import { refreshNews } from './refresh.server'

interface Scheduler {
  timer: NodeJS.Timeout | null
  running: Promise<unknown> | null
  stopped: boolean
}

// On globalThis so the dev server's module reloads never start a second scheduler.
const KEY = Symbol.for('scdot.news-scheduler')
type GlobalWithScheduler = typeof globalThis & { [KEY]?: Scheduler | null }
const registry = globalThis as GlobalWithScheduler

export function newsFetchEnabled(): boolean {
  return config().NEWS_FETCH
}

/**
 * Fetches the news shortly after start and then every NEWS_FETCH_INTERVAL_MS (30 minutes by default),
 * unless NEWS_FETCH=off. Servers sharing a database take turns through the fetch lease, so only one
 * fetches at a time. Timers are unref'd (they never keep the process alive) and stop on SIGTERM/SIGINT
 * or stopNewsScheduler(). Starting twice is a no-op.
 */
export function startNewsScheduler(getHandle: () => Promise<DbHandle>): boolean {
  if (registry[KEY] || !newsFetchEnabled()) return false
  // The first fetch waits NEWS_FIRST_FETCH_DELAY_MS after start, so startup and the first requests are not slowed.
  const { NEWS_FETCH_INTERVAL_MS: intervalMs, NEWS_FIRST_FETCH_DELAY_MS: firstDelayMs } = config()
  const scheduler: Scheduler = { timer: null, running: null, stopped: false }
  registry[KEY] = scheduler
  const schedule = (delay: number) => {
    if (scheduler.stopped) return
    scheduler.timer = setTimeout(tick, delay)
    scheduler.timer.unref()
  }
  const tick = () => {
    scheduler.running = (async () => {
      try {
        const report = await refreshNews(await getHandle())
        if (report.lockHeld) logger.info('news fetch skipped: another server holds the lock')
      } catch (error) {
        logger.error({ err: error }, 'scheduled news fetch failed')
      } finally {
        scheduler.running = null
        schedule(intervalMs)
      }
    })()
  }
  schedule(firstDelayMs)
  process.once('SIGTERM', stopNewsScheduler)
  process.once('SIGINT', stopNewsScheduler)
  logger.info({ intervalMs, firstDelayMs }, 'news scheduler started')
  return true
}

/** Stops future fetches; resolves when a fetch in progress has finished. */
export async function stopNewsScheduler(): Promise<void> {
  const scheduler = registry[KEY]
  if (!scheduler) return
  registry[KEY] = null
  scheduler.stopped = true
  if (scheduler.timer) clearTimeout(scheduler.timer)
  process.removeListener('SIGTERM', stopNewsScheduler)
  process.removeListener('SIGINT', stopNewsScheduler)
  await scheduler.running
}
