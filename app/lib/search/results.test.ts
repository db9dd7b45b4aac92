import { describe, expect, it } from 'vitest'
import { isAbstention } from '../../../tests/eval/score'
import { DONT_KNOW, SCOPE_MESSAGE } from './core/compose'
import type { SearchResult } from './core/types'
import { abstentionOf, keepPhotoParts, questionOf, retriesOf } from './results'
import { NOTHING_NEW } from './search.server'

const result = (confidence: SearchResult['confidence'], answer: string) => ({ confidence, answer })

describe('abstentionOf', () => {
  const cases = [
    [result('unknown', `${DONT_KNOW}\n\nThe closest passage found, not confirmed as the answer: ...`), 'unknown'],
    [result('low', `${DONT_KNOW}\n\nWhat the corpus says: Slump limits were not confirmed.`), 'unknown'],
    [result('low', `${SCOPE_MESSAGE} It does not hold Georgia's requirements: check with that state's department of transportation.`), 'out-of-scope'],
    [result('unknown', `${SCOPE_MESSAGE} This question is outside that scope.`), 'out-of-scope'],
    // A model told to say so.
    [result('low', "I don't know. The passages do not give the rate."), 'unknown'],
    // A retry that found nothing new repeats the abstention under its preface.
    [result('unknown', `A broader search (attempt 1) found nothing beyond the first answer, which still stands:\n\n${DONT_KNOW}`), 'unknown'],
    [result('high', 'Guardrail posts are spaced 6.25 ft (6 ft 3 in) on centre (Drawing G501).'), null],
    [result('medium', 'Spread rate in lb/SY is the tons placed times 2,000 divided by the square yards.'), null],
    // The opening is what counts, and the confidence must be low or unknown.
    [result('high', `${DONT_KNOW}`), null],
    [result('low', 'Compaction: 92 % of maximum density. Figures elsewhere: I don\'t know.'), null],
  ] as const

  it.each(cases)('%# %j -> %s', (input, expected) => {
    expect(abstentionOf(input)).toBe(expected)
  })

  it('agrees with the evaluation on the engine wordings', () => {
    for (const [input] of cases.slice(0, 6)) expect(isAbstention(input)).toBe(true)
    for (const [input, expected] of cases) if (isAbstention(input) === false) expect(expected).toBeNull()
  })

  it('a retry that found nothing new is no abstention when the first answer was one', () => {
    expect(abstentionOf(result('high', `A broader search (attempt 2) found nothing beyond the first answer, which still stands:\n\n6.25 ft. ${NOTHING_NEW}`))).toBeNull()
  })
})

describe('retriesOf', () => {
  it('is the attempt of a retry, else 0', () => {
    expect(retriesOf({})).toBe(0)
    expect(retriesOf({ retry: { attempt: 2, added: '' } })).toBe(2)
    expect(retriesOf({ retry: { attempt: -1, added: '' } })).toBe(0)
    expect(retriesOf({ retry: { attempt: 1.5, added: '' } })).toBe(0)
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
    expect(keepPhotoParts(photo, retried)).toMatchObject({
      answer: 'broader',
      isDiagnostic: true,
      fileName: 'road.jpg',
      imageAnalysis: photo.imageAnalysis,
      diagnosticResult: photo.diagnosticResult,
    })
  })

  it('leaves a text result as the retry gave it', () => {
    expect(keepPhotoParts(retried, { ...retried, answer: 'again' })).toEqual({ ...retried, answer: 'again' })
  })
})

describe('the question of a result', () => {
  it('is the query, except the history label of a photo analysed without a question', () => {
    expect(questionOf({ query: 'Photo: plan.png', fileName: 'plan.png' })).toBe('')
    expect(questionOf({ query: 'Document: plan.pdf', fileName: 'plan.pdf' })).toBe('')
    expect(questionOf({ query: 'alligator cracking', fileName: 'deck.png' })).toBe('alligator cracking')
    expect(questionOf({ query: 'Photo: plan.png', fileName: null })).toBe('Photo: plan.png')
  })
})
