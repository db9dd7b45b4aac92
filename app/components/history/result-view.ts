/**
 * A stored search result (searches.result, written by the search engine) read defensively for
 * /history/<id>: the JSON may come from older or newer engines, so every field is optional, wrong
 * types are dropped, and links are kept only when they are http(s) or a path on this site.
 */
import { recordOf as record } from '~/lib/json-shape'

export interface SourceView {
  title: string
  section: string | null
  location: string | null
  relevance: string | null
  url: string | null
}

export interface CitationView {
  type: string | null
  reference: string
  documentType: string | null
  url: string | null
}

export interface ResultView {
  answer: string | null
  notes: string[]
  searchEngine: string | null
  sources: SourceView[]
  citations: CitationView[]
}

const MAX_ITEMS = 50
const MAX_TEXT = 20_000

function text(value: unknown, max = MAX_TEXT): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value !== 'string') return null
  const trimmed = value.trim()
  return trimmed ? trimmed.slice(0, max) : null
}

function list(value: unknown): Record<string, unknown>[] {
  if (!Array.isArray(value)) return []
  return value.slice(0, MAX_ITEMS).map(record).filter((item): item is Record<string, unknown> => item !== null)
}

/** An address safe to put in href: http(s) anywhere, or a path on this site. Never javascript: or data:. */
export function safeHref(value: unknown): string | null {
  const href = text(value, 2000)
  if (!href) return null
  if (href.startsWith('/')) return href.startsWith('//') || href.includes('\\') ? null : href
  try {
    const url = new URL(href)
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : null
  } catch {
    return null
  }
}

function notesOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value.slice(0, MAX_ITEMS) : [value]
  return items.map((item) => text(item)).filter((item): item is string => item !== null)
}

export function toResultView(result: unknown): ResultView {
  const data = record(result) ?? {}
  const sources = list(data.sources).flatMap((source): SourceView[] => {
    const section = text(source.section, 300)
    const title = text(source.title, 300) ?? section
    if (!title) return []
    return [
      {
        title,
        section: section === title ? null : section,
        location: text(source.specificLocation, 300),
        relevance: text(source.relevance, 40),
        url: safeHref(source.url),
      },
    ]
  })
  const citations = list(data.exactCitations).flatMap((citation): CitationView[] => {
    const reference = text(citation.reference, 300)
    if (!reference) return []
    return [{ type: text(citation.type, 40), reference, documentType: text(citation.documentType, 200), url: safeHref(citation.url) }]
  })
  return {
    answer: text(data.answer),
    notes: notesOf(data.roleSpecificNotes),
    searchEngine: text(data.searchEngine, 100),
    sources,
    citations,
  }
}
