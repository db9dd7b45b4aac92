import { ArrowLeft, RotateCcw, Send } from 'lucide-react'
import { primaryButton, secondaryButton } from './styles'

/** Back (to select) at the top of photo and voice modes. */
export function BackButton({ onBack }: { onBack: () => void }) {
  return (
    <button type="button" onClick={onBack} className={`${secondaryButton} w-fit`}>
      <ArrowLeft aria-hidden className="size-4" /> Back
    </button>
  )
}

/** Submit Form and Reset under the fields. */
export function SubmitResetBar({ onSubmit, onReset, submitting }: { onSubmit: () => void; onReset: () => void; submitting: boolean }) {
  return (
    <div className="flex flex-wrap gap-3">
      <button type="button" onClick={onSubmit} disabled={submitting} className={primaryButton} aria-busy={submitting || undefined}>
        <Send aria-hidden className="size-4" /> {submitting ? 'Saving...' : 'Submit Form'}
      </button>
      <button type="button" onClick={onReset} disabled={submitting} className={secondaryButton}>
        <RotateCcw aria-hidden className="size-4" /> Reset
      </button>
    </div>
  )
}
