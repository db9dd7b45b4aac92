import { useEffect, useState } from 'react'
import { SC_TIME_ZONE } from '~/lib/dashboard/clock'

/**
 * The current time for greetings and the clock. The server render and the browser's first render use
 * `renderedAt` in South Carolina time (identical text on both sides, see lib/dashboard/clock.ts);
 * once hydrated, the browser's own time and zone, refreshed at each minute boundary when `tick`.
 */
export function useNow(renderedAt: string, tick: boolean): { date: Date; timeZone: string | undefined } {
  const [now, setNow] = useState<Date | null>(null)
  useEffect(() => {
    setNow(new Date())
    if (!tick) return
    let interval: ReturnType<typeof setInterval> | undefined
    const timeout = setTimeout(
      () => {
        setNow(new Date())
        interval = setInterval(() => setNow(new Date()), 60_000)
      },
      60_000 - (Date.now() % 60_000),
    )
    return () => {
      clearTimeout(timeout)
      if (interval !== undefined) clearInterval(interval)
    }
  }, [tick])
  return now ? { date: now, timeZone: undefined } : { date: new Date(renderedAt), timeZone: SC_TIME_ZONE }
}
