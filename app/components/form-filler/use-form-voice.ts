import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '~/lib/toast-store'
import { recognitionConstructor as speechRecognitionConstructor, type Recognition as SpeechRecognition } from '~/lib/speech-recognition'
import { BEEP, FORM_VOICE_LANG, readRecognitionEvent, VOICE_UNSUPPORTED_TOAST, type RecognitionResultLike } from '~/lib/forms/voice'

type FormRecognitionEvent = { results: ArrayLike<RecognitionResultLike>; resultIndex?: number }
type Recognition = SpeechRecognition<FormRecognitionEvent>
const recognitionConstructor = () => speechRecognitionConstructor<FormRecognitionEvent>()

/** The start beep: an 800 Hz tone for 0.1 s through Web Audio (silently skipped where unavailable). */
export function playBeep() {
  const w = window as unknown as { AudioContext?: typeof AudioContext; webkitAudioContext?: typeof AudioContext }
  const Context = w.AudioContext ?? w.webkitAudioContext
  if (!Context) return
  try {
    const context = new Context()
    const oscillator = context.createOscillator()
    const gain = context.createGain()
    oscillator.type = 'sine'
    oscillator.frequency.value = BEEP.frequency
    gain.gain.value = 0.2
    oscillator.connect(gain)
    gain.connect(context.destination)
    oscillator.onended = () => void context.close().catch(() => undefined)
    oscillator.start()
    oscillator.stop(context.currentTime + BEEP.seconds)
  } catch (error) {
    console.warn('Beep failed', error)
  }
}

/**
 * Form-filler voice input (§4, §7): continuous recognition with interim results, en-US. Start beeps;
 * Stop, the end of recognition or an error return to idle (an error is logged, §8). Each final result
 * goes to onFinal; the interim text is the live transcript.
 */
export function useFormVoice(onFinal: (text: string) => void) {
  const [recording, setRecording] = useState(false)
  const [interim, setInterim] = useState('')
  const recognitionRef = useRef<Recognition | null>(null)
  const onFinalRef = useRef(onFinal)
  onFinalRef.current = onFinal

  useEffect(() => () => recognitionRef.current?.abort(), [])

  const stop = useCallback(() => {
    recognitionRef.current?.stop()
    recognitionRef.current = null
    setRecording(false)
    setInterim('')
  }, [])

  const start = useCallback(() => {
    const Constructor = recognitionConstructor()
    if (!Constructor) {
      toast(VOICE_UNSUPPORTED_TOAST)
      return
    }
    recognitionRef.current?.abort()
    const recognition = new Constructor()
    recognition.lang = FORM_VOICE_LANG
    recognition.continuous = true
    recognition.interimResults = true
    recognition.onresult = (event) => {
      const { final, interim: live } = readRecognitionEvent(event.results, event.resultIndex ?? 0)
      setInterim(live)
      if (final) onFinalRef.current(final)
    }
    // A late event of a recognition that was replaced by a newer one changes nothing.
    const finish = () => {
      if (recognitionRef.current !== recognition && recognitionRef.current !== null) return
      recognitionRef.current = null
      setRecording(false)
      setInterim('')
    }
    recognition.onerror = (event) => {
      console.warn('Voice recognition error', event.error)
      finish()
    }
    recognition.onend = finish
    try {
      recognition.start()
    } catch (error) {
      console.warn('Voice recognition error', error)
      return
    }
    recognitionRef.current = recognition
    setRecording(true)
    playBeep()
  }, [])

  return { recording, interim, start, stop }
}
