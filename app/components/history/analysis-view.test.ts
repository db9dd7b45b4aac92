import { describe, expect, it } from 'vitest'
import { toAnalysisView } from './analysis-view'

const diagnosticResult = {
  primaryIssue: 'Alligator (fatigue) cracking',
  severity: 'high',
  confidence: 'high',
  issueType: 'asphalt_alligator_cracking',
  detectedProblems: [{ problem: 'Alligator cracking', description: 'Interconnected cracks', severity: 'high', causeLikely: ['Weak base'], origin: 'description' }],
  recommendations: [{ action: 'Core the section', priority: 'high', scdotReference: 'Section 401', estimatedCost: 'Not estimated: the defect guide holds no cost data' }],
  inspectionChecklist: ['Measure the cracked area'],
  preventiveMeasures: ['Drain the base'],
  relatedSpecs: [{ specification: 'SCDOT Standard Specifications (2007)', section: '401', relevance: 'Hot-mix asphalt' }],
}
const imageAnalysis = {
  identifiedFeatures: [{ feature: '24" RCP', specifications: 'SC-M-714', confidence: 0.72, origin: 'text' }],
  planDetails: { stationNumbers: ['12+50'], annotations: ['MATCH LINE'], elements: ['24" RCP'] },
  relevantSpecs: ['SC-M-714'],
  recommendations: ['Confirm stations against the sheet'],
  textSource: 'ocr',
  notices: ['Visual defect detection needs a vision model.'],
  visionModel: null,
}

describe('toAnalysisView', () => {
  it('reads the stored photo-analysis parts', () => {
    const view = toAnalysisView({ fileName: ' plan.png ', diagnosticResult, imageAnalysis })
    expect(view).toEqual({ fileName: 'plan.png', diagnostic: diagnosticResult, imageAnalysis })
  })

  it('leaves out a part with the wrong shape instead of showing half of it', () => {
    expect(toAnalysisView({ diagnosticResult: { ...diagnosticResult, severity: 'apocalyptic' }, imageAnalysis: { planDetails: 'x' } })).toEqual({
      fileName: null,
      diagnostic: null,
      imageAnalysis: null,
    })
    expect(toAnalysisView(null)).toEqual({ fileName: null, diagnostic: null, imageAnalysis: null })
    expect(toAnalysisView({ imageAnalysis: { ...imageAnalysis, identifiedFeatures: [{ feature: 'x', specifications: '', confidence: 7 }] } }).imageAnalysis).toBeNull()
  })
})
