import { describe, expect, it } from 'vitest'
import { splitReference } from './critical-checks'
import { specSectionLabel } from './sheet-references'

describe('splitReference', () => {
  it('separates a trailing bracketed reference', () => {
    expect(splitReference('Measure post spacing: 6 ft 3 in on standard runs. [MGS, MASH TL-3]')).toEqual({
      text: 'Measure post spacing: 6 ft 3 in on standard runs.',
      reference: 'MGS, MASH TL-3',
    })
  })

  it('leaves a check without a trailing reference alone', () => {
    expect(splitReference('Re-check height after overlays.')).toEqual({ text: 'Re-check height after overlays.' })
    expect(splitReference('Use [this] mix only on approval.')).toEqual({ text: 'Use [this] mix only on approval.' })
  })
})

describe('specSectionLabel', () => {
  it('names numbered sections and keeps named documents', () => {
    expect(specSectionLabel('401')).toBe('Section 401')
    expect(specSectionLabel('703.04')).toBe('Section 703.04')
    expect(specSectionLabel('SC-M-400')).toBe('SC-M-400')
    expect(specSectionLabel('MUTCD 6F')).toBe('MUTCD 6F')
    expect(specSectionLabel('29 CFR 1926.652')).toBe('29 CFR 1926.652')
  })
})
