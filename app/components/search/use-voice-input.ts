import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '~/lib/toast-store'
import { recognitionConstructor as speechRecognitionConstructor, type Recognition as SpeechRecognition } from '~/lib/speech-recognition'
import { VOICE_LANG } from '~/lib/search/core/transcript'

/**
 * Voice search (product-spec §4 'Voice search', §7, §8): the browser's speech recognition, en-US,
 * one utterance, final results only. States idle -> listening -> stopped (on a result, an error, the
 * end of speech or Stop). The caller gets the raw transcript and its confidence.
 */
export type VoiceState = 'idle' | 'listening' | 'stopped'

interface RecognitionAlternative {
  transcript: string
  confidence: number
}
interface RecognitionEvent {
  results: ArrayLike<ArrayLike<RecognitionAlternative>>
  resultIndex?: number
}
type Recognition = SpeechRecognition<RecognitionEvent>
const recognitionConstructor = () => speechRecognitionConstructor<RecognitionEvent>()

export const VOICE_TOASTS = {
  started: { title: 'Voice recording started', description: 'Speak your question now.', duration: 3000 },
  error: { title: 'Voice recognition error', description: 'Please try again or type your question', variant: 'destructive' },
  unsupported: {
    title: 'Voice not supported',
    description: 'Voice recognition is not available in this browser. Try Chrome or Safari.',
    variant: 'destructive',
  },
} as const

export function useVoiceInput(onTranscript: (transcript: string, confidence: number) => void) {
  const [state, setState] = useState<VoiceState>('idle')
  const recognitionRef = useRef<Recognition | null>(null)
  const onTranscriptRef = useRef(onTranscript)
  onTranscriptRef.current = onTranscript

  useEffect(() => () => recognitionRef.current?.abort(), [])

  const stop = useCallback(() => {
    recognitionRef.current?.stop()
    setState((current) => (current === 'listening' ? 'stopped' : current))
  }, [])

  const start = useCallback(() => {
    const Constructor = recognitionConstructor()
    if (!Constructor) {
      toast(VOICE_TOASTS.unsupported)
      return
    }
    recognitionRef.current?.abort()
    const recognition = new Constructor()
    recognition.lang = VOICE_LANG
    recognition.continuous = false
    recognition.interimResults = false
    recognition.maxAlternatives = 1
    recognition.onresult = (event) => {
      const alternative = event.results[event.resultIndex ?? 0]?.[0] ?? event.results[0]?.[0]
      setState('stopped')
      if (alternative && alternative.transcript.trim() !== '') onTranscriptRef.current(alternative.transcript, alternative.confidence)
    }
    recognition.onerror = (event) => {
      setState('stopped')
      // 'aborted' is our own Stop or unmount, not a failure.
      if (event.error !== 'aborted') toast(VOICE_TOASTS.error)
    }
    recognition.onend = () => {
      if (recognitionRef.current === recognition) recognitionRef.current = null
      setState((current) => (current === 'listening' ? 'stopped' : current))
    }
    try {
      recognition.start()
    } catch {
      setState('stopped')
      toast(VOICE_TOASTS.error)
      return
    }
    recognitionRef.current = recognition
    setState('listening')
    toast(VOICE_TOASTS.started)
  }, [])

  return { state, start, stop }
}
