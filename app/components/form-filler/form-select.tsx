import type { ReactNode } from 'react'
import { Link } from '@remix-run/react'
import { Camera, CheckCircle2, Mic } from 'lucide-react'
import { formLabel, type FormTemplate } from '~/lib/forms/templates'
import { card } from './styles'

interface FormSelectProps {
  forms: readonly FormTemplate[]
  selected: FormTemplate | null
  /** The input method buttons need JavaScript; without it the manual form (children) shows instead. */
  hydrated: boolean
  onMethod: (method: 'photo' | 'voice') => void
  children?: ReactNode
}

const methodClass =
  'flex min-h-[var(--tap-size)] w-full items-start gap-3 rounded-xl border border-border bg-card p-4 text-left hover:bg-accent focus-visible:ring-2 focus-visible:ring-primary'

/** Select mode (§2): a form from the list ('id - name'), then Photo Upload or Voice Input. */
export function FormSelect({ forms, selected, hydrated, onMethod, children }: FormSelectProps) {
  return (
    <div className="grid gap-6">
      <section aria-labelledby="choose-form-title" className={`${card} grid gap-3`}>
        <h2 id="choose-form-title" className="text-xl font-semibold">
          1. Choose a form
        </h2>
        <ul className="grid gap-2">
          {forms.map((form) => {
            const isSelected = selected?.id === form.id
            return (
              <li key={form.id}>
                <Link
                  to={`?form=${encodeURIComponent(form.id)}`}
                  replace
                  preventScrollReset
                  aria-current={isSelected ? 'true' : undefined}
                  className={`flex min-h-[var(--tap-size)] items-center gap-2 rounded-md border px-4 py-2 font-semibold ${
                    isSelected ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background text-foreground hover:bg-accent'
                  }`}
                >
                  {isSelected ? <CheckCircle2 aria-hidden className="size-5 shrink-0" /> : null}
                  {formLabel(form)}
                </Link>
              </li>
            )
          })}
        </ul>
      </section>

      {selected && hydrated ? (
        <section aria-labelledby="method-title" className={`${card} grid gap-3`}>
          <h2 id="method-title" className="text-xl font-semibold">
            2. Choose an input method
          </h2>
          <div className="grid gap-3 sm:grid-cols-2">
            <button type="button" className={methodClass} onClick={() => onMethod('photo')}>
              <Camera aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
              <span className="grid">
                <span className="text-lg font-semibold">Photo Upload</span>
                <span className="text-muted-foreground">Scan a handwritten form</span>
              </span>
            </button>
            <button type="button" className={methodClass} onClick={() => onMethod('voice')}>
              <Mic aria-hidden className="mt-0.5 size-6 shrink-0 text-primary" />
              <span className="grid">
                <span className="text-lg font-semibold">Voice Input</span>
                <span className="text-muted-foreground">Fill field by field</span>
              </span>
            </button>
          </div>
        </section>
      ) : null}

      {selected && !hydrated ? children : null}
    </div>
  )
}
