import { describe, expect, it } from 'vitest'
import { BEEP, canGoNext, canGoPrevious, fieldPosition, FORM_VOICE_LANG, readRecognitionEvent, VOICE_ADVANCE_MS, voiceFieldValue } from './voice'

describe('voice constants', () => {
  it('match §4/§7: en-US, 1 s advance, 800 Hz for 0.1 s', () => {
    expect(FORM_VOICE_LANG).toBe('en-US')
    expect(VOICE_ADVANCE_MS).toBe(1000)
    expect(BEEP).toEqual({ frequency: 800, seconds: 0.1 })
  })
})

describe('readRecognitionEvent', () => {
  it('splits final and interim text from resultIndex on', () => {
    const results = [
      { isFinal: true, 0: { transcript: 'old' } },
      { isFinal: true, 0: { transcript: ' ABC Paving ' } },
      { isFinal: false, 0: { transcript: 'and so' } },
    ]
    expect(readRecognitionEvent(results, 1)).toEqual({ final: 'ABC Paving', interim: 'and so' })
  })
  it('gives empty strings for an empty event', () => {
    expect(readRecognitionEvent([], 0)).toEqual({ final: '', interim: '' })
  })
})

describe('voiceFieldValue', () => {
  const now = new Date(2026, 10, 21, 9, 0)
  it('fills a text field with the trimmed transcript', () => {
    expect(voiceFieldValue({ type: 'text', label: 'Contractor' }, '  ABC Paving  ')).toEqual({ ok: true, value: 'ABC Paving' })
  })
  it('reads a spoken date', () => {
    expect(voiceFieldValue({ type: 'date', label: 'Date' }, 'November 20th 2026', now)).toEqual({ ok: true, value: '2026-11-20' })
    expect(voiceFieldValue({ type: 'date', label: 'Date' }, 'today', now)).toEqual({ ok: true, value: '2026-11-21' })
    expect(voiceFieldValue({ type: 'date', label: 'Date' }, 'Yesterday.', now)).toEqual({ ok: true, value: '2026-11-20' })
  })
  it('reads a spoken number, with "point"', () => {
    expect(voiceFieldValue({ type: 'number', label: 'Tonnage Placed' }, '412 point 5 tons')).toEqual({ ok: true, value: '412.5' })
  })
  it('leaves a date or number field alone when it cannot read one', () => {
    expect(voiceFieldValue({ type: 'number', label: 'Tonnage Placed' }, 'lots').ok).toBe(false)
    expect(voiceFieldValue({ type: 'date', label: 'Date' }, 'someday', now).ok).toBe(false)
    expect(voiceFieldValue({ type: 'text', label: 'Notes' }, '   ').ok).toBe(false)
  })
})

describe('field pointer', () => {
  it('reads Field n of total', () => {
    expect(fieldPosition(0, 10)).toBe('Field 1 of 10')
    expect(fieldPosition(9, 10)).toBe('Field 10 of 10')
  })
  it('disables Previous at the first field and Next at the last', () => {
    expect(canGoPrevious(0)).toBe(false)
    expect(canGoPrevious(1)).toBe(true)
    expect(canGoNext(8, 10)).toBe(true)
    expect(canGoNext(9, 10)).toBe(false)
  })
})
