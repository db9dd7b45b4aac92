/**
 * Times and dates on the dashboard and the home greeting.
 *
 * The server cannot know the visitor's time zone, and the first render in the browser must repeat the
 * server's HTML exactly (hydration). So the server render, and the browser's first render, use South
 * Carolina's own zone (the whole state is on Eastern time, and the product is for South Carolina
 * only): the same instant formatted in the same zone gives the same text on both sides. Once the
 * page is interactive, greetings and the clock switch to the browser's own zone. Dates (recent
 * searches, achievements) always use South Carolina time, so they never change after load.
 */
export const SC_TIME_ZONE = 'America/New_York'

// Making an Intl.DateTimeFormat costs far more than formatting with one, and a dashboard formats a date
// per recent search and achievement: one formatter per kind and zone, made on first use.
const formatters = new Map<string, Intl.DateTimeFormat>()
function formatter(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${kind}|${options.timeZone ?? ''}`
  let held = formatters.get(key)
  if (!held) formatters.set(key, (held = new Intl.DateTimeFormat('en-US', options)))
  return held
}

/** Hour (0-23) and minute of an instant in a time zone; undefined zone = the runtime's own. */
export function clockParts(date: Date, timeZone?: string): { hour: number; minute: number } {
  if (timeZone === undefined) return { hour: date.getHours(), minute: date.getMinutes() }
  const parts = formatter('parts', { timeZone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }).formatToParts(date)
  const value = (type: string) => Number(parts.find((part) => part.type === type)?.value ?? 0)
  return { hour: value('hour') % 24, minute: value('minute') }
}

/** 'hh:mm AM' (two-digit hour, 12-hour clock as US users read it). */
export function formatClock(date: Date, timeZone?: string): string {
  return formatter('clock', { timeZone, hour: '2-digit', minute: '2-digit', hour12: true }).format(date)
}

/** 'Jan 5, 2026' in South Carolina time. */
export function formatShortDate(iso: string): string {
  return formatter('date', { timeZone: SC_TIME_ZONE, month: 'short', day: 'numeric', year: 'numeric' }).format(new Date(iso))
}
