import { SC_TIME_ZONE } from '../dashboard/clock'
import type { InputMethod } from './validate'

/**
 * How a submission's time and input method are shown. Pure. The server (and the browser's first render)
 * use South Carolina's zone with its abbreviation, so the text is unambiguous; pages switch to the
 * browser's own zone once hydrated.
 */
export function formatSubmittedTime(iso: string, timeZone: string | 'local' = SC_TIME_ZONE): string {
  return new Intl.DateTimeFormat('en-US', {
    timeZone: timeZone === 'local' ? undefined : timeZone,
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(new Date(iso))
}

/** 'YYYY-MM-DD' of the instant in South Carolina, for file names. */
export function submittedDate(iso: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: SC_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  )
}

export const INPUT_METHOD_LABELS: Record<InputMethod, string> = {
  photo: 'Photo scan',
  voice: 'Voice input',
  manual: 'Typed by hand',
}

/** The PDF's file name: '<formId>-<date>.pdf', with anything unsafe in a header or a path replaced. */
export function reportFileName(formId: string, iso: string): string {
  const safeId = formId.replace(/[^A-Za-z0-9._-]/g, '_')
  return `${safeId}-${submittedDate(iso)}.pdf`
}
