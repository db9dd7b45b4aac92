import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { alternativesFor, compileLexicon, expansionsOf, LEXICON } from './lexicon'
import { analyzeQuery } from './query'
import { tokenize } from './tokenize'

const CORPUS = path.resolve(import.meta.dirname, '../../../../corpus')

function corpusText(dir: string): string {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .map((entry) => {
      const full = path.join(dir, entry.name)
      if (entry.isDirectory()) return corpusText(full)
      return entry.name.endsWith('.md') && entry.name !== 'README.md' ? fs.readFileSync(full, 'utf8') : ''
    })
    .join('\n')
}

describe('the field-language lexicon (corpus/search/field-language.json)', () => {
  it('only points at terms the corpus uses', () => {
    const text = corpusText(CORPUS).toLowerCase()
    const data = JSON.parse(fs.readFileSync(path.join(CORPUS, 'search', 'field-language.json'), 'utf8')) as { field: { say: string[]; means: string[] }[] }
    const missing = data.field.flatMap((entry) => entry.means.filter((term) => !text.includes(term.toLowerCase())))
    expect(missing).toEqual([])
  })

  it('bridges plain field words to the documents’ terms', () => {
    expect(expansionsOf('how shiny does new white paint have to be at night')).toContain('retroreflectivity')
    expect(expansionsOf('how far apart do the barrels go')).toContain('drums')
    expect(expansionsOf('does the trench need a box')).toContain('trench box')
    expect(expansionsOf('how big is the paddle')).toContain('STOP/SLOW paddle')
    expect(expansionsOf('what spec do the beads meet')).toContain('glass beads')
    expect(expansionsOf('small paving job, how many tons')).toContain('low tonnage')
    expect(expansionsOf('where do I park the arrow board')).toContain('arrow panel')
    expect(expansionsOf('can we put green bar in the deck')).toContain('epoxy-coated')
  })

  it('works one way for field words and both ways for synonyms', () => {
    expect(expansionsOf('retroreflectivity of white paint')).not.toContain('shiny')
    expect(expansionsOf('hot mix asphalt density')).toContain('hma')
    expect(expansionsOf('HMA density')).toContain('hot mix asphalt')
  })

  it('lets a passage term stand for the field word it bridges, only when the phrase is in the question', () => {
    expect(alternativesFor('how shiny is new paint')('shiny')).toContainEqual(tokenize('retroreflectivity'))
    expect(alternativesFor('how shiny is new paint')('paint')).toEqual([])
    expect(alternativesFor('the shinier one')('shiny')).toEqual([])
  })

  it('bridges the other words of an opened field group: shiny ... at night is one request', () => {
    const custom = compileLexicon({ same: [['alpha', 'beta gamma']], field: [{ say: ['gizmo', 'gizmo at dusk'], means: ['device'] }] })
    // 'gizmo' opens the group; 'dusk' is a word of its phrases, so it is bridged as well.
    expect(alternativesFor('how big is the gizmo at the dusk shift', custom)('dusk')).toEqual([tokenize('device')])
    // Not when no phrase of the group is in the question.
    expect(alternativesFor('the dusk shift', custom)('dusk')).toEqual([])
    // Synonym groups bridge only the words of the phrase written in the question.
    expect(alternativesFor('alpha and the gamma ray', custom)('gamma')).toEqual([])
    expect(alternativesFor('how shiny does new white paint have to be at night')('night')).toContainEqual(tokenize('retroreflectivity'))
  })

  it('feeds the question analysis, and a new lexicon needs no code', () => {
    expect(analyzeQuery('how tall do the barrels have to be').expansions).toEqual(expect.arrayContaining(['drums', 'height']))
    const custom = compileLexicon({ same: [['alpha', 'beta']], field: [{ say: ['gizmo'], means: ['device'] }] })
    expect(expansionsOf('a gizmo and alpha', custom)).toEqual(['beta', 'device'])
    expect(LEXICON.words).toContain('retroreflectivity')
  })
})
