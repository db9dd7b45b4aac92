import { findFormTemplate } from './templates'

/**
 * A submission's fields to show: the template's fields in its order with their labels, then any stored
 * value whose field the template no longer has (labelled by its id), so nothing saved is hidden.
 */
export function submissionFields(formId: string, data: Readonly<Record<string, string>>): { id: string; label: string; value: string }[] {
  const template = findFormTemplate(formId)
  const fields = (template?.fields ?? []).map((field) => ({ id: field.id, label: field.label, value: data[field.id] ?? '' }))
  for (const [id, value] of Object.entries(data)) {
    if (!fields.some((field) => field.id === id)) fields.push({ id, label: id, value })
  }
  return fields
}
