import type { FieldDef } from '~/lib/calculators'
import { placeholderText } from './display'

const CONTROL =
  'min-h-[var(--tap-size)] w-full rounded-md border border-border bg-background px-3 text-lg text-foreground placeholder:text-base placeholder:italic placeholder:text-muted-foreground aria-[invalid=true]:border-destructive'

/** One labelled input of a calculator card, controlled by the page's per-card state. */
export function CalculatorField({
  calculatorId,
  field,
  value,
  invalid,
  errorId,
  onChange,
}: {
  calculatorId: string
  field: FieldDef
  value: string
  invalid: boolean
  errorId: string
  onChange: (name: string, value: string) => void
}) {
  const id = `${calculatorId}-${field.name}`
  const hintId = field.hint ? `${id}-hint` : undefined
  const describedBy = [hintId, invalid ? errorId : undefined].filter(Boolean).join(' ') || undefined
  const common = {
    id,
    name: field.name,
    value,
    'aria-describedby': describedBy,
    'aria-invalid': invalid || undefined,
    className: CONTROL,
  }
  return (
    <div className="grid content-start gap-1">
      <label htmlFor={id} className="font-medium">
        {field.label}
      </label>
      {field.type === 'select' ? (
        <select {...common} onChange={(event) => onChange(field.name, event.target.value)}>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type={field.type}
          inputMode={field.inputMode}
          placeholder={placeholderText(field.placeholder)}
          min={field.min}
          max={field.max}
          step={field.step}
          autoComplete="off"
          onChange={(event) => onChange(field.name, event.target.value)}
        />
      )}
      {field.hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {field.hint}
        </p>
      ) : null}
    </div>
  )
}
