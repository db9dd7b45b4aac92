import { describe, expect, it } from 'vitest'
import { buildKnowledge } from './knowledge'
import { analyzeQuery } from './query'

const chunk = (text: string) => ({ documentTitle: 'Drawing', section: null, sectionTitle: 'Drums', headingPath: 'Drums', text })

describe('buildKnowledge: the spelling vocabulary', () => {
  const knowledge = buildKnowledge([chunk('Drums are 36 in high and 18 in wide.'), chunk('Place drums along the taper.')], new Set(['size', 'the']))

  it('corrects a misspelt field word of the lexicon although the corpus never writes it', () => {
    // 'barrel' is a lexicon word (the corpus says 'drum'); 'barell' reaches it, and the lexicon bridges it.
    expect(analyzeQuery('barell size', knowledge.vocabulary).corrected).toBe('barrel size')
  })

  it('leaves corpus and lexicon words as they are, and a word that is neither uncorrected when nothing is near', () => {
    expect(analyzeQuery('barrel drums taper', knowledge.vocabulary).corrected).toBe('barrel drums taper')
    expect(analyzeQuery('zqxwv size', knowledge.vocabulary).corrected).toBe('zqxwv size')
  })
})
