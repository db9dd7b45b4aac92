/**
 * Category and priority rules for a news item (pure, unit-tested in classify.test.ts).
 *
 * Category: the feed's own category, with two overrides that follow what a reader would expect:
 * - an item that names the department (SCDOT, South Carolina Department of Transportation) is filed
 *   under scdot wherever it was published: no scdot.org feed address is confirmed, so this is how
 *   department news reaches its button;
 * - an item whose TITLE names OSHA is filed under osha (an 'OSHA fines' story in the construction
 *   press belongs with OSHA). Safety words alone (fall, trench, fatality) do not move an item: they
 *   raise its priority instead, so the OSHA button stays about the regulator and the safety press.
 *
 * Priority:
 * - critical: recalls, fatalities/deaths, emergencies, closures, collapses, imminent danger,
 *   stop-work orders;
 * - high: department (scdot) items, and new or proposed rules, standards, regulations, deadlines,
 *   effective dates, citations and penalties;
 * - normal otherwise.
 */
import type { NewsCategory, NewsPriority } from './types'

const DEPARTMENT = /\b(scdot|south carolina department of transportation|s\.c\. department of transportation|sc department of transportation)\b/i
const OSHA = /\bosha\b|\boccupational safety and health administration\b/i

const CRITICAL = [
  /\brecall(s|ed)?\b/i,
  /\bfatal(ity|ities)?\b/i,
  /\b(death|deaths|died|killed)\b/i,
  /\bemergenc(y|ies)\b/i,
  /\bclosures?\b/i,
  /\b(collapse|collapsed|collapses)\b/i,
  /\bimminent danger\b/i,
  /\bstop[- ]work order\b/i,
]

const HIGH = [
  /\b(new|final|proposed|interim|updated|revised) (rule|rules|standard|standards|regulation|regulations|requirement|requirements|specification|specifications)\b/i,
  /\brulemaking\b/i,
  /\bdeadlines?\b/i,
  /\beffective (date|on|immediately)\b/i,
  /\b(cited|citations?|penalt(y|ies)|fined)\b/i,
]

export interface ClassifyInput {
  feedCategory: NewsCategory
  title: string
  summary: string
}

export function categorise({ feedCategory, title, summary }: ClassifyInput): NewsCategory {
  if (DEPARTMENT.test(title) || DEPARTMENT.test(summary)) return 'scdot'
  if (feedCategory !== 'osha' && OSHA.test(title)) return 'osha'
  return feedCategory
}

export function prioritise(category: NewsCategory, title: string, summary: string): NewsPriority {
  const text = `${title}\n${summary}`
  if (CRITICAL.some((rule) => rule.test(text))) return 'critical'
  if (category === 'scdot' || HIGH.some((rule) => rule.test(text))) return 'high'
  return 'normal'
}

const PRIORITY_RANK: Record<NewsPriority, number> = { critical: 0, high: 1, normal: 2 }

/**
 * Display order: newest day first; within one calendar day (UTC) critical before high before normal,
 * then newest first. A week-old critical item never sits above today's news.
 */
export function compareNews(
  a: { publishedAt: string | Date; priority: NewsPriority },
  b: { publishedAt: string | Date; priority: NewsPriority },
): number {
  const ta = new Date(a.publishedAt).getTime()
  const tb = new Date(b.publishedAt).getTime()
  const dayA = Math.floor(ta / 86_400_000)
  const dayB = Math.floor(tb / 86_400_000)
  if (dayA !== dayB) return dayB - dayA
  const rank = PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]
  return rank !== 0 ? rank : tb - ta
}
