/**
 * Pure helpers that turn a parsed feed entry into a storable news item: plain text, capped lengths,
 * absolute http(s) links only, a sane publication date, and an id derived from the canonical link
 * (so the same article reached through two feeds is one row).
 */
import { createHash } from 'node:crypto'

export const MAX_TITLE_CHARS = 300
export const MAX_SUMMARY_CHARS = 600
export const MAX_URL_CHARS = 2000
/** A date further ahead than this is a feed's mistake: the item is dated when it was fetched. */
export const FUTURE_TOLERANCE_MS = 24 * 60 * 60 * 1000

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '-',
  mdash: '-',
  hellip: '...',
  rsquo: "'",
  lsquo: "'",
  rdquo: '"',
  ldquo: '"',
}

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10)
      return Number.isFinite(n) && n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : ''
    }
    return NAMED_ENTITIES[code.toLowerCase()] ?? whole
  })
}

/** Markup out, entities decoded, whitespace collapsed: what a summary reads as text. */
export function stripHtml(html: string | null | undefined): string {
  if (!html) return ''
  const withoutBlocks = html
    .replace(/<(script|style|noscript|iframe)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
  const withoutTags = withoutBlocks.replace(/<\/?[a-z][^>]*>/gi, ' ')
  return decodeEntities(withoutTags)
    // Control characters (other than whitespace, collapsed below) never belong in a headline.
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
}

/** At most `max` characters, cut at a word boundary when one is near, with an ellipsis. */
export function capText(text: string, max: number): string {
  if (text.length <= max) return text
  const cut = text.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  const base = space > max * 0.6 ? cut.slice(0, space) : cut
  return `${base.replace(/[\s.,;:-]+$/, '')}…`
}

const TRACKING_PARAMS = /^(utm_[a-z]+|fbclid|gclid|mc_cid|mc_eid)$/i

/**
 * The link as an absolute http(s) URL (resolved against `base` when relative), or null for anything
 * else (javascript:, data:, mailto:, unparsable, too long). Fragments and tracking parameters go;
 * the host is lower-cased by the URL parser.
 */
export function canonicalUrl(link: string | null | undefined, base?: string | null): string | null {
  if (!link) return null
  let url: URL
  try {
    url = base ? new URL(link.trim(), base) : new URL(link.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password) return null
  url.hash = ''
  for (const key of [...url.searchParams.keys()]) if (TRACKING_PARAMS.test(key)) url.searchParams.delete(key)
  const text = url.toString()
  return text.length <= MAX_URL_CHARS ? text : null
}

/** The stored id: a hash of the canonical link, so one article is one row whichever feed brought it. */
export function newsItemId(canonical: string): string {
  return createHash('sha256').update(canonical).digest('hex').slice(0, 32)
}

/** The item's date: its own when sane; the fetch time when missing, invalid or in the future. */
export function publicationDate(published: Date | null | undefined, updated: Date | null | undefined, now: Date): Date {
  for (const candidate of [published, updated]) {
    if (!candidate || Number.isNaN(candidate.getTime())) continue
    if (candidate.getTime() > now.getTime() + FUTURE_TOLERANCE_MS) return now
    return candidate.getTime() > now.getTime() ? now : candidate
  }
  return now
}

export interface RawEntry {
  title: string | null
  description: string | null
  content: string | null
  url: string | null
  published: Date | null
  updated: Date | null
}

export interface NormalisedEntry {
  id: string
  title: string
  summary: string
  url: string
  publishedAt: Date
}

/** A feed entry as a storable item, or null when it has no usable link or title. */
export function normaliseEntry(entry: RawEntry, feedUrl: string, now: Date): NormalisedEntry | null {
  const url = canonicalUrl(entry.url, feedUrl)
  if (!url) return null
  const title = capText(stripHtml(entry.title), MAX_TITLE_CHARS)
  if (!title) return null
  const summary = capText(stripHtml(entry.description || entry.content), MAX_SUMMARY_CHARS)
  return { id: newsItemId(url), title, summary, url, publishedAt: publicationDate(entry.published, entry.updated, now) }
}

/** One entry per id (the first seen wins): the same link twice in one fetch is one item. */
export function dedupeById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>()
  return items.filter((item) => (seen.has(item.id) ? false : (seen.add(item.id), true)))
}
