import { describe, expect, it } from 'vitest'
import { sectionIconName } from './section-icon'

describe('section topic icon', () => {
  it('picks the icon by keyword, ignoring case', () => {
    expect(sectionIconName('Materials')).toBe('Package')
    expect(sectionIconName('Mix properties')).toBe('Package')
    expect(sectionIconName('Installation')).toBe('Wrench')
    expect(sectionIconName('PLACEMENT')).toBe('Wrench')
    expect(sectionIconName('Compaction testing')).toBe('ClipboardCheck')
    expect(sectionIconName('Final inspection')).toBe('ClipboardCheck')
    expect(sectionIconName('Trench safety')).toBe('ShieldAlert')
    expect(sectionIconName('Warnings')).toBe('ShieldAlert')
    expect(sectionIconName('Flagger equipment')).toBe('ShieldAlert')
    expect(sectionIconName('Measurements')).toBe('Ruler')
    expect(sectionIconName('Key dimensions')).toBe('Ruler')
    expect(sectionIconName('Taper length')).toBe('Ruler')
  })

  it('lets the first rule win when a name matches several', () => {
    expect(sectionIconName('Materials and application')).toBe('Package')
    expect(sectionIconName('Placement and acceptance')).toBe('Wrench')
    expect(sectionIconName('Sampling and test methods')).toBe('ClipboardCheck')
  })

  it('falls back to the document icon', () => {
    expect(sectionIconName('Tickets and records')).toBe('FileText')
    expect(sectionIconName('Posts')).toBe('FileText')
    expect(sectionIconName('')).toBe('FileText')
  })
})

describe('section topic icon word matching', () => {
  it('matches keywords only at the start of a word', () => {
    expect(sectionIconName('Placement')).toBe('Wrench')
    expect(sectionIconName('Retesting')).toBe('FileText')
    expect(sectionIconName('Set-up order')).toBe('Wrench')
    expect(sectionIconName('Pipe type selection')).toBe('Package')
  })
})
