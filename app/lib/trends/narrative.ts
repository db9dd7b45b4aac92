/**
 * The insight text, written from the figures by a fixed template: it states what the data shows and no
 * more (what rose or fell, what people search for, what the news says), and says plainly when there is
 * too little data. Pure.
 */
import { describeRange } from './date-range'
import { MIN_ARTICLES, MIN_SEARCHERS, type TrendFigures } from './metrics'

export const NOT_ENOUGH_DATA = 'Not enough data in this period to identify a trend.'

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`

function newsSentence(f: TrendFigures): string {
  const when = describeRange(f.rangeLabel)
  if (f.articles === 0) return `No stored news articles about ${f.category} were published ${when}.`
  if (f.articles < MIN_ARTICLES) {
    return `Only ${plural(f.articles, 'stored news article')} about ${f.category} ${f.articles === 1 ? 'was' : 'were'} published ${when}, too few to call a trend in the news.`
  }
  const base = `${plural(f.articles, 'stored news article')} about ${f.category} ${f.articles === 1 ? 'was' : 'were'} published ${when}`
  const pct = f.articleChangePercent
  if (pct === null) return `${base}; there were none in the previous period (${f.previousLabel}) to compare with.`
  if (pct > 0) return `${base}, up ${pct}% from ${f.previousArticles} in ${f.previousLabel}.`
  if (pct < 0) return `${base}, down ${Math.abs(pct)}% from ${f.previousArticles} in ${f.previousLabel}.`
  return `${base}, the same number as in ${f.previousLabel}.`
}

function detailSentences(f: TrendFigures): string[] {
  const out: string[] = []
  if (f.articles > 0 && f.priorityArticles > 0) {
    out.push(`${f.priorityArticles} of ${f.articles === 1 ? 'it' : 'them'} ${f.priorityArticles === 1 ? 'was' : 'were'} marked critical or high priority.`)
  }
  if (f.articles >= MIN_ARTICLES && f.topSource) out.push(`${f.topSource.name} published the most (${f.topSource.count}).`)
  return out
}

function searchSentence(f: TrendFigures): string {
  if (f.searches === null) return `Fewer than ${MIN_SEARCHERS} people searched these topics, so search interest is not reported.`
  const pct = f.searchChangePercent
  const change =
    pct === null ? '' : pct > 0 ? `, up ${pct}% on the previous period` : pct < 0 ? `, down ${Math.abs(pct)}% on the previous period` : ', the same as the previous period'
  const topics = f.topTopics.map((t) => `${t.topic} (${t.searches})`)
  const most = topics.length > 0 ? `; the most asked-about ${topics.length === 1 ? 'topic was' : 'topics were'} ${listOf(topics)}` : ''
  return `Users searched these topics ${plural(f.searches, 'time')}${change}${most}.`
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`
}

function headlineSentence(f: TrendFigures): string | null {
  if (f.headlines.length === 0) return null
  const quoted = f.headlines.map((h) => `'${h.title}' (${h.source})`)
  return `Recent headlines include ${listOf(quoted)}.`
}

export function insightText(f: TrendFigures): string {
  if (!f.enoughData) {
    const found = `${f.category} ${describeRange(f.rangeLabel)}: ${plural(f.articles, 'matching news article')}, and fewer than ${MIN_SEARCHERS} people searching its topics.`
    return `${NOT_ENOUGH_DATA} ${found}`
  }
  return [newsSentence(f), ...detailSentences(f), searchSentence(f), headlineSentence(f)].filter(Boolean).join(' ')
}

/** The insight's title: category and period ('Asphalt Technology trends, 2024-2025'). */
export function insightTitle(f: Pick<TrendFigures, 'category' | 'rangeLabel'>): string {
  return `${f.category} trends, ${describeRange(f.rangeLabel).replace(/^in /, '')}`
}
