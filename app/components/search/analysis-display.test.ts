import { describe, expect, it } from 'vitest'
import type { SearchResult } from '~/lib/search/core/types'
import { confidenceDot, firstItems, issueTypeWords, keepPhotoParts, moreText } from './analysis-display'

describe('analysis display (§9)', () => {
  it('confidence dots: above 0.8 green, above 0.6 yellow, else red, each with words', () => {
    expect(confidenceDot(0.81)).toEqual({ dot: 'green', label: 'High', percent: 81 })
    expect(confidenceDot(0.8)).toEqual({ dot: 'yellow', label: 'Medium', percent: 80 })
    expect(confidenceDot(0.61)).toEqual({ dot: 'yellow', label: 'Medium', percent: 61 })
    expect(confidenceDot(0.6)).toEqual({ dot: 'red', label: 'Low', percent: 60 })
    expect(confidenceDot(Number.NaN)).toEqual({ dot: 'red', label: 'Low', percent: 0 })
    expect(confidenceDot(3).percent).toBe(100)
  })

  it('issue types in words', () => {
    expect(issueTypeWords('asphalt_alligator_cracking')).toBe('Asphalt alligator cracking')
    expect(issueTypeWords('')).toBe('')
  })

  it('the first five, and how many more', () => {
    const seven = ['a', 'b', 'c', 'd', 'e', 'f', 'g']
    expect(firstItems(seven)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], more: 2 })
    expect(firstItems(['a'])).toEqual({ shown: ['a'], more: 0 })
    expect(moreText(2)).toBe('and 2 more')
    expect(moreText(0)).toBe('')
  })
})

describe('the question of a result', () => {
  it('is the query, except the history label of a photo analysed without a question', async () => {
    const { questionOf } = await import('./results-view')
    expect(questionOf({ query: 'Photo: plan.png', fileName: 'plan.png' })).toBe('')
    expect(questionOf({ query: 'Document: plan.pdf', fileName: 'plan.pdf' })).toBe('')
    expect(questionOf({ query: 'alligator cracking', fileName: 'deck.png' })).toBe('alligator cracking')
    expect(questionOf({ query: 'Photo: plan.png', fileName: null })).toBe('Photo: plan.png')
  })
})

describe('keepPhotoParts', () => {
  const photo = {
    isDiagnostic: true,
    diagnosticResult: { primaryIssue: 'Alligator cracking' },
    fileName: 'road.jpg',
    imageAnalysis: { planDetails: { stationNumbers: ['12+50'] } },
  } as unknown as SearchResult
  const retried = { answer: 'broader', isDiagnostic: false, diagnosticResult: null, fileName: null, imageAnalysis: null } as unknown as SearchResult

  it('keeps what was read from the file when a photo result is double-checked', () => {
    expect(keepPhotoParts(photo, retried)).toMatchObject({ answer: 'broader', isDiagnostic: true, fileName: 'road.jpg', imageAnalysis: photo.imageAnalysis, diagnosticResult: photo.diagnosticResult })
  })

  it('leaves a text result as the retry gave it', () => {
    expect(keepPhotoParts(retried, { ...retried, answer: 'again' })).toEqual({ ...retried, answer: 'again' })
  })
})
