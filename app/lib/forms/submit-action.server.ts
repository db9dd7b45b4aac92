import { getDatabase } from '@db/client'
import { currentUser } from '../auth/auth.server'
import { assertSameOrigin, readForm } from '../http.server'
import { saveSubmission, type Submission } from './submissions.server'

/**
 * The /ar-inspection action's work: the form post (JavaScript on or off) becomes a saved submission.
 * Form fields: `formId`, `inputMethod` ('photo' | 'voice' | 'manual', default manual) and one
 * `field.<fieldId>` per template field. Guests may save too: their forms are kept under the guest user.
 * Client mistakes come back as `{ ok: false, status }` (never thrown, never a 500).
 */
export type SubmitActionResult =
  | { ok: true; submission: Submission; title: string; message: string }
  | { ok: false; status: number; title?: string; message: string; missing?: string[]; missingIds?: string[] }

export const FIELD_PREFIX = 'field.'
export const SIGN_IN_TO_SAVE_MESSAGE = 'Sign in or continue as a guest to save forms.'
const MAX_FIELDS = 100

async function failureOf(response: Response): Promise<SubmitActionResult> {
  let message = response.statusText || 'The request was refused.'
  try {
    const body = (await response.json()) as { message?: unknown }
    if (typeof body.message === 'string') message = body.message
  } catch {
    // Keep the status text.
  }
  return { ok: false, status: response.status, message }
}

/**
 * Reads the post once and saves it. `form` is what was read (null when the request was refused before
 * its body was read), so a page can show the values again without reading the body a second time.
 */
export async function handleSubmitAction(request: Request): Promise<{ result: SubmitActionResult; form: FormData | null }> {
  let form: FormData | null = null
  try {
    assertSameOrigin(request)
    // Read before the session check, so a signed-out visitor's page can show what they typed again.
    form = await readForm(request)
    const user = await currentUser(request)
    if (!user) return { result: { ok: false, status: 401, message: SIGN_IN_TO_SAVE_MESSAGE }, form }
    const data: Record<string, string> = Object.create(null) as Record<string, string>
    let fields = 0
    for (const [name, value] of form) {
      if (!name.startsWith(FIELD_PREFIX) || typeof value !== 'string') continue
      if (++fields > MAX_FIELDS) break
      data[name.slice(FIELD_PREFIX.length)] = value
    }
    const { db } = await getDatabase()
    const result = await saveSubmission(db, user, { formId: form.get('formId'), inputMethod: form.get('inputMethod'), data })
    return { result, form }
  } catch (error) {
    if (error instanceof Response) return { result: await failureOf(error), form }
    throw error
  }
}
