import type { FormField } from '~/lib/forms/templates'
import { fieldInputName } from '~/lib/forms/form-state'
import { fieldMaxChars } from '~/lib/forms/validate'

interface FieldInputProps {
  field: FormField
  idPrefix: string
  /** Controlled value (JavaScript on); leave out for an uncontrolled input with defaultValue. */
  value?: string
  defaultValue?: string
  onChange?: (value: string) => void
  onFocus?: () => void
  invalid?: boolean
  /** Id of a note about the value (the review flag of a scanned value). */
  describedBy?: string
}

const inputClass =
  'w-full rounded-md border border-border bg-background px-3 py-2 text-base text-foreground min-h-[var(--tap-size)] aria-[invalid=true]:border-destructive'

/** One labelled form field, posted as 'field.<id>' (works with JavaScript off). */
export function FieldInput({ field, idPrefix, value, defaultValue, onChange, onFocus, invalid, describedBy }: FieldInputProps) {
  const id = `${idPrefix}-${field.id}`
  const common = {
    id,
    name: fieldInputName(field.id),
    maxLength: fieldMaxChars(field),
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    onFocus,
    className: inputClass,
    ...(onChange ? { value: value ?? '', onChange: (e: { target: { value: string } }) => onChange(e.target.value) } : { defaultValue }),
  }
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="font-semibold">
        {field.label}
        {field.required ? (
          <span className="ml-1 text-destructive" aria-hidden>
            *
          </span>
        ) : null}
        {field.required ? <span className="sr-only"> (required)</span> : null}
      </label>
      {field.type === 'textarea' ? (
        <textarea {...common} rows={3} />
      ) : (
        <input
          {...common}
          type={field.type === 'date' ? 'date' : field.type === 'number' ? 'number' : 'text'}
          step={field.type === 'number' ? 'any' : undefined}
          inputMode={field.type === 'number' ? 'decimal' : undefined}
        />
      )}
    </div>
  )
}
