import { describe, expect, it } from 'vitest'
import { MAX_TERMS, analyzeQuery, expandSynonyms, findEdition, fullTextTerms } from './query'
import { createVocabulary } from './spelling'

describe('analyzeQuery: numbers', () => {
  it.each([
    ['SC-T-29 procedure', ['sc-t-29']],
    ['how do I run sc t 29', ['sc-t-29']],
    ['what is in section 401.4', ['401.4']],
    ['section 401', ['401']],
    ['drawing g-501 rail height', ['g501']],
    ['G501', ['g501']],
    ['SC-M-400 density', ['sc-m-400']],
    ['MUTCD table 6H-3', ['6h-3']],
    ['29 CFR 1926.652 sloping', ['1926.652']],
    ['subsection 401.4.2 and 401.4.3', ['401.4.2', '401.4.3']],
  ])('%s -> %j', (query, numbers) => {
    expect(analyzeQuery(query).numbers).toEqual(numbers)
  })

  it('does not read quantities, years or bar sizes as section numbers', () => {
    expect(analyzeQuery('is 4500 psi enough for a deck').numbers).toEqual([])
    expect(analyzeQuery('100 ft buffer in a 2024 work zone').numbers).toEqual([])
    expect(analyzeQuery('#5 bar lap splice').numbers).toEqual([])
  })

  it('turns bar sizes into search terms as the corpus writes them', () => {
    expect(analyzeQuery('#5 bar lap splice').expansions).toEqual(expect.arrayContaining(['#5', 'No. 5 bar']))
    expect(analyzeQuery('number 4 rebar weight').expansions).toEqual(expect.arrayContaining(['#4', 'No. 4 bar']))
  })
})

describe('analyzeQuery: edition', () => {
  it.each([
    ['HMA density in the 2007 spec', '2007'],
    ['what does the 2025 edition say about tack', '2025'],
    ['2025 standard specifications section 401', '2025'],
    ['specs from 2007 on guardrail', '2007'],
    ['what changed in the new spec book', '2025'],
    ['the old spec for thermoplastic', '2007'],
  ] as const)('%s -> %s', (query, edition) => {
    expect(findEdition(query)).toBe(edition)
  })

  it.each(['guardrail height', 'what changed in 2025', 'compare the 2007 and 2025 specs', 'Who won the 2024 World Series'])(
    '%s -> null',
    (query) => {
      expect(findEdition(query)).toBeNull()
    },
  )
})

describe('analyzeQuery: synonyms', () => {
  it.each([
    ['HMA compaction', ['hot mix asphalt', 'asphalt concrete']],
    ['hot mix asphalt density', ['hma']],
    ['PCC pavement joints', ['portland cement concrete']],
    ['RCP bedding', ['reinforced concrete pipe']],
    ['CMP culvert', ['corrugated metal pipe']],
    ['HDPE pipe backfill', ['high density polyethylene']],
    ['MOT plan', ['maintenance of traffic', 'work zone traffic control', 'ttc']],
    ['TTC devices', ['mot', 'temporary traffic control']],
    ['QC/QA for asphalt', ['quality control', 'quality assurance']],
    ['guard rail post spacing', ['guardrail', 'w-beam']],
    ['W-beam height', ['guardrail', 'guard rail']],
    ['rebar lap', ['reinforcing steel']],
    ['thermo thickness', ['thermoplastic']],
    ['tack rate', ['tack coat']],
    ['proctor test', ['maximum dry density']],
    ['silt fence depth', ['sediment fence']],
    ['flagger station', ['flagging']],
    ['taper length', ['merging taper']],
    ['MUTCD Part 6', ['manual on uniform traffic control devices']],
    ['OSHA trench', ['occupational safety and health']],
  ])('%s adds %j', (query, expected) => {
    expect(analyzeQuery(query).expansions).toEqual(expect.arrayContaining(expected))
  })

  it('matches whole words only and never repeats what the question says', () => {
    expect(expandSynonyms('motor grader on the shoulder')).toEqual([])
    // 'tackle' is not 'tack'; a box in a question may be a trench box (the lexicon says so), never a tack coat.
    expect(expandSynonyms('tackle box')).not.toContain('tack coat')
    expect(expandSynonyms('HMA and hot mix asphalt')).not.toContain('hot mix asphalt')
  })
})

describe('analyzeQuery: other states', () => {
  it.each([
    ['What does Georgia require for guardrail', 'Georgia'],
    ['GDOT asphalt density', 'Georgia'],
    ['NCDOT thermoplastic spec', 'North Carolina'],
    ['How does North Carolina do silt fence', 'North Carolina'],
    ['is it the same in NC', 'North Carolina'],
    ['West Virginia concrete cover', 'West Virginia'],
    ['TxDOT rebar', 'Texas'],
    ['Caltrans work zone', 'California'],
    ['what does ODOT say', 'ODOT'],
    ['Florida DOT tack rate', 'Florida'],
  ])('%s -> %s', (query, state) => {
    expect(analyzeQuery(query).otherState).toBe(state)
  })

  it.each([
    'SC-T-29 in South Carolina',
    'SCDOT section 401',
    'what does SC require for silt fence',
    'SC DOT guardrail',
    'sync the inspection notes',
    'density OR compaction',
    'tack IN the cold',
    'ME and my inspector',
    '12 GA steel post',
    'ENCASEMENT of pipe',
    'concrete in NCHRP report',
    'the Carolina bays',
  ])('%s -> null', (query) => {
    expect(analyzeQuery(query).otherState).toBeNull()
  })
})

describe('analyzeQuery: spelling and terms', () => {
  const vocabulary = createVocabulary(
    [
      ['asphalt', 40],
      ['compaction', 30],
      ['guardrail', 20],
      ['density', 25],
    ],
    (word) => ['world', 'series', 'what'].includes(word),
  )

  it('corrects against the vocabulary and analyses the corrected text', () => {
    const analysis = analyzeQuery('asfalt compacton', vocabulary)
    expect(analysis.original).toBe('asfalt compacton')
    expect(analysis.corrected).toBe('asphalt compaction')
    expect(analysis.corrections).toEqual([
      { from: 'asfalt', to: 'asphalt' },
      { from: 'compacton', to: 'compaction' },
    ])
    expect(analysis.expansions).toContain('density')
  })

  it('leaves the question alone without a vocabulary', () => {
    const analysis = analyzeQuery('  asfalt compacton ')
    expect(analysis.corrected).toBe('asfalt compacton')
    expect(analysis.corrections).toEqual([])
  })

  it('gives full-text terms without filler words, numbers first, with the expansions', () => {
    const terms = fullTextTerms(analyzeQuery('What is the SC-T-29 requirement for proctor in 2024?'))
    expect(terms[0]).toBe('sc-t-29')
    expect(terms).toContain('proctor')
    expect(terms).toContain('maximum dry density')
    expect(terms).not.toContain('what')
    expect(terms).not.toContain('requirement')
    expect(terms).not.toContain('2024')
  })

  it('caps the number of full-text terms', () => {
    const long = Array.from({ length: 200 }, (_, i) => `word${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`).join(' ')
    expect(fullTextTerms(analyzeQuery(long))).toHaveLength(MAX_TERMS)
  })

  it('keeps markup and SQL as plain words', () => {
    const analysis = analyzeQuery("'; drop table chunks; -- <script>alert(1)</script>")
    expect(analysis.numbers).toEqual([])
    expect(fullTextTerms(analysis)).toEqual(expect.arrayContaining(['drop', 'table', 'chunks', 'script', 'alert']))
  })
})

describe('words the corpus never uses', () => {
  const vocabulary = createVocabulary([['guardrail', 5], ['height', 3], ['ground', 2], ['rail', 4]], (word) => ['shiny', 'tall', 'how'].includes(word))
  it('lists plain words absent from the corpus, but never an acronym or a number', () => {
    const analysis = analyzeQuery('how tall and shiny off the ground should the ADA guardrail sit at 31', vocabulary)
    expect(analysis.unknownStems).toEqual(expect.arrayContaining(['tall', 'shiny']))
    expect(analysis.unknownStems).not.toContain('ada')
    expect(analysis.unknownStems).not.toContain('ground')
    expect(analysis.unknownStems).not.toContain('guardrail')
    expect(analysis.unknownStems!.some((s) => /\d/.test(s))).toBe(false)
  })
  it('keeps capitalised names inside the sentence out (they name the subject)', () => {
    const analysis = analyzeQuery('What is the shiny speed limit on US 17 in Myrtle Beach?', vocabulary)
    expect(analysis.unknownStems).toContain('shiny')
    expect(analysis.unknownStems).not.toContain('myrtl')
    expect(analysis.unknownStems).not.toContain('beach')
  })
  it('is empty without a vocabulary', () => {
    expect(analyzeQuery('how shiny is it').unknownStems).toEqual([])
  })
})
