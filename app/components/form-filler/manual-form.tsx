import { Form } from '@remix-run/react'
import { Send } from 'lucide-react'
import type { FormData as FieldValues, FormTemplate } from '~/lib/forms/templates'
import { FieldGrid } from './field-grid'
import { card, primaryButton } from './styles'

export interface ManualFailure {
  formId: string
  title: string
  message: string
  missingIds: readonly string[]
  values: FieldValues
}

/**
 * Filling by hand, for a page without JavaScript (photo and voice need it): a plain POST of every
 * field; a failed submit comes back with the §5 message and the values kept.
 */
export function ManualForm({ form, failure }: { form: FormTemplate; failure: ManualFailure | null }) {
  return (
    <Form method="post" className={`${card} grid gap-4`} aria-labelledby="manual-title">
      <input type="hidden" name="formId" value={form.id} />
      <input type="hidden" name="inputMethod" value="manual" />
      <h2 id="manual-title" className="text-xl font-semibold">
        2. Fill in {form.name}
      </h2>
      <p className="text-muted-foreground">Photo and voice input need JavaScript; type the values here instead.</p>
      {failure ? (
        <div role="alert" className="rounded-lg border-2 border-destructive p-3">
          <p className="font-bold text-destructive">{failure.title}</p>
          <p>{failure.message}</p>
        </div>
      ) : null}
      <FieldGrid form={form} idPrefix="manual" defaults={failure?.values} invalidIds={failure?.missingIds} />
      <div>
        <button type="submit" className={primaryButton}>
          <Send aria-hidden className="size-4" /> Submit Form
        </button>
      </div>
    </Form>
  )
}
