import { describe, expect, it } from 'vitest'
import { correctSpelling, createVocabulary, damerauLevenshtein, soundKey, suggest } from './spelling'
import { isCommonWord } from '../vocabulary.server'

const corpus = createVocabulary(
  [
    ['asphalt', 120],
    ['compaction', 80],
    ['guardrail', 60],
    ['concrete', 200],
    ['cylinder', 15],
    ['height', 30],
    ['density', 90],
    ['reinforcement', 12],
    ['length', 40],
    ['word', 3],
    ['would', 9],
    ['series', 5],
    ['post', 50],
    ['posts', 20],
    ['spacing', 30],
    ['tack', 20],
    ['track', 2],
    ['thermoplastic', 10],
  ],
  isCommonWord,
)

describe('damerauLevenshtein', () => {
  it.each([
    ['gaurdrail', 'guardrail', 1],
    ['compacton', 'compaction', 1],
    ['asfalt', 'asphalt', 2],
    ['abc', 'abc', 0],
    ['', 'abc', 3],
    ['kitten', 'sitting', 3],
  ])('%s / %s = %i', (a, b, d) => {
    expect(damerauLevenshtein(a, b)).toBe(d)
  })

  it('stops once the limit is passed', () => {
    expect(damerauLevenshtein('kitten', 'sitting', 1)).toBe(2)
    expect(damerauLevenshtein('a', 'abcdef', 2)).toBe(3)
  })

  it('folds spellings by ear', () => {
    expect(soundKey('asphalt')).toBe(soundKey('asfalt'))
    expect(soundKey('aggregate')).toBe(soundKey('agregate'))
  })
})

describe('correctSpelling', () => {
  it('corrects misspelled field words to corpus words', () => {
    expect(correctSpelling('asfalt compacton', corpus)).toEqual({
      text: 'asphalt compaction',
      corrections: [
        { from: 'asfalt', to: 'asphalt' },
        { from: 'compacton', to: 'compaction' },
      ],
    })
    expect(correctSpelling('gaurdrail hieght', corpus).text).toBe('guardrail height')
    expect(correctSpelling('reinforcment lenght', corpus).text).toBe('reinforcement length')
    expect(correctSpelling('post spasing', corpus).text).toBe('post spacing')
  })

  it('keeps the case the user typed', () => {
    expect(correctSpelling('Gaurdrail', corpus).text).toBe('Guardrail')
    expect(correctSpelling('CONCREAT CYLINDAR', corpus).text).toBe('CONCRETE CYLINDER')
  })

  it('does not turn a question about something else into construction words', () => {
    for (const question of [
      'Who won the 2024 World Series',
      'best pizza in Columbia',
      'what is the weather tomorrow in Charleston',
      'How tall is the Washington Monument',
    ]) {
      expect(correctSpelling(question, corpus)).toEqual({ text: question, corrections: [] })
    }
  })

  it('never touches numbers, identifiers, acronyms or short words', () => {
    for (const text of ['SC-T-29', 'sc-m-400', 'g501', '401.4.2', '#5', 'GDOT', 'NCDOT', 'HMA', 'tak', 'w-beam', 'sct29']) {
      expect(correctSpelling(text, corpus).corrections).toEqual([])
    }
  })

  it('knows inflected forms of corpus words', () => {
    expect(suggest('densities', corpus)).toBeNull()
    expect(suggest('spacings', corpus)).toBeNull()
  })

  it('allows two edits only from 8 letters on', () => {
    // 'thermplstic' is two deletions away from 'thermoplastic'
    expect(suggest('thermplstic', corpus)).toBe('thermoplastic')
    // 'tcak' is one swap from 'tack'; 'lenxyh' is two edits from 'length' and only 6 letters
    expect(suggest('tcak', corpus)).toBe('tack')
    expect(suggest('lenxyh', corpus)).toBeNull()
  })

  it('prefers the closest, then the most frequent candidate', () => {
    const vocabulary = createVocabulary([
      ['pipes', 2],
      ['piped', 50],
    ])
    expect(suggest('pipez', vocabulary)).toBe('piped')
    const nearer = createVocabulary([
      ['aggregate', 2],
      ['aggravate', 100],
    ])
    expect(suggest('agregate', nearer)).toBe('aggregate')
  })

  it('never corrects to a word seen once in the corpus', () => {
    expect(suggest('compactoin', createVocabulary([['compaction', 1]]))).toBeNull()
    expect(suggest('compactoin', createVocabulary([['compaction', 2]]))).toBe('compaction')
  })

  it('looks up a bounded number of unknown words in a long text', () => {
    const unknown = Array.from({ length: 50 }, (_, i) => `zzyq${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`)
    // the 51st unknown word is past the lookup budget and stays as typed
    expect(correctSpelling(`${unknown.join(' ')} compacton`, corpus).corrections).toEqual([])
    expect(correctSpelling(`compacton ${unknown.join(' ')}`, corpus).corrections).toHaveLength(1)
    expect(correctSpelling('compacton', corpus).corrections).toEqual([{ from: 'compacton', to: 'compaction' }])
  })

  it('reports each corrected word once', () => {
    expect(correctSpelling('asfalt and asfalt', corpus).corrections).toEqual([{ from: 'asfalt', to: 'asphalt' }])
  })
})

describe('isCommonWord', () => {
  it('knows common English words and their inflections, place names and field words', () => {
    for (const word of ['world', 'series', 'weather', 'tomorrow', 'worlds', 'walking', 'georgia', 'carolina', 'thermo', 'proctor']) {
      expect(isCommonWord(word)).toBe(true)
    }
  })

  it('does not know misspellings', () => {
    // 'spasing' looks like an inflection of 'spas', which the list does not give it
    for (const word of ['asfalt', 'compacton', 'gaurdrail', 'concreat', 'cylindar', 'spasing']) expect(isCommonWord(word)).toBe(false)
  })
})
