/**
 * Voice search helpers (product-spec §5 'Voice transcript', §9 voice constants). Pure: the microphone
 * button uses them in the browser and unit tests cover them.
 */

export const VOICE_LANG = 'en-US'

export type VoiceConfidence = 'high' | 'medium' | 'low'

/** §9: above 0.8 high, above 0.6 medium, else low (a missing or unusable score counts as low). */
export function voiceConfidenceLevel(confidence: number | null | undefined): VoiceConfidence {
  if (typeof confidence !== 'number' || !Number.isFinite(confidence)) return 'low'
  if (confidence > 0.8) return 'high'
  if (confidence > 0.6) return 'medium'
  return 'low'
}

/** §9: the voice toast stays 3 s, or 5 s when the confidence is low. */
export function voiceToastDuration(level: VoiceConfidence): number {
  return level === 'low' ? 5000 : 3000
}

const QUESTION_START = /^(what|how|where|when|why)\b/i
const END_PUNCTUATION = /[.!?]$/

/**
 * §5: the transcript is capitalised; a phrase that begins with what, how, where, when or why gets a
 * question mark when it has no end punctuation. Runs of white space become one space.
 */
export function cleanTranscript(raw: string): string {
  const text = raw.replace(/\s+/g, ' ').trim()
  if (text === '') return ''
  const capitalised = text.charAt(0).toUpperCase() + text.slice(1)
  return QUESTION_START.test(capitalised) && !END_PUNCTUATION.test(capitalised) ? `${capitalised}?` : capitalised
}

/** §4: a captured phrase is appended to the text box (after a space when the box has text). */
export function appendTranscript(current: string, transcript: string): string {
  if (transcript === '') return current
  const kept = current.trimEnd()
  return kept === '' ? transcript : `${kept} ${transcript}`
}

/** The 'Voice input captured' toast: title, description with the confidence label, and duration. */
export function capturedToast(transcript: string, confidence: number | null | undefined) {
  const level = voiceConfidenceLevel(confidence)
  return {
    title: 'Voice input captured',
    description: `"${transcript}" (${level} confidence)`,
    duration: voiceToastDuration(level),
  }
}
