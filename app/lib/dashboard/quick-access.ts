import { DASHBOARD_LIMITS, TOPIC_TILES } from './limits'
import { topicByName } from './topics'
import type { QuickAccessTile, TopicCount } from './types'

/**
 * Quick Access tiles (product-spec §2): 'New Search', then a tile for each of the user's top topics
 * that has a cheat sheet (at most TOPIC_TILES, most searched first), the in-app tools, then the
 * department's own pages, which open in a new tab. At most DASHBOARD_LIMITS.quickAccess tiles.
 *
 * The department addresses are the ones the reference-documents catalogue already uses
 * (corpus/documents/catalogue.md; CATALOGUE_SOURCE names the card each one comes from, and a unit
 * test keeps them equal). SCDOT publishes the construction manual and the supplemental/technical
 * specifications through the same engineering publications page, so those two tiles share it.
 */
export const NEW_SEARCH_TILE: QuickAccessTile = {
  id: 'new-search',
  title: 'New Search',
  description: 'Ask a question about SCDOT specifications',
  icon: 'Search',
  url: '/',
  isExternal: false,
}

export const TOOL_TILES: readonly QuickAccessTile[] = [
  {
    id: 'cheat-sheets',
    title: 'Cheat Sheets',
    description: 'Key measurements and critical checks by topic',
    icon: 'NotebookTabs',
    url: '/cheat-sheets',
    isExternal: false,
  },
  {
    id: 'field-calculations',
    title: 'Field Calculations',
    description: 'Asphalt and tack rates, core locations and more',
    icon: 'Calculator',
    url: '/field-calculations',
    isExternal: false,
  },
  {
    id: 'documents',
    title: 'Reference Documents',
    description: 'Specifications, drawings and manuals',
    icon: 'FolderOpen',
    url: '/documents',
    isExternal: false,
  },
]

export const DEPARTMENT_TILES: readonly QuickAccessTile[] = [
  {
    id: 'standard-specs',
    title: 'Standard Specs',
    description: '2025 Standard Specifications for Highway Construction (PDF)',
    icon: 'BookOpen',
    url: 'https://www.scdot.org/content/dam/scdot-legacy/business/pdf/2025_SCDOT_Standard_Specifications.pdf',
    isExternal: true,
  },
  {
    id: 'standard-drawings',
    title: 'Standard Drawings',
    description: "SCDOT's standard drawings library",
    icon: 'Ruler',
    url: 'https://www.scdot.org/business/standard-drawings.aspx',
    isExternal: true,
  },
  {
    id: 'technical-specs',
    title: 'Technical Specs',
    description: 'Supplemental specifications (SC-M) and test methods (SC-T)',
    icon: 'FileText',
    url: 'https://www.scdot.org/business/engineering.aspx',
    isExternal: true,
  },
  {
    id: 'construction-manual',
    title: 'Construction Manual',
    description: 'SCDOT Construction Manual and engineering publications',
    icon: 'BookMarked',
    url: 'https://www.scdot.org/business/engineering.aspx',
    isExternal: true,
  },
]

/** Department tile id -> the catalogue card (corpus/documents/catalogue.md) its address comes from. */
export const CATALOGUE_SOURCE: Record<string, string> = {
  'standard-specs': 'standard-specifications-2025',
  'standard-drawings': 'series-700-signs-signals',
  'technical-specs': 'sc-m-400',
  'construction-manual': 'construction-manual',
}

export function cheatSheetTopicUrl(topic: string): string {
  return `/cheat-sheets?topic=${encodeURIComponent(topic)}`
}

/** `commonTopics` most searched first. */
export function quickAccessTiles(commonTopics: readonly TopicCount[]): QuickAccessTile[] {
  const topicTiles = commonTopics
    .map(({ topic, count }) => ({ topic: topicByName(topic), count }))
    .filter(({ topic }) => topic.cheatSheetId !== null)
    .slice(0, TOPIC_TILES)
    .map(
      ({ topic, count }): QuickAccessTile => ({
        id: `topic-${topic.cheatSheetId}`,
        title: topic.name,
        description: `Cheat sheet for a topic you searched ${count} ${count === 1 ? 'time' : 'times'}`,
        icon: topic.icon,
        url: cheatSheetTopicUrl(topic.name),
        isExternal: false,
      }),
    )
  return [NEW_SEARCH_TILE, ...topicTiles, ...TOOL_TILES, ...DEPARTMENT_TILES].slice(0, DASHBOARD_LIMITS.quickAccess)
}
