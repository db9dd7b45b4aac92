import { z } from 'zod'
import raw from '../../../corpus/forms/inspection-forms.json'

/** Form templates of §3, kept as corpus data in corpus/forms/inspection-forms.json. Pure: browser and server. */
export const formFieldSchema = z.object({
  id: z.string().regex(/^[a-zA-Z][a-zA-Z0-9]*$/),
  label: z.string().min(1),
  type: z.enum(['date', 'text', 'number', 'textarea']),
  required: z.boolean(),
  /**
   * 'station': the field holds a location or a station ('Location/Station'); a station read by OCR is
   * put in the calculators' normal form and checked for its shape (app/lib/ocr/stations.ts).
   */
  format: z.enum(['station']).optional(),
})

export const formTemplateSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  fields: z.array(formFieldSchema).min(1),
})

export type FormField = z.infer<typeof formFieldSchema>
export type FormTemplate = z.infer<typeof formTemplateSchema>
export type FormData = Record<string, string>

export const FORM_TEMPLATES: readonly FormTemplate[] = z
  .object({ forms: z.array(formTemplateSchema).min(1) })
  .parse(raw).forms

export function findFormTemplate(id: string): FormTemplate | undefined {
  return FORM_TEMPLATES.find((form) => form.id === id)
}

/** How a form is listed in the selector: 'id - name'. */
export function formLabel(form: Pick<FormTemplate, 'id' | 'name'>): string {
  return `${form.id} - ${form.name}`
}
