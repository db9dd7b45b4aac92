import type { FormData, FormTemplate } from '~/lib/forms/templates'
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
  /** Uncontrolled (JavaScript off): the values to show again after a failed submit. */
  defaults?: FormData
}

/** Every field of a form, labelled and editable (review card, voice grid and the no-JavaScript form). */
export function FieldGrid({ form, idPrefix, data, onChange, current, onSelect, invalidIds = [], defaults }: FieldGridProps) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {form.fields.map((field, index) => (
        <div
          key={field.id}
          data-testid={`field-${field.id}`}
          aria-current={current === index ? 'step' : undefined}
          className={`rounded-lg p-2 ${field.type === 'textarea' ? 'sm:col-span-2' : ''} ${
            current === index ? 'bg-accent ring-2 ring-primary' : ''
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
          />
        </div>
      ))}
    </div>
  )
}
