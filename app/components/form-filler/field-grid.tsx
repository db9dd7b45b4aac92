import { CircleCheck, TriangleAlert } from 'lucide-react'
import type { ReviewState } from '~/lib/forms/form-state'
import type { FormData, FormField, FormTemplate } from '~/lib/forms/templates'
import { FieldInput } from './field-input'

interface FieldGridProps {
  form: FormTemplate
  idPrefix: string
  data?: FormData
  onChange?: (fieldId: string, value: string) => void
  /** Voice mode: the current field is highlighted; focusing a field makes it current. */
  current?: number
  onSelect?: (index: number) => void
  invalidIds?: readonly string[]
  /** Fields a scan flagged for review (JavaScript on: the OCR runs in the browser). */
  review?: Readonly<Record<string, ReviewState>>
  onConfirm?: (fieldId: string, confirmed: boolean) => void
  /** Uncontrolled (JavaScript off): the values to show again after a failed submit. */
  defaults?: FormData
}

/** Every field of a form, labelled and editable (review card, voice grid and the no-JavaScript form). */
export function FieldGrid({ form, idPrefix, data, onChange, current, onSelect, invalidIds = [], review = {}, onConfirm, defaults }: FieldGridProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {form.fields.map((field, index) => {
        const flag = review[field.id]
        const reviewId = flag ? `${idPrefix}-${field.id}-review` : undefined
        return (
          <div
            key={field.id}
            data-testid={`field-${field.id}`}
            data-review={flag ? (flag.confirmed ? 'confirmed' : 'pending') : undefined}
            aria-current={current === index ? 'step' : undefined}
            className={`rounded-lg p-2 ${field.type === 'textarea' ? 'sm:col-span-2' : ''} ${
              current === index ? 'bg-accent ring-2 ring-primary' : ''
            } ${flag && !flag.confirmed ? 'bg-amber-50 ring-2 ring-amber-600 dark:bg-amber-950/60 dark:ring-amber-400' : ''} ${
              flag?.confirmed ? 'ring-1 ring-emerald-700 dark:ring-emerald-400' : ''
            }`}
          >
            <FieldInput
              field={field}
              idPrefix={idPrefix}
              value={onChange ? (data?.[field.id] ?? '') : undefined}
              defaultValue={onChange ? undefined : defaults?.[field.id]}
              onChange={onChange ? (value) => onChange(field.id, value) : undefined}
              onFocus={onSelect ? () => onSelect(index) : undefined}
              invalid={invalidIds.includes(field.id)}
              describedBy={reviewId}
            />
            {flag && reviewId ? <ReviewNote id={reviewId} field={field} flag={flag} onConfirm={onConfirm} /> : null}
          </div>
        )
      })}
    </div>
  )
}

/**
 * Issue 15: a value the scan may have misread, shown for review before submit. The user confirms it
 * ('Looks right') or corrects it (typing in the field removes the flag).
 */
function ReviewNote({ id, field, flag, onConfirm }: { id: string; field: FormField; flag: ReviewState; onConfirm?: (fieldId: string, confirmed: boolean) => void }) {
  return (
    <div className="mt-2 grid gap-2" data-testid={`review-${field.id}`}>
      <p id={id} className="flex gap-2 text-sm text-foreground">
        {flag.confirmed ? (
          <CircleCheck aria-hidden className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-400" />
        ) : (
          <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0 text-amber-700 dark:text-amber-300" />
        )}
        <span>
          <strong>{flag.confirmed ? 'Checked.' : 'Check this value.'}</strong> {flag.message}
        </span>
      </p>
      {onConfirm ? (
        <button
          type="button"
          aria-pressed={flag.confirmed}
          // The field's name in the button's own (one string: flex items would be read with a space between).
          aria-label={`Looks right: ${field.label}`}
          onClick={() => onConfirm(field.id, !flag.confirmed)}
          className="inline-flex min-h-[var(--tap-size)] w-fit items-center gap-2 rounded-md border border-border bg-card px-3 text-sm font-semibold aria-pressed:border-emerald-700 dark:aria-pressed:border-emerald-400"
        >
          <CircleCheck aria-hidden className="size-4" />
          Looks right
        </button>
      ) : null}
    </div>
  )
}
