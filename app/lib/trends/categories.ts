/**
 * The trend categories of product-spec §9 and what each one means in the data: the words that place a
 * news article in it (title and summary), the search topics (app/lib/dashboard/topics) whose counts are
 * its searches, and the words used to find its related specifications in the corpus. Pure.
 */
import { z } from 'zod'
import type { TopicName } from '../dashboard/topics'

export const TREND_CATEGORIES = [
  'all',
  'Highway Construction',
  'Bridge Inspection',
  'Construction Safety',
  'Concrete Materials',
  'Asphalt Technology',
  'Traffic Control',
  'Environmental Compliance',
  'Quality Control',
] as const

export type TrendCategoryOption = (typeof TREND_CATEGORIES)[number]
/** A category an insight can be generated for (everything but 'all'). */
export type TrendCategory = Exclude<TrendCategoryOption, 'all'>

/** Generating from 'all' uses this one (§9). */
export const DEFAULT_GENERATION_CATEGORY: TrendCategory = 'Highway Construction'

export const categoryOptionSchema = z.enum(TREND_CATEGORIES, {
  error: `Choose one of: ${TREND_CATEGORIES.join(', ')}`,
})

export function generationCategory(option: TrendCategoryOption): TrendCategory {
  return option === 'all' ? DEFAULT_GENERATION_CATEGORY : option
}

export interface CategoryProfile {
  /** Whole words or phrases (lower case) matched in a news title or summary. */
  keywords: readonly string[]
  /** Search topics counted as this category's searches. */
  topics: readonly TopicName[]
  /** The text given to corpus retrieval for related specifications. */
  retrievalQuery: string
}

export const CATEGORY_PROFILES: Record<TrendCategory, CategoryProfile> = {
  'Highway Construction': {
    keywords: [
      'highway', 'roadway', 'road', 'interstate', 'paving', 'pavement', 'resurfacing', 'widening', 'interchange',
      'construction project', 'infrastructure', 'dot', 'scdot', 'lane', 'lanes', 'corridor', 'earthwork', 'grading',
    ],
    topics: [
      'Asphalt', 'Concrete', 'Earthwork', 'Bases', 'Drainage & Pipe', 'Guardrail & Barriers', 'Pavement Markings',
      'Signs & Signals', 'Work Zone Traffic Control', 'Bridge Decks', 'Erosion Control & Seeding', 'Reinforcing Steel',
      'Testing & Sampling', 'Safety (OSHA)',
    ],
    retrievalQuery: 'roadway construction earthwork base course paving',
  },
  'Bridge Inspection': {
    keywords: ['bridge', 'bridges', 'overpass', 'girder', 'girders', 'deck', 'bearing', 'bearings', 'pier', 'piers', 'culvert', 'span', 'structural inspection'],
    topics: ['Bridge Decks', 'Reinforcing Steel'],
    retrievalQuery: 'bridge deck concrete reinforcing steel cover',
  },
  'Construction Safety': {
    keywords: [
      'safety', 'osha', 'injury', 'injuries', 'fatality', 'fatalities', 'fall protection', 'trench', 'trenching',
      'excavation', 'struck by', 'hazard', 'hazards', 'citation', 'citations', 'ppe', 'heat illness', 'silica', 'crane',
      'work zone', 'flagger',
    ],
    topics: ['Safety (OSHA)', 'Work Zone Traffic Control'],
    retrievalQuery: 'OSHA trench protective system work zone worker safety',
  },
  'Concrete Materials': {
    keywords: ['concrete', 'cement', 'portland', 'rebar', 'reinforcing', 'precast', 'prestressed', 'slump', 'curing', 'mix design', 'fly ash', 'admixture'],
    topics: ['Concrete', 'Reinforcing Steel'],
    retrievalQuery: 'portland cement concrete compressive strength slump curing',
  },
  'Asphalt Technology': {
    keywords: ['asphalt', 'hot mix', 'hma', 'warm mix', 'binder', 'tack coat', 'milling', 'overlay', 'superpave', 'rap', 'recycled asphalt', 'bituminous', 'paving'],
    topics: ['Asphalt', 'Bases'],
    retrievalQuery: 'hot mix asphalt compaction density tack coat',
  },
  'Traffic Control': {
    keywords: ['traffic control', 'work zone', 'work zones', 'lane closure', 'lane closures', 'detour', 'flagger', 'flaggers', 'signage', 'signs', 'signal', 'signals', 'pavement marking', 'pavement markings', 'mutcd', 'guardrail', 'barrier'],
    topics: ['Work Zone Traffic Control', 'Signs & Signals', 'Pavement Markings', 'Guardrail & Barriers'],
    retrievalQuery: 'work zone traffic control taper buffer flagging signs',
  },
  'Environmental Compliance': {
    keywords: ['environmental', 'erosion', 'sediment', 'stormwater', 'storm water', 'npdes', 'wetland', 'wetlands', 'runoff', 'seeding', 'silt fence', 'emissions', 'epa', 'permit', 'permits', 'drainage'],
    topics: ['Erosion Control & Seeding', 'Drainage & Pipe'],
    retrievalQuery: 'erosion control sediment silt fence seeding stormwater',
  },
  'Quality Control': {
    keywords: ['quality control', 'quality assurance', 'qa', 'qc', 'testing', 'test', 'tests', 'inspection', 'inspections', 'sampling', 'acceptance', 'density', 'compaction', 'specification', 'specifications'],
    topics: ['Testing & Sampling'],
    retrievalQuery: 'sampling testing acceptance quality control density',
  },
}

function wordsOf(text: string): string {
  return ` ${text.toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim()} `
}

const compiled = Object.fromEntries(
  Object.entries(CATEGORY_PROFILES).map(([name, profile]) => [name, profile.keywords.map((keyword) => wordsOf(keyword))]),
) as Record<TrendCategory, string[]>

/** The keywords of `category` that occur in `text` as whole words (so 'rap' never matches 'wrap'). */
export function matchedKeywords(text: string, category: TrendCategory): string[] {
  const spaced = wordsOf(text)
  return compiled[category].filter((keyword) => spaced.includes(keyword)).map((keyword) => keyword.trim())
}

export function matchesCategory(text: string, category: TrendCategory): boolean {
  return matchedKeywords(text, category).length > 0
}
