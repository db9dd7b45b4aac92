import { randomUUID } from 'node:crypto'
import { and, count, desc, eq } from 'drizzle-orm'
import type { Database } from '@db/client'
import { formSubmissions } from '@db/schema'
import { findFormTemplate } from './templates'
import {
  MISSING_FIELDS_TITLE,
  SUBMIT_SUCCESS_TITLE,
  cleanFormData,
  isInputMethod,
  missingFieldsMessage,
  missingRequiredFieldIds,
  missingRequiredFields,
  submitSuccessMessage,
  type InputMethod,
} from './validate'

/**
 * A user's saved inspection forms (§3 'Submission record'). Every function takes the user's id and only
 * ever reads or changes that user's rows: another user's id answers "not found", never their data.
 */
export type SubmissionRow = typeof formSubmissions.$inferSelect

/** What pages and JSON answers show: the record without its owner, the time as ISO text. */
export interface Submission {
  id: string
  formId: string
  formName: string
  data: Record<string, string>
  inputMethod: InputMethod
  submittedAt: string
}

export interface SaveInput {
  formId: unknown
  data: Readonly<Record<string, unknown>>
  inputMethod?: unknown
}

export type SaveResult =
  | { ok: true; submission: Submission; title: string; message: string }
  | { ok: false; status: 400; title?: string; message: string; missing?: string[]; missingIds?: string[] }

export const UNKNOWN_FORM_MESSAGE = 'Choose one of the inspection forms before submitting.'
export const SUBMISSIONS_PAGE_MAX = 100

export function toSubmission(row: SubmissionRow): Submission {
  return {
    id: row.id,
    formId: row.formId,
    formName: row.formName,
    data: row.data,
    inputMethod: row.inputMethod,
    submittedAt: row.submittedAt.toISOString(),
  }
}

/**
 * Validates against the form's template and stores it in one insert. Unknown field ids are dropped,
 * values trimmed and capped; a missing required field answers the §5 message with the labels.
 * Number fields are kept as written (§5: nothing else is validated), so an OCR reading such as
 * '1,250' or '285 F' is saved for the inspector to correct rather than refused.
 */
export async function saveSubmission(
  db: Database,
  user: { id: string },
  input: SaveInput,
  submittedAt: Date = new Date(),
): Promise<SaveResult> {
  const template = typeof input.formId === 'string' ? findFormTemplate(input.formId.trim()) : undefined
  if (!template) return { ok: false, status: 400, message: UNKNOWN_FORM_MESSAGE }
  const data = cleanFormData(template, input.data)
  const missing = missingRequiredFields(template, data)
  if (missing.length > 0) {
    return {
      ok: false,
      status: 400,
      title: MISSING_FIELDS_TITLE,
      message: missingFieldsMessage(missing),
      missing,
      missingIds: missingRequiredFieldIds(template, data),
    }
  }
  const row: SubmissionRow = {
    id: randomUUID(),
    userId: user.id,
    formId: template.id,
    formName: template.name,
    data,
    inputMethod: isInputMethod(input.inputMethod) ? input.inputMethod : 'manual',
    submittedAt,
  }
  await db.insert(formSubmissions).values(row)
  return { ok: true, submission: toSubmission(row), title: SUBMIT_SUCCESS_TITLE, message: submitSuccessMessage(template.name) }
}

/** Newest first; `total` counts all of the user's submissions. */
export async function listSubmissions(
  db: Database,
  userId: string,
  { limit = 20, offset = 0 }: { limit?: number; offset?: number } = {},
): Promise<{ items: Submission[]; total: number; limit: number; offset: number }> {
  const safeLimit = Math.min(SUBMISSIONS_PAGE_MAX, Math.max(1, Math.trunc(limit) || 1))
  const safeOffset = Math.max(0, Math.trunc(offset) || 0)
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(formSubmissions)
      .where(eq(formSubmissions.userId, userId))
      .orderBy(desc(formSubmissions.submittedAt), desc(formSubmissions.id))
      .limit(safeLimit)
      .offset(safeOffset),
    db.select({ n: count() }).from(formSubmissions).where(eq(formSubmissions.userId, userId)),
  ])
  return { items: rows.map(toSubmission), total: Number(totalRow?.n ?? 0), limit: safeLimit, offset: safeOffset }
}

/** One of the user's submissions; null when it is not theirs or does not exist. */
export async function getSubmission(db: Database, userId: string, id: string): Promise<Submission | null> {
  const [row] = await db
    .select()
    .from(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.userId, userId)))
    .limit(1)
  return row ? toSubmission(row) : null
}

/** Deletes one of the user's submissions and answers it; null when it is not theirs or does not exist. */
export async function deleteSubmission(db: Database, userId: string, id: string): Promise<Submission | null> {
  const [row] = await db
    .delete(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.userId, userId)))
    .returning()
  return row ? toSubmission(row) : null
}
