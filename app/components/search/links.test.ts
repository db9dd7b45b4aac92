import { describe, expect, it } from 'vitest'
import { calculatorHref, cheatSheetHref, citationHref, drawingIdOf, factCheckHref, featureHref, isInternal } from './links'

describe('results links (spec §2 navigation from results)', () => {
  it('finds the drawing a text or link names', () => {
    expect(drawingIdOf('Drawing G501')).toBe('drawing-g501')
    expect(drawingIdOf('Standard Drawing S-103')).toBe('drawing-s103')
    expect(drawingIdOf('/documents#drawing-s101')).toBe('drawing-s101')
    expect(drawingIdOf('Section 401.4', null, 'Table 6H-3')).toBeNull()
  })

  it('sends drawings to /documents#<id> and other sources to their official link', () => {
    expect(factCheckHref({ title: 'W-Beam Guardrail Installation', section: 'Drawing G501', url: 'https://www.scdot.org/business/standard-drawings.aspx' })).toBe(
      '/documents#drawing-g501',
    )
    expect(factCheckHref({ title: 'Work zone', section: 'S104', url: '/documents#drawing-s104' })).toBe('/documents#drawing-s104')
    expect(factCheckHref({ title: 'Standard Specifications', section: 'Section 401', url: 'https://www.scdot.org/business/engineering.aspx' })).toBe(
      'https://www.scdot.org/business/engineering.aspx',
    )
  })

  it('links drawing citations in the app', () => {
    expect(citationHref({ type: 'drawing', reference: 'Drawing G501', url: 'https://www.scdot.org/x' })).toBe('/documents#drawing-g501')
    expect(citationHref({ type: 'section', reference: 'Section 401.4', url: 'https://www.scdot.org/x' })).toBe('https://www.scdot.org/x')
  })

  it('builds tool links that work without JavaScript', () => {
    expect(cheatSheetHref('guardrail')).toBe('/cheat-sheets?sheet=guardrail')
    expect(calculatorHref('asphalt-rate')).toBe('/field-calculations#asphalt-rate')
    expect(isInternal('/documents#drawing-g501')).toBe(true)
    expect(isInternal('//evil.example')).toBe(false)
    expect(isInternal('https://www.scdot.org/')).toBe(false)
  })
})

describe('feature suggestion links', () => {
  it('carry the form to preselect in the address, for the page without JavaScript', () => {
    expect(featureHref({ route: '/ar-inspection', formId: '400.04' })).toBe('/ar-inspection?form=400.04')
    expect(featureHref({ route: '/?mode=photo' })).toBe('/?mode=photo')
    expect(featureHref({ route: '/x?a=1', formId: '100.10' })).toBe('/x?a=1&form=100.10')
  })
})
