import { beforeAll, describe, expect, it } from 'vitest'
import { resetConfig } from '~/lib/config.server'
import { cheatSheetIdForTopic } from '~/lib/corpus/cheat-sheet-topic'
import { clearCorpusCache, loadCheatSheets, loadDocumentCatalogue } from '~/lib/corpus/records.server'
import type { CheatSheet, DocumentCatalogue } from '~/lib/corpus/schema'
import { CATALOGUE_SOURCE, DEPARTMENT_TILES, quickAccessTiles } from './quick-access'
import { TOPICS } from './topics'

let sheets: CheatSheet[]
let catalogue: DocumentCatalogue

beforeAll(async () => {
  delete process.env.CORPUS_DIR
  resetConfig()
  clearCorpusCache()
  ;[sheets, catalogue] = await Promise.all([loadCheatSheets(), loadDocumentCatalogue()])
})

describe('quickAccessTiles', () => {
  it('without topics: New Search, the three tools, the four department pages', () => {
    const tiles = quickAccessTiles([])
    expect(tiles.map((tile) => [tile.title, tile.url, tile.isExternal])).toEqual([
      ['New Search', '/', false],
      ['Cheat Sheets', '/cheat-sheets', false],
      ['Field Calculations', '/field-calculations', false],
      ['Reference Documents', '/documents', false],
      ['Standard Specs', 'https://www.scdot.org/content/dam/scdot-legacy/business/pdf/2025_SCDOT_Standard_Specifications.pdf', true],
      ['Standard Drawings', 'https://www.scdot.org/business/standard-drawings.aspx', true],
      ['Technical Specs', 'https://www.scdot.org/business/engineering.aspx', true],
      ['Construction Manual', 'https://www.scdot.org/business/engineering.aspx', true],
    ])
    for (const tile of tiles) {
      expect(Object.keys(tile).sort()).toEqual(['description', 'icon', 'id', 'isExternal', 'title', 'url'])
      expect(tile.description.length).toBeGreaterThan(0)
    }
  })

  it('adds the two most searched topics that have a cheat sheet, up to 10 tiles', () => {
    const tiles = quickAccessTiles([
      { topic: 'Testing & Sampling', count: 9 },
      { topic: 'Drainage & Pipe', count: 5 },
      { topic: 'Safety (OSHA)', count: 4 },
      { topic: 'Asphalt', count: 1 },
      { topic: 'Concrete', count: 1 },
    ])
    expect(tiles).toHaveLength(10)
    expect(tiles.slice(0, 3)).toEqual([
      expect.objectContaining({ id: 'new-search' }),
      {
        id: 'topic-drainage',
        title: 'Drainage & Pipe',
        description: 'Cheat sheet for a topic you searched 5 times',
        icon: 'Droplets',
        url: '/cheat-sheets?topic=Drainage%20%26%20Pipe',
        isExternal: false,
      },
      expect.objectContaining({ id: 'topic-asphalt', description: 'Cheat sheet for a topic you searched 1 time' }),
    ])
    expect(new Set(tiles.map((tile) => tile.id)).size).toBe(10)
  })

  it('department addresses are the reference catalogue cards they name', () => {
    const cards = catalogue.categories.flatMap((category) => category.documents)
    for (const tile of DEPARTMENT_TILES) {
      const card = cards.find((candidate) => candidate.id === CATALOGUE_SOURCE[tile.id])
      expect(card, tile.id).toBeDefined()
      expect(tile.url).toBe(card!.url)
    }
  })

  it('every topic with a cheat sheet names a real sheet that /cheat-sheets?topic= resolves to', () => {
    expect(TOPICS.filter((topic) => topic.cheatSheetId === null).map((topic) => topic.name)).toEqual([
      'Testing & Sampling',
      'Safety (OSHA)',
    ])
    // Each of the corpus's sheets belongs to exactly one topic.
    expect(TOPICS.flatMap((topic) => topic.cheatSheetId ?? []).sort()).toEqual(sheets.map((sheet) => sheet.id).sort())
    for (const topic of TOPICS) {
      if (topic.cheatSheetId === null) continue
      expect(cheatSheetIdForTopic(topic.name, sheets), topic.name).toBe(topic.cheatSheetId)
    }
  })
})
