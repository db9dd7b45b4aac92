/**
 * Date ranges of an insight: '2024-2025' (whole calendar years, UTC), '2025' (one year), or a preset
 * counted back from now ('last-7-days', 'last-30-days', 'last-90-days', 'last-12-months'). Each range is
 * compared with the previous period of the same length. Pure.
 */
import { z } from 'zod'

export const DEFAULT_DATE_RANGE = '2024-2025'
export const DATE_RANGE_PRESETS = ['last-7-days', 'last-30-days', 'last-90-days', 'last-12-months'] as const
const PRESET_DAYS: Record<(typeof DATE_RANGE_PRESETS)[number], number> = {
  'last-7-days': 7,
  'last-30-days': 30,
  'last-90-days': 90,
  'last-12-months': 365,
}
const MIN_YEAR = 2000
const MAX_YEAR = 2100
const MAX_YEARS = 10
const DAY_MS = 86_400_000

export interface DateRange {
  /** As given, normalised: '2024-2025', '2025', 'last-30-days'. */
  label: string
  /** Inclusive start, exclusive end. */
  start: Date
  end: Date
  previous: { label: string; start: Date; end: Date }
}

export type ParsedRange = { ok: true; range: DateRange } | { ok: false; message: string }

const yearStart = (year: number) => new Date(Date.UTC(year, 0, 1))
const isoDay = (date: Date) => date.toISOString().slice(0, 10)

function years(from: number, to: number): ParsedRange {
  if (from < MIN_YEAR || to > MAX_YEAR) return { ok: false, message: `Years must be between ${MIN_YEAR} and ${MAX_YEAR}.` }
  if (to < from) return { ok: false, message: 'The date range must start before it ends.' }
  if (to - from + 1 > MAX_YEARS) return { ok: false, message: `A date range covers at most ${MAX_YEARS} years.` }
  const span = to - from + 1
  const label = from === to ? String(from) : `${from}-${to}`
  const prevFrom = from - span
  const prevTo = from - 1
  return {
    ok: true,
    range: {
      label,
      start: yearStart(from),
      end: yearStart(to + 1),
      previous: { label: prevFrom === prevTo ? String(prevFrom) : `${prevFrom}-${prevTo}`, start: yearStart(prevFrom), end: yearStart(from) },
    },
  }
}

/** Parses a date range; `now` fixes the presets. */
export function parseDateRange(text: string, now: Date = new Date()): ParsedRange {
  const value = text.trim().toLowerCase()
  const pair = /^(\d{4})\s*(?:-|–|to)\s*(\d{4})$/.exec(value)
  if (pair) return years(Number(pair[1]), Number(pair[2]))
  const single = /^(\d{4})$/.exec(value)
  if (single) return years(Number(single[1]), Number(single[1]))
  if ((DATE_RANGE_PRESETS as readonly string[]).includes(value)) {
    const days = PRESET_DAYS[value as keyof typeof PRESET_DAYS]
    const end = new Date(now.getTime())
    const start = new Date(end.getTime() - days * DAY_MS)
    const previousStart = new Date(start.getTime() - days * DAY_MS)
    return {
      ok: true,
      range: {
        label: value,
        start,
        end,
        previous: { label: `${isoDay(previousStart)} to ${isoDay(start)}`, start: previousStart, end: start },
      },
    }
  }
  return { ok: false, message: `Use a date range such as '${DEFAULT_DATE_RANGE}', '2025' or one of ${DATE_RANGE_PRESETS.join(', ')}.` }
}

/** How a range reads in a sentence: 'in 2024-2025', 'in the last 30 days'. */
export function describeRange(label: string): string {
  const preset = /^last-(\d+)-(days|months)$/.exec(label)
  if (preset) return `in the last ${preset[1]} ${preset[2]}`
  return `in ${label}`
}

/** zod for a date range field: a string that parses. */
export const dateRangeSchema = z
  .string()
  .trim()
  .max(40, 'The date range is too long.')
  .refine((value) => parseDateRange(value).ok, { message: `Use a date range such as '${DEFAULT_DATE_RANGE}', '2025' or one of ${DATE_RANGE_PRESETS.join(', ')}.` })
