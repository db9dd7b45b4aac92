import { describe, expect, it } from 'vitest'
import type { SearchResult } from '~/lib/search/core/types'
import { parseAnalysisType, photoFailureToast, photoLoadingMessages, photoSuccessToast } from './photo-messages'

describe('photo analysis messages (§8)', () => {
  it('toasts: diagnostic complete, search completed, and the failure with the server message', () => {
    const diagnostic = { isDiagnostic: true, diagnosticResult: { primaryIssue: 'Alligator (fatigue) cracking' } } as SearchResult
    expect(photoSuccessToast(diagnostic)).toEqual({ title: 'Diagnostic Analysis Complete', description: 'Primary issue: Alligator (fatigue) cracking' })
    expect(photoSuccessToast({ isDiagnostic: false, diagnosticResult: null } as SearchResult)).toEqual({
      title: 'Search completed',
      description: 'Found relevant specifications',
    })
    // A question about the photo that the engine could not answer is not called a success.
    expect(photoSuccessToast({ isDiagnostic: false, diagnosticResult: null, confidence: 'unknown', answer: "I don't know: no confirmed answer." } as SearchResult).title).toBe(
      'No confirmed answer',
    )
    expect(photoFailureToast('The file is empty.')).toEqual({ title: 'Image analysis failed', description: 'The file is empty.', variant: 'destructive' })
    expect(photoFailureToast('')).toEqual({ title: 'Image analysis failed', description: 'Please try again', variant: 'destructive' })
  })

  it('loading messages vary by analysis type and by the question', () => {
    expect(photoLoadingMessages('diagnostic', '')[0]).toBe('Reading your description of the problem...')
    expect(photoLoadingMessages('features', '')[0]).toMatch(/^Reading the text in your file/)
    expect(photoLoadingMessages('features', '')).not.toEqual(photoLoadingMessages('general', ''))
    const asphalt = photoLoadingMessages('diagnostic', 'alligator cracking in the asphalt wheel path')
    expect(asphalt[1]).toMatch(/asphalt/i)
    expect(asphalt).toHaveLength(photoLoadingMessages('diagnostic', '').length + 1)
  })

  it('an unknown analysis type falls back to features', () => {
    expect(parseAnalysisType('diagnostic')).toBe('diagnostic')
    expect(parseAnalysisType('x')).toBe('features')
    expect(parseAnalysisType(null)).toBe('features')
  })
})
