import type { FormField, FormTemplate } from './templates'

/**
 * The form-submit rule of product-spec §5 and the caps the server applies. Pure: the browser (toast
 * before posting) and the server (the authoritative check) use the same functions.
 */

export const MISSING_FIELDS_TITLE = 'Missing required fields'
export const SUBMIT_SUCCESS_TITLE = 'Form submitted successfully'

/** Longest value kept per field: long text for notes, a line for everything else. */
export const TEXTAREA_MAX_CHARS = 2000
export const FIELD_MAX_CHARS = 200

export const INPUT_METHODS = ['photo', 'voice', 'manual'] as const
export type InputMethod = (typeof INPUT_METHODS)[number]

export function isInputMethod(value: unknown): value is InputMethod {
  return typeof value === 'string' && (INPUT_METHODS as readonly string[]).includes(value)
}

export function fieldMaxChars(field: Pick<FormField, 'type'>): number {
  return field.type === 'textarea' ? TEXTAREA_MAX_CHARS : FIELD_MAX_CHARS
}

/** Labels of the required fields that are empty (after trimming), in template order. */
export function missingRequiredFields(template: FormTemplate, data: Readonly<Record<string, string | undefined>>): string[] {
  return template.fields.filter((field) => field.required && (data[field.id] ?? '').trim() === '').map((field) => field.label)
}

/** Ids of the required fields that are empty, in template order (to mark the inputs invalid). */
export function missingRequiredFieldIds(template: FormTemplate, data: Readonly<Record<string, string | undefined>>): string[] {
  return template.fields.filter((field) => field.required && (data[field.id] ?? '').trim() === '').map((field) => field.id)
}

/** §5: 'Please fill in: ' plus the labels, comma-separated. */
export function missingFieldsMessage(labels: readonly string[]): string {
  return `Please fill in: ${labels.join(', ')}`
}

/** §8: '<form name> has been completed and saved.' */
export function submitSuccessMessage(formName: string): string {
  return `${formName} has been completed and saved.`
}

/**
 * The values kept for a template: only its own field ids, trimmed, capped to the field's length, and
 * empty values dropped. Unknown keys are ignored, so nothing outside the template is ever stored.
 */
export function cleanFormData(template: FormTemplate, data: Readonly<Record<string, unknown>>): Record<string, string> {
  const clean: Record<string, string> = {}
  for (const field of template.fields) {
    const value = data[field.id]
    if (typeof value !== 'string') continue
    // Cut by code point so a capped value never ends in half an emoji.
    const trimmed = Array.from(value.trim()).slice(0, fieldMaxChars(field)).join('').trim()
    if (trimmed !== '') clean[field.id] = trimmed
  }
  return clean
}
