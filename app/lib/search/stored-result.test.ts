import { describe, expect, it } from 'vitest'
import { storedResultOf } from './stored-result'

describe('a stored result made whole for the results view', () => {
  const stored = {
    query: 'guardrail post spacing',
    answer: 'Posts are spaced 6.25 ft (Drawing G501).',
    confidence: 'high',
    sources: [{ title: 'Drawing G501', section: 'G501', specificLocation: '', relevance: 'primary', url: '/documents#drawing-g501' }],
    calculationSuggestions: ['tack-rate', 7],
    retry: { attempt: 1, added: 'Added 1 passage: Section 805' },
    retryOf: 'abc',
  }

  it('keeps what the engine stored and names its history id', () => {
    const result = storedResultOf('id-1', stored)!
    expect(result).toMatchObject({
      searchId: 'id-1',
      query: 'guardrail post spacing',
      confidence: 'high',
      sources: stored.sources,
      calculationSuggestions: ['tack-rate'],
      retry: { attempt: 1, added: 'Added 1 passage: Section 805' },
      exactCitations: [],
      fileName: null,
      imageAnalysis: null,
      engine: 'extractive',
    })
    expect(result).not.toHaveProperty('retryOf')
  })

  it('is null for a row this view cannot show (an older engine)', () => {
    expect(storedResultOf('id', null)).toBeNull()
    expect(storedResultOf('id', [])).toBeNull()
    expect(storedResultOf('id', { answer: 'x', confidence: 'high' })).toBeNull()
    expect(storedResultOf('id', { query: 'q', answer: 'x', confidence: 'sure' })).toBeNull()
  })
})
