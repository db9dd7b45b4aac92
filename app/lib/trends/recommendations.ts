/**
 * Actionable recommendations, each from a rule on the figures, citing the related specifications found
 * in the corpus (or the cheat sheet of a topic). No rule fires without data behind it. Pure.
 */
import { TOPICS } from '../dashboard/topics'
import { MIN_ARTICLES, type TrendFigures } from './metrics'

/** A rise this large (percent) in articles or searches is called out. */
export const NOTABLE_RISE = 25
/** This many critical or high-priority articles call for a crew briefing. */
export const PRIORITY_BRIEFING = 2
export const MAX_RECOMMENDATIONS = 4

const SAFETY_CATEGORIES = new Set(['Construction Safety', 'Traffic Control'])

function cite(specs: readonly string[], index = 0): string {
  return specs[index] ?? specs[0] ?? 'the related specifications below'
}

export function recommendationsFor(f: TrendFigures, relatedSpecifications: readonly string[]): string[] {
  if (!f.enoughData) return []
  const out: string[] = []
  if (f.priorityArticles >= 1 && SAFETY_CATEGORIES.has(f.category)) {
    out.push(
      `${f.priorityArticles} ${f.category.toLowerCase()} ${f.priorityArticles === 1 ? 'item was' : 'items were'} flagged critical or high priority: walk the work-zone traffic control checklist (Work Zone Traffic Control cheat sheet) on active sites and check devices against ${cite(relatedSpecifications)}.`,
    )
  } else if (f.priorityArticles >= PRIORITY_BRIEFING) {
    out.push(
      `Brief crews on the ${f.priorityArticles} critical or high-priority ${f.category} articles of this period and compare current practice with ${cite(relatedSpecifications)}.`,
    )
  }
  if (f.articles >= MIN_ARTICLES && f.articleChangePercent !== null && f.articleChangePercent >= NOTABLE_RISE) {
    out.push(`News about ${f.category} rose ${f.articleChangePercent}% on ${f.previousLabel}: review ${cite(relatedSpecifications, 1)} before similar work starts.`)
  }
  const top = f.topTopics[0]
  if (top) {
    const sheet = TOPICS.find((topic) => topic.name === top.topic)?.cheatSheetId
    out.push(
      sheet
        ? `${top.topic} is the most searched topic (${top.searches} searches): keep the ${top.topic} cheat sheet (Inspector Cheat Sheets) at hand in the field.`
        : `${top.topic} is the most searched topic (${top.searches} searches): point crews to ${cite(relatedSpecifications)}.`,
    )
  }
  if (f.searchChangePercent !== null && f.searchChangePercent >= NOTABLE_RISE) {
    out.push(`Searches on ${f.category} topics rose ${f.searchChangePercent}%: check that site references for ${cite(relatedSpecifications)} are current.`)
  }
  return out.slice(0, MAX_RECOMMENDATIONS)
}
