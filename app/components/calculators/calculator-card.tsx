import { Form } from '@remix-run/react'
import { Calculator, RotateCcw } from 'lucide-react'
import { useEffect, type FormEvent, type MouseEvent } from 'react'
import { getFields, type CatalogueEntry } from '~/lib/calculators'
import { CalculatorField } from './calculator-field'
import { CalculatorResult } from './calculator-results'
import { computeOutcome, describeOutcome, searchHref, type CardState } from './display'

/**
 * One calculator. With JavaScript the result follows the inputs as the inspector types and the
 * buttons act in place; without it the card is a plain POST form whose action (the route) computes
 * with the same module and renders the result here, landing on the card through the URL hash.
 */
export function CalculatorCard({
  entry,
  state,
  query,
  selected,
  onInput,
  onSubmit,
  onReset,
}: {
  entry: CatalogueEntry
  state: CardState
  /** The current search, kept in the no-JavaScript post so the page comes back filtered the same way. */
  query: string
  selected: boolean
  onInput: (name: string, value: string) => void
  onSubmit: () => void
  onReset: () => void
}) {
  const { id } = entry
  const outcome = state.serverOutcome ?? computeOutcome(id, state.inputs, state.submitted)
  const display = describeOutcome(id, outcome, state.inputs, state.submitted)
  const errorId = `${id}-error`
  const warning = display.kind === 'result' && display.tagged.id === 'tack-rate' ? display.tagged.result.warning : null

  // Spec §5: a tack multiplier outside 0.95-1.05 only logs a warning.
  useEffect(() => {
    if (warning) console.warn(warning)
  }, [warning])

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit()
  }
  const handleReset = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault()
    onReset()
  }

  const search = searchHref(query)
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      aria-current={selected ? 'true' : undefined}
      data-selected={selected ? 'true' : undefined}
      className={`scroll-mt-24 rounded-xl border bg-card p-5 shadow-sm transition-shadow target:ring-4 target:ring-ring ${
        selected ? 'border-ring ring-4 ring-ring' : 'border-border'
      }`}
    >
      <h2 id={`${id}-title`} className="flex items-center gap-2 text-xl font-bold">
        <Calculator aria-hidden="true" className="size-5 shrink-0 text-primary" />
        {entry.name}
      </h2>
      <p className="mt-1 text-muted-foreground">{entry.description}</p>
      <p className="mt-1 text-sm text-muted-foreground">{entry.category}</p>

      {/* noValidate: the module's messages (e.g. the exact SCDOT random-number alert) replace the browser's. */}
      <Form
        method="post"
        action={`${search}#${id}`}
        noValidate
        onSubmit={handleSubmit}
        className="mt-4 grid gap-4"
      >
        <input type="hidden" name="calculator" value={id} />
        <div className="grid gap-4 sm:grid-cols-2">
          {getFields(id).map((field) => (
            <CalculatorField
              key={field.name}
              calculatorId={id}
              field={field}
              value={state.inputs[field.name] ?? ''}
              invalid={display.kind === 'error' && display.field === field.name}
              errorId={errorId}
              onChange={onInput}
            />
          ))}
        </div>
        <div className="flex flex-wrap gap-3">
          <button
            type="submit"
            name="intent"
            value="calculate"
            className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md bg-primary px-5 font-semibold text-primary-foreground"
          >
            Calculate
          </button>
          <button
            type="submit"
            name="intent"
            value="reset"
            onClick={handleReset}
            className="inline-flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border border-border px-5 font-semibold"
          >
            <RotateCcw aria-hidden="true" className="size-4" />
            Reset
          </button>
        </div>
      </Form>

      {display.kind === 'error' ? (
        <p id={errorId} role="alert" className="mt-4 rounded-md border border-destructive p-3 font-semibold text-destructive">
          {display.message}
        </p>
      ) : null}
      <div aria-live="polite" className="mt-4 empty:hidden" data-testid={`${id}-output`}>
        {display.kind === 'result' ? (
          <div className="rounded-lg bg-muted p-4" data-testid={`${id}-result`}>
            <h3 className="sr-only">{`${entry.name} result`}</h3>
            <CalculatorResult tagged={display.tagged} />
          </div>
        ) : display.kind === 'note' ? (
          <p className="text-muted-foreground">{display.message}</p>
        ) : null}
      </div>
    </section>
  )
}
