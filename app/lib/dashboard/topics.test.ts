import { describe, expect, it } from 'vitest'
import { isTopicName, TOPIC_NAMES, TOPICS, topicsOfQuery, topicWords } from './topics'

describe('topic list', () => {
  it('has the 14 topics in a fixed order, each once, each with keywords', () => {
    expect(TOPICS.map((topic) => topic.name)).toEqual([...TOPIC_NAMES])
    expect(TOPIC_NAMES).toHaveLength(14)
    for (const topic of TOPICS) expect(topic.keywords.length).toBeGreaterThan(0)
    expect(isTopicName('Asphalt')).toBe(true)
    expect(isTopicName('asphalt')).toBe(false)
    expect(isTopicName(3)).toBe(false)
  })

  it('splits words, drops plural s and keeps short words whole', () => {
    expect(topicWords('QC/QA for W-Beam Rails?')).toEqual(['qc', 'qa', 'for', 'w', 'beam', 'rail'])
    expect(topicWords('glass beads, cones and gas')).toEqual(['glass', 'bead', 'cone', 'and', 'gas'])
    expect(topicWords('  ')).toEqual([])
  })
})

describe('topicsOfQuery', () => {
  it.each<[string, string[]]>([
    // The home page's Common Topics.
    ['asphalt compaction', ['Asphalt']],
    ['concrete testing', ['Concrete', 'Testing & Sampling']],
    ['guard rail standards', ['Guardrail & Barriers']],
    ['drainage requirements', ['Drainage & Pipe']],
    ['signage placement', ['Signs & Signals']],
    ['bridge inspection', ['Bridge Decks']],
    // Field abbreviations, any case.
    ['HMA density lot pay factors', ['Asphalt']],
    ['PCC slump limits', ['Concrete', 'Testing & Sampling']],
    ['RCP bedding class', ['Drainage & Pipe']],
    ['MOT plan for a lane closure', ['Work Zone Traffic Control']],
    ['QC/QA split samples', ['Testing & Sampling']],
    ['thermo thickness on skip lines', ['Pavement Markings']],
    ['rebar lap splice length', ['Reinforcing Steel']],
    ['Guardrail post spacing', ['Guardrail & Barriers']],
    ['W-beam end terminals', ['Guardrail & Barriers']],
    ['graded aggregate base thickness', ['Bases']],
    ['silt fence and seeding rates', ['Erosion Control & Seeding']],
    ['OSHA trench box requirements', ['Drainage & Pipe', 'Safety (OSHA)']],
    ['flagger apparel in a work zone', ['Work Zone Traffic Control']],
    ['temporary traffic signal timing', ['Signs & Signals']],
    ['embankment lift density', ['Earthwork']],
    ['bridge deck rebar cover', ['Bridge Decks', 'Reinforcing Steel']],
  ])('%s', (query, topics) => {
    expect(topicsOfQuery(query)).toEqual(topics)
  })

  it('uses generic words only when nothing specific matched', () => {
    expect(topicsOfQuery('compaction requirements')).toEqual(['Earthwork'])
    expect(topicsOfQuery('asphalt compaction requirements')).toEqual(['Asphalt'])
    expect(topicsOfQuery('density')).toEqual(['Testing & Sampling'])
    expect(topicsOfQuery('joint spacing')).toEqual(['Concrete'])
    expect(topicsOfQuery('base thickness')).toEqual(['Bases'])
  })

  it('matches whole words only', () => {
    expect(topicsOfQuery('motor grader operator')).toEqual([])
    expect(topicsOfQuery('designer contact')).toEqual([])
    expect(topicsOfQuery('based on the contract')).toEqual([])
  })

  it('answers nothing for an empty or unrelated question', () => {
    expect(topicsOfQuery('')).toEqual([])
    expect(topicsOfQuery('   ?! ')).toEqual([])
    expect(topicsOfQuery('who is the resident engineer')).toEqual([])
  })
})
