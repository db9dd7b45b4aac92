import { ChevronLeft, ChevronRight, Mic, Square } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import type { ReviewState } from '~/lib/forms/form-state'
import type { FormData, FormTemplate } from '~/lib/forms/templates'
import { canGoNext, canGoPrevious, fieldPosition, VOICE_ADVANCE_MS, voiceFieldValue } from '~/lib/forms/voice'
import { FieldGrid } from './field-grid'
import { BackButton, SubmitResetBar } from './mode-actions'
import { card, primaryButton, secondaryButton } from './styles'
import { useFormVoice } from './use-form-voice'

interface VoiceModeProps {
  form: FormTemplate
  data: FormData
  pointer: number
  invalidIds: readonly string[]
  review: Readonly<Record<string, ReviewState>>
  submitting: boolean
  onChange: (fieldId: string, value: string) => void
  onConfirm: (fieldId: string, confirmed: boolean) => void
  onGoTo: (index: number) => void
  onAdvanceFrom: (index: number) => void
  onBack: () => void
  onSubmit: () => void
  onReset: () => void
}

/** Voice mode (§2, §4): fill field by field; a final result fills the current field, then 1 s later moves on. */
export function VoiceMode(props: VoiceModeProps) {
  const { form, pointer, onChange, onAdvanceFrom } = props
  const total = form.fields.length
  const field = form.fields[pointer] ?? form.fields[0]!
  const [heard, setHeard] = useState('')
  const [hint, setHint] = useState('')
  const pointerRef = useRef(pointer)
  pointerRef.current = pointer
  const timers = useRef<ReturnType<typeof setTimeout>[]>([])

  useEffect(() => () => timers.current.forEach(clearTimeout), [])
  // A hint about what was heard belongs to the field it was heard for.
  useEffect(() => setHint(''), [pointer])

  const voice = useFormVoice((text) => {
    const index = pointerRef.current
    const target = form.fields[index]
    if (!target) return
    setHeard(text)
    const result = voiceFieldValue(target, text)
    if (!result.ok) {
      setHint(result.message)
      return
    }
    setHint('')
    onChange(target.id, result.value)
    timers.current.push(setTimeout(() => onAdvanceFrom(index), VOICE_ADVANCE_MS))
  })

  const live = voice.interim || heard
  return (
    <section aria-labelledby="voice-title" className="grid gap-5">
      <BackButton onBack={props.onBack} />
      <h2 id="voice-title" className="sr-only">
        Fill {form.name} by voice
      </h2>
      <div className="grid gap-3 rounded-xl bg-brand-deep p-5 text-white" data-testid="voice-banner">
        <p className="text-sm font-semibold uppercase tracking-wide">Current field</p>
        <p className="text-2xl font-bold" aria-live="polite">
          {field.label}
        </p>
        <p>
          {fieldPosition(pointer, total)}
          {field.required ? ' (Required)' : ''}
        </p>
      </div>
      <div className={`${card} grid gap-4`}>
        <div className="flex flex-wrap gap-3">
          <button type="button" className={secondaryButton} onClick={() => props.onGoTo(pointer - 1)} disabled={!canGoPrevious(pointer)}>
            <ChevronLeft aria-hidden className="size-4" /> Previous
          </button>
          <button type="button" className={secondaryButton} onClick={() => props.onGoTo(pointer + 1)} disabled={!canGoNext(pointer, total)}>
            Next <ChevronRight aria-hidden className="size-4" />
          </button>
          {voice.recording ? (
            <button type="button" className={`${primaryButton} bg-destructive text-destructive-foreground`} onClick={voice.stop}>
              <Square aria-hidden className="size-4" /> Stop Recording
            </button>
          ) : (
            <button type="button" className={primaryButton} onClick={voice.start}>
              <Mic aria-hidden className="size-4" /> Start Voice Input
            </button>
          )}
        </div>
        <p className="text-muted-foreground" data-testid="live-transcript" aria-live="polite">
          {voice.recording ? 'Listening... ' : ''}
          {live ? <span className="font-semibold text-foreground">&ldquo;{live}&rdquo;</span> : null}
        </p>
        {hint ? (
          <p role="alert" className="font-semibold text-destructive">
            {hint}
          </p>
        ) : null}
      </div>
      <div className={`${card} grid gap-4`}>
        <h2 className="text-xl font-semibold">All fields</h2>
        <p className="text-sm text-muted-foreground">Tap a field to make it current, or type in it.</p>
        <FieldGrid
          form={form}
          idPrefix="voice"
          data={props.data}
          onChange={onChange}
          current={pointer}
          onSelect={props.onGoTo}
          invalidIds={props.invalidIds}
          review={props.review}
          onConfirm={props.onConfirm}
        />
        <SubmitResetBar onSubmit={props.onSubmit} onReset={props.onReset} submitting={props.submitting} />
      </div>
    </section>
  )
}
