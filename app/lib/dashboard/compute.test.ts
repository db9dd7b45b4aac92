import { describe, expect, it } from 'vitest'
import { computeDashboard, topicsOfRow } from './compute'
import type { SearchRow } from './types'

let seq = 0
function row(query: string, minutesAgo: number, extra: Partial<SearchRow> = {}): SearchRow {
  seq += 1
  return {
    id: `s${String(seq).padStart(3, '0')}`,
    query,
    confidence: 'medium',
    topics: [],
    createdAt: new Date(Date.UTC(2026, 2, 10, 12) - minutesAgo * 60_000),
    ...extra,
  }
}

describe('topicsOfRow', () => {
  it('uses stored topics (known names, once each), else the question', () => {
    expect(topicsOfRow({ query: 'asphalt', topics: ['Concrete', 'Concrete', 'Bogus'] })).toEqual(['Concrete'])
    expect(topicsOfRow({ query: 'asphalt tack rate', topics: ['Bogus'] })).toEqual(['Asphalt'])
    expect(topicsOfRow({ query: 'asphalt tack rate', topics: [] })).toEqual(['Asphalt'])
  })
})

describe('computeDashboard', () => {
  it('a new member: the spec fields with empty states', () => {
    const data = computeDashboard({ rows: [], searchCount: 0 })
    expect(Object.keys(data).sort()).toEqual(['achievements', 'expertise', 'quickAccess', 'recentSearches', 'searchPatterns'])
    expect(data.recentSearches).toEqual([])
    expect(data.searchPatterns).toEqual({ commonTopics: [] })
    expect(data.expertise).toEqual({ level: 'Getting Started', strongAreas: [], learningAreas: [] })
    expect(data.achievements).toEqual({ nextMilestone: { name: 'First Search', progress: 0, target: 1 }, recent: [] })
    expect(data.quickAccess).toHaveLength(8)
  })

  it('recent searches: the 3 newest, whatever the input order; equal times by id', () => {
    const rows = [
      row('asphalt tack rate', 30, { confidence: 'high' }),
      row('concrete slump', 10),
      row('rebar lap splice', 50, { confidence: 'low' }),
      row('guard rail height', 0, { id: 'a-same' }),
      row('silt fence', 0, { id: 'b-same', confidence: 'unknown' }),
    ]
    const data = computeDashboard({ rows, searchCount: 5 })
    expect(data.recentSearches).toEqual([
      { id: 'b-same', query: 'silt fence', confidence: 'unknown', createdAt: '2026-03-10T12:00:00.000Z' },
      { id: 'a-same', query: 'guard rail height', confidence: 'medium', createdAt: '2026-03-10T12:00:00.000Z' },
      { id: rows[1]!.id, query: 'concrete slump', confidence: 'medium', createdAt: '2026-03-10T11:50:00.000Z' },
    ])
  })

  it('focus areas: top 4 by count, ties alphabetical; strong and learning areas', () => {
    const rows = [
      ...['asphalt density', 'hma cores', 'tack coat rate', 'asphalt overlay', 'milling depth'].map((q, i) => row(q, 100 + i)),
      ...['concrete slump', 'concrete cylinders', 'pcc curing'].map((q, i) => row(q, 200 + i)),
      ...['guardrail height', 'w-beam splice'].map((q, i) => row(q, 300 + i)),
      row('silt fence spacing', 5),
      row('drainage pipe bedding', 40),
      row('bridge deck pour', 20),
      row('rebar cover', 500),
      row('who is my engineer', 1),
    ]
    const data = computeDashboard({ rows, searchCount: rows.length })
    // 'concrete slump' and 'concrete cylinders' are also Testing & Sampling, 'hma cores' too; 'w-beam splice' is also Reinforcing Steel.
    expect(data.searchPatterns.commonTopics).toEqual([
      { topic: 'Asphalt', count: 5 },
      { topic: 'Concrete', count: 3 },
      { topic: 'Testing & Sampling', count: 3 },
      { topic: 'Guardrail & Barriers', count: 2 },
    ])
    expect(data.expertise.strongAreas).toEqual(['Asphalt', 'Concrete', 'Testing & Sampling'])
    // Learning: searched once or twice, most recent first (silt fence 5 min ago, bridge deck 20, drainage 40...).
    expect(data.expertise.learningAreas).toEqual(['Erosion Control & Seeding', 'Bridge Decks'])
    expect(data.expertise.level).toBe('Expert') // 15 searches
    // Topic tiles: the top topics with a cheat sheet.
    expect(data.quickAccess.map((tile) => tile.id).slice(0, 3)).toEqual(['new-search', 'topic-asphalt', 'topic-concrete'])
    expect(data.quickAccess).toHaveLength(10)
  })

  it('strong areas stop at 3 and need at least 3 searches', () => {
    const rows = ['asphalt', 'concrete', 'bases', 'earthwork'].flatMap((q, i) => [row(q, i), row(q, i + 10), row(q, i + 20)])
    rows.push(row('guardrail', 1), row('guardrail', 2))
    const data = computeDashboard({ rows, searchCount: rows.length })
    expect(data.expertise.strongAreas).toEqual(['Asphalt', 'Bases', 'Concrete'])
    expect(data.expertise.learningAreas).toEqual(['Guardrail & Barriers'])
    expect(data.searchPatterns.commonTopics.map((t) => t.topic)).toEqual(['Asphalt', 'Bases', 'Concrete', 'Earthwork'])
  })

  it('level follows the search count, achievements the searches', () => {
    const rows = Array.from({ length: 15 }, (_, i) => row('work zone taper', 15 - i))
    const data = computeDashboard({ rows, searchCount: 15 })
    expect(data.expertise.level).toBe('Expert')
    expect(data.achievements.nextMilestone).toEqual({ name: 'Spec Expert', progress: 15, target: 50 })
    expect(data.achievements.recent.map((a) => a.name)).toEqual(['Experienced Inspector', 'Topic Specialist'])
  })
})
