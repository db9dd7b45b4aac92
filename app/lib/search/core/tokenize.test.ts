import { describe, expect, it } from 'vitest'
import { stem, tokenize } from './tokenize'

describe('tokenize', () => {
  it('lowercases, splits on punctuation and drops stop words and lone letters', () => {
    expect(tokenize('The Contractor\'s roller, and THE paver: a test!')).toEqual([
      'contractor',
      'roller',
      'paver',
      'test',
    ])
  })

  it('keeps section, test-method, material, drawing and bar-size numbers whole', () => {
    expect(tokenize('See 401.4.2 and SC-T-29; SC-M-400 on drawing G501 with #5 bars.')).toEqual([
      'se',
      '401.4.2',
      'sc-t-29',
      'sc-m-400',
      'draw',
      'g501',
      '#5',
      'bar',
    ])
  })

  it('drops the full stop after a section number at the end of a sentence', () => {
    expect(tokenize('Refer to Section 703.04.')).toEqual(['refer', 'section', '703.04'])
  })

  it('keeps route and soil codes and single-letter compounds, which also give their word', () => {
    expect(tokenize('I-26 near A-2-4 soil; W-beam rail')).toEqual(['i-26', 'near', 'a-2-4', 'soil', 'w-beam', 'beam', 'rail'])
  })

  it('splits ordinary hyphenated words and numbers', () => {
    expect(tokenize('hot-mix asphalt, 10-foot lane, page 401-3')).toEqual([
      'hot',
      'mix',
      'asphalt',
      '10',
      'foot',
      'lan',
      'pag',
      '401',
      '3',
    ])
  })

  it('joins thousands and treats typographic dashes as hyphens', () => {
    expect(tokenize('1,000 tons by SC\u2011T\u201129')).toEqual(['1000', 'ton', 'sc-t-29'])
  })

  it('keeps field abbreviations as tokens', () => {
    expect(tokenize('HMA, PCC, RCP and MOT; QC/QA')).toEqual(['hma', 'pcc', 'rcp', 'mot', 'qc', 'qa'])
    expect(tokenize('RCPs')).toEqual(['rcp'])
  })

  it('folds accents', () => {
    expect(tokenize('Café résumé')).toEqual(tokenize('cafe resume'))
  })

  it('returns nothing for empty or stop-word-only text', () => {
    expect(tokenize('')).toEqual([])
    expect(tokenize('and the of it')).toEqual([])
  })
})

describe('stem', () => {
  it.each([
    ['cores', 'cor'],
    ['core', 'cor'],
    ['densities', 'density'],
    ['posts', 'post'],
    ['compacting', 'compact'],
    ['compacted', 'compact'],
    ['compaction', 'compaction'],
    ['graded', 'grad'],
    ['grading', 'grad'],
    ['grades', 'grad'],
    ['setting', 'set'],
    ['rolled', 'roll'],
    ['passing', 'pass'],
    ['seeded', 'seed'],
    ['seeding', 'seed'],
    ['used', 'us'],
    ['use', 'us'],
    ['classes', 'class'],
  ])('%s -> %s', (word, expected) => {
    expect(stem(word)).toBe(expected)
  })

  it.each(['status', 'analysis', 'exceed', 'need', 'bring', 'string', 'red', 'gas', 'hma', 'g501'])(
    'leaves %s alone',
    (word) => {
      expect(stem(word)).toBe(word)
    },
  )
})
