import { describe, expect, it } from 'vitest'
import { appendTranscript, capturedToast, cleanTranscript, voiceConfidenceLevel, voiceToastDuration } from './transcript'

describe('voice transcript (spec §5)', () => {
  it('capitalises the phrase', () => {
    expect(cleanTranscript('guardrail post spacing')).toBe('Guardrail post spacing')
    expect(cleanTranscript('  asphalt   mat temperature ')).toBe('Asphalt mat temperature')
  })

  it('adds a question mark to what/how/where/when/why phrases without end punctuation', () => {
    expect(cleanTranscript('what is the guardrail post spacing')).toBe('What is the guardrail post spacing?')
    expect(cleanTranscript('how deep is the base course')).toBe('How deep is the base course?')
    expect(cleanTranscript('where do I sample concrete')).toBe('Where do I sample concrete?')
    expect(cleanTranscript('when is a flagger required')).toBe('When is a flagger required?')
    expect(cleanTranscript('Why did the cores fail')).toBe('Why did the cores fail?')
  })

  it('keeps existing end punctuation and leaves other phrases alone', () => {
    expect(cleanTranscript('what is the taper length.')).toBe('What is the taper length.')
    expect(cleanTranscript('how thick!')).toBe('How thick!')
    expect(cleanTranscript('what?')).toBe('What?')
    expect(cleanTranscript('is a flagger required')).toBe('Is a flagger required')
    // Only whole words start a question: 'whatever' and 'however' do not.
    expect(cleanTranscript('however the mat cooled')).toBe('However the mat cooled')
    expect(cleanTranscript('whatever works')).toBe('Whatever works')
  })

  it('returns an empty string for silence', () => {
    expect(cleanTranscript('   ')).toBe('')
  })
})

describe('appending a transcript', () => {
  it('fills an empty box and appends after a space otherwise', () => {
    expect(appendTranscript('', 'What is the taper?')).toBe('What is the taper?')
    expect(appendTranscript('  ', 'Taper')).toBe('Taper')
    expect(appendTranscript('Work zone ', 'What is the taper?')).toBe('Work zone What is the taper?')
    expect(appendTranscript('Keep me', '')).toBe('Keep me')
  })
})

describe('voice confidence (spec §9)', () => {
  it('is high above 0.8, medium above 0.6, else low', () => {
    expect(voiceConfidenceLevel(0.95)).toBe('high')
    expect(voiceConfidenceLevel(0.81)).toBe('high')
    expect(voiceConfidenceLevel(0.8)).toBe('medium')
    expect(voiceConfidenceLevel(0.61)).toBe('medium')
    expect(voiceConfidenceLevel(0.6)).toBe('low')
    expect(voiceConfidenceLevel(0)).toBe('low')
    expect(voiceConfidenceLevel(undefined)).toBe('low')
    expect(voiceConfidenceLevel(Number.NaN)).toBe('low')
  })

  it('keeps the toast 3 s, or 5 s when low', () => {
    expect(voiceToastDuration('high')).toBe(3000)
    expect(voiceToastDuration('medium')).toBe(3000)
    expect(voiceToastDuration('low')).toBe(5000)
    expect(capturedToast('What is the taper?', 0.9)).toEqual({
      title: 'Voice input captured',
      description: '"What is the taper?" (high confidence)',
      duration: 3000,
    })
    expect(capturedToast('Taper', 0.5)).toMatchObject({ description: '"Taper" (low confidence)', duration: 5000 })
  })
})
