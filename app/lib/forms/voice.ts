import { toIsoDate, toNumberText } from '../ocr/fields'
import type { FormField } from './templates'

/** Voice input of the form filler (product-spec §4, §7, §9). Pure: the hook in components/form-filler uses it. */
export const FORM_VOICE_LANG = 'en-US'
/** After a final result fills a field, the pointer moves on after this delay (not from the last field). */
export const VOICE_ADVANCE_MS = 1000
/** The start beep: 800 Hz for 0.1 s. */
export const BEEP = { frequency: 800, seconds: 0.1 } as const

export const VOICE_UNSUPPORTED_TOAST = {
  title: 'Voice input not supported',
  description: "Your browser doesn't support voice recognition.",
  variant: 'destructive',
} as const

export interface RecognitionResultLike {
  isFinal: boolean
  0?: { transcript: string }
}

/**
 * The new final text and the live (interim) text of a continuous recognition event, read from
 * resultIndex on (earlier results were delivered by earlier events).
 */
export function readRecognitionEvent(results: ArrayLike<RecognitionResultLike>, resultIndex = 0): { final: string; interim: string } {
  let final = ''
  let interim = ''
  for (let i = resultIndex; i < results.length; i++) {
    const result = results[i]
    const text = result?.[0]?.transcript ?? ''
    if (result?.isFinal) final += text
    else interim += text
  }
  return { final: final.trim(), interim: interim.trim() }
}

function localIsoDate(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`
}

export type VoiceValue = { ok: true; value: string } | { ok: false; message: string }

/**
 * The value a final transcript gives the current field. Text fields take the transcript trimmed (§4).
 * A date field takes a date it can read ('November 20 2026', '11/20/2026', 'today', 'yesterday') as
 * yyyy-mm-dd, and a number field the first number; otherwise the field is left alone with a hint,
 * because a date or number input cannot hold free text.
 */
export function voiceFieldValue(field: Pick<FormField, 'type' | 'label'>, transcript: string, now = new Date()): VoiceValue {
  const text = transcript.trim()
  if (text === '') return { ok: false, message: 'Nothing was heard. Try again.' }
  if (field.type === 'date') {
    const spoken = text.toLowerCase().replace(/[.!?]$/, '')
    if (spoken === 'today') return { ok: true, value: localIsoDate(now) }
    if (spoken === 'yesterday') return { ok: true, value: localIsoDate(new Date(now.getTime() - 86_400_000)) }
    const iso = toIsoDate(text.replace(/(\d)(st|nd|rd|th)\b/gi, '$1'))
    return iso ? { ok: true, value: iso } : { ok: false, message: `Heard "${text}": say a date such as November 20 2026.` }
  }
  if (field.type === 'number') {
    const number = toNumberText(text.replace(/\s+point\s+/gi, '.'))
    return number !== null ? { ok: true, value: number } : { ok: false, message: `Heard "${text}": say a number for ${field.label}.` }
  }
  return { ok: true, value: text }
}

/** 'Field n of total'. */
export function fieldPosition(pointer: number, total: number): string {
  return `Field ${pointer + 1} of ${total}`
}

export function canGoPrevious(pointer: number): boolean {
  return pointer > 0
}

export function canGoNext(pointer: number, total: number): boolean {
  return pointer < total - 1
}
