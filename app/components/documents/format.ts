const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const

/** 'YYYY-MM-DD' as 'November 21, 2026', the same on server and client (no locale or time zone). */
export function formatIsoDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso)
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined
  if (!match || !month) return iso
  return `${month} ${Number(match[3])}, ${match[1]}`
}
