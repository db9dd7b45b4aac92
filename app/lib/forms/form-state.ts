import type { FieldReview } from '../ocr/fields'
import { mergeOcrData } from './ocr-mapping'
import { findFormTemplate, type FormData, type FormTemplate } from './templates'
import { fieldMaxChars, MISSING_FIELDS_TITLE, missingFieldsMessage, SUBMIT_SUCCESS_TITLE, submitSuccessMessage } from './validate'

/**
 * State of the form filler screen (product-spec §2, §4): select -> photo or voice (only once a form is
 * chosen); Back returns to select; a successful submit or Reset returns to select with the data cleared
 * and the field pointer on the first field. Pure reducer, unit-tested.
 */
export type FillerMode = 'select' | 'photo' | 'voice'

export interface FillerState {
  formId: string | null
  mode: FillerMode
  data: FormData
  /** Index of the current field (voice mode). */
  pointer: number
  /** On while OCR runs. */
  processing: boolean
  /**
   * Fields the last scans flagged for review (issue 15), by field id. A flag stays until the user
   * confirms the value ('Looks right') or changes it; the form is not submitted while one is unconfirmed.
   */
  review: Record<string, ReviewState>
}

export interface ReviewState extends FieldReview {
  confirmed: boolean
}

export type FillerAction =
  | { type: 'selectForm'; formId: string | null }
  | { type: 'chooseMethod'; method: 'photo' | 'voice' }
  | { type: 'back' }
  | { type: 'setField'; fieldId: string; value: string }
  | { type: 'mergeOcr'; data: FormData; review?: Record<string, FieldReview> }
  | { type: 'confirmReview'; fieldId: string; confirmed: boolean }
  | { type: 'setProcessing'; processing: boolean }
  | { type: 'goTo'; index: number }
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'advanceFrom'; index: number }
  | { type: 'reset' }

export function initialFillerState(formId: string | null = null): FillerState {
  return { formId: formId && findFormTemplate(formId) ? formId : null, mode: 'select', data: {}, pointer: 0, processing: false, review: {} }
}

function fieldCount(state: FillerState): number {
  return state.formId ? (findFormTemplate(state.formId)?.fields.length ?? 0) : 0
}

function clampPointer(index: number, total: number): number {
  return Math.max(0, Math.min(index, total - 1))
}

export function fillerReducer(state: FillerState, action: FillerAction): FillerState {
  switch (action.type) {
    case 'selectForm': {
      const formId = action.formId && findFormTemplate(action.formId) ? action.formId : null
      // Another form has other fields: its data and pointer start afresh. The same form keeps them.
      if (formId === state.formId) return { ...state, mode: 'select' }
      return { ...initialFillerState(formId) }
    }
    case 'chooseMethod':
      return state.formId ? { ...state, mode: action.method } : state
    case 'back':
      // Back keeps what was entered, so a form begun by photo can be finished by voice.
      return { ...state, mode: 'select', processing: false }
    case 'setField': {
      // The user's own value: nothing left to review there.
      const { [action.fieldId]: _reviewed, ...review } = state.review
      return { ...state, data: { ...state.data, [action.fieldId]: action.value }, review }
    }
    case 'mergeOcr': {
      // A field this scan read takes this scan's flag, or none when it read cleanly.
      const review = { ...state.review }
      for (const fieldId of Object.keys(action.data)) delete review[fieldId]
      for (const [fieldId, flag] of Object.entries(action.review ?? {})) review[fieldId] = { ...flag, confirmed: false }
      return { ...state, data: mergeOcrData(state.data, action.data), review }
    }
    case 'confirmReview': {
      const flag = state.review[action.fieldId]
      return flag ? { ...state, review: { ...state.review, [action.fieldId]: { ...flag, confirmed: action.confirmed } } } : state
    }
    case 'setProcessing':
      return { ...state, processing: action.processing }
    case 'goTo': {
      const total = fieldCount(state)
      return total ? { ...state, pointer: clampPointer(action.index, total) } : state
    }
    case 'next': {
      const total = fieldCount(state)
      return total ? { ...state, pointer: clampPointer(state.pointer + 1, total) } : state
    }
    case 'previous':
      return { ...state, pointer: Math.max(0, state.pointer - 1) }
    case 'advanceFrom': {
      // The 1 s advance after a spoken value: only if the user has not moved meanwhile, never past the last.
      const total = fieldCount(state)
      if (state.pointer !== action.index || action.index >= total - 1) return state
      return { ...state, pointer: action.index + 1 }
    }
    case 'reset':
      return { ...state, mode: 'select', data: {}, pointer: 0, processing: false, review: {} }
  }
}

/** The success toast (§8), shown only once the server has saved the submission. */
export function submitSuccessToast(form: Pick<FormTemplate, 'name'>) {
  return { title: SUBMIT_SUCCESS_TITLE, description: submitSuccessMessage(form.name) }
}

/** The destructive toast of §5 for the labels of the empty required fields. */
export function missingFieldsToast(labels: readonly string[]) {
  return { title: MISSING_FIELDS_TITLE, description: missingFieldsMessage(labels), variant: 'destructive' } as const
}

/** Ids of the flagged fields the user has not confirmed or corrected yet, in the form's order. */
export function pendingReviewIds(form: Pick<FormTemplate, 'fields'>, review: Readonly<Record<string, ReviewState>>): string[] {
  return form.fields.filter((field) => review[field.id] && !review[field.id]!.confirmed).map((field) => field.id)
}

export const REVIEW_TITLE = 'Check the highlighted fields'

/** The toast when Submit meets unconfirmed flags: which fields to confirm or correct. */
export function reviewPendingToast(labels: readonly string[]) {
  return { title: REVIEW_TITLE, description: `Confirm or correct: ${labels.join(', ')}`, variant: 'destructive' } as const
}

/** The §8 'Photo processed' toast, naming the fields the scan flagged for review. */
export function ocrSuccessToast(flaggedLabels: readonly string[]) {
  if (flaggedLabels.length === 0) return OCR_SUCCESS_TOAST
  const which = flaggedLabels.length === 1 ? 'field needs' : 'fields need'
  return { ...OCR_SUCCESS_TOAST, description: `${OCR_SUCCESS_TOAST.description} ${flaggedLabels.length} ${which} checking: ${flaggedLabels.join(', ')}.` }
}

export const OCR_SUCCESS_TOAST = {
  title: 'Photo processed',
  description: 'Form fields have been populated from the image. Please review and edit as needed.',
} as const

export const OCR_FAILURE_TOAST = {
  title: 'OCR processing failed',
  description: 'Unable to read the form. Please try again or enter manually.',
  variant: 'destructive',
} as const

export const OCR_PROGRESS_TEXT = 'Processing image with OCR... This may take a few moments.'

/** Shown to a visitor without a session (the same text the server answers a signed-out submit with). */
export const SIGN_IN_TO_SAVE_FORMS = 'Sign in or continue as a guest to save forms.'

/** Field inputs are posted as 'field.<fieldId>' (the contract of submit-action.server.ts). */
export const FIELD_INPUT_PREFIX = 'field.'

export function fieldInputName(fieldId: string): string {
  return `${FIELD_INPUT_PREFIX}${fieldId}`
}

/** The values of a form's fields from a posted body (unknown keys ignored), to show them again. */
export function formDataFromEntries(form: Pick<FormTemplate, 'fields'>, get: (name: string) => unknown): FormData {
  const data: FormData = {}
  for (const field of form.fields) {
    const value = get(fieldInputName(field.id))
    if (typeof value === 'string') data[field.id] = value.slice(0, fieldMaxChars(field))
  }
  return data
}
