import { Mic, Square } from 'lucide-react'
import type { VoiceState } from './use-voice-input'

/** The microphone beside the text box: starts listening, or stops while listening. */
export function VoiceButton({ state, onStart, onStop, disabled }: { state: VoiceState; onStart: () => void; onStop: () => void; disabled: boolean }) {
  const listening = state === 'listening'
  return (
    <button
      type="button"
      onClick={listening ? onStop : onStart}
      disabled={disabled && !listening}
      aria-label={listening ? 'Stop voice input' : 'Start voice input'}
      data-voice-state={state}
      className={`inline-flex size-[var(--tap-size)] shrink-0 items-center justify-center rounded-full border-2 transition-colors disabled:opacity-50 ${
        listening ? 'animate-pulse border-destructive bg-destructive text-white' : 'border-border bg-card text-foreground hover:bg-muted'
      }`}
    >
      {listening ? <Square aria-hidden className="size-5" /> : <Mic aria-hidden className="size-5" />}
    </button>
  )
}
