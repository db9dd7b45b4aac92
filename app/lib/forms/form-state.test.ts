import { describe, expect, it } from 'vitest'
import {
  FIELD_INPUT_PREFIX,
  fieldInputName,
  fillerReducer,
  formDataFromEntries,
  initialFillerState,
  missingFieldsToast,
  ocrSuccessToast,
  pendingReviewIds,
  reviewPendingToast,
  SIGN_IN_TO_SAVE_FORMS,
  submitSuccessToast,
  type FillerState,
} from './form-state'
import { FIELD_PREFIX, SIGN_IN_TO_SAVE_MESSAGE } from './submit-action.server'
import { missingRequiredFields } from './validate'
import { findFormTemplate } from './templates'

const hma = findFormTemplate('400.04')!

function chosen(mode: 'photo' | 'voice' = 'voice'): FillerState {
  return fillerReducer(fillerReducer(initialFillerState(), { type: 'selectForm', formId: '400.04' }), { type: 'chooseMethod', method: mode })
}

describe('fillerReducer', () => {
  it('starts in select with no form, and ignores an unknown form id', () => {
    expect(initialFillerState('999.99')).toEqual({ formId: null, mode: 'select', data: {}, pointer: 0, processing: false, review: {} })
  })
  it('does not leave select before a form is chosen', () => {
    expect(fillerReducer(initialFillerState(), { type: 'chooseMethod', method: 'photo' }).mode).toBe('select')
  })
  it('enters photo or voice once a form is chosen', () => {
    expect(chosen('photo').mode).toBe('photo')
    expect(chosen('voice').mode).toBe('voice')
  })
  it('Back returns to select and keeps the data', () => {
    const filled = fillerReducer(chosen(), { type: 'setField', fieldId: 'contractor', value: 'ABC' })
    const back = fillerReducer(filled, { type: 'back' })
    expect(back.mode).toBe('select')
    expect(back.data).toEqual({ contractor: 'ABC' })
  })
  it('choosing another form clears data and pointer', () => {
    let state = fillerReducer(chosen(), { type: 'setField', fieldId: 'contractor', value: 'ABC' })
    state = fillerReducer(state, { type: 'next' })
    state = fillerReducer(state, { type: 'selectForm', formId: '300.02' })
    expect(state).toMatchObject({ formId: '300.02', data: {}, pointer: 0, mode: 'select' })
  })
  it('Next and Previous stop at the ends', () => {
    let state = chosen()
    state = fillerReducer(state, { type: 'previous' })
    expect(state.pointer).toBe(0)
    for (let i = 0; i < 20; i++) state = fillerReducer(state, { type: 'next' })
    expect(state.pointer).toBe(hma.fields.length - 1)
  })
  it('goTo makes a tapped field current, clamped to the form', () => {
    expect(fillerReducer(chosen(), { type: 'goTo', index: 4 }).pointer).toBe(4)
    expect(fillerReducer(chosen(), { type: 'goTo', index: 99 }).pointer).toBe(hma.fields.length - 1)
  })
  it('advances after a spoken value only from where it was spoken and never past the last field', () => {
    const state = chosen()
    expect(fillerReducer(state, { type: 'advanceFrom', index: 0 }).pointer).toBe(1)
    const moved = fillerReducer(state, { type: 'goTo', index: 3 })
    expect(fillerReducer(moved, { type: 'advanceFrom', index: 0 }).pointer).toBe(3)
    const last = fillerReducer(state, { type: 'goTo', index: hma.fields.length - 1 })
    expect(fillerReducer(last, { type: 'advanceFrom', index: hma.fields.length - 1 }).pointer).toBe(hma.fields.length - 1)
  })
  it('merges OCR results into existing data', () => {
    let state = fillerReducer(chosen('photo'), { type: 'setField', fieldId: 'notes', value: 'typed' })
    state = fillerReducer(state, { type: 'mergeOcr', data: { date: '2026-11-20' } })
    expect(state.data).toEqual({ notes: 'typed', date: '2026-11-20' })
  })
  it('Reset returns to select with data cleared and the pointer at the first field', () => {
    let state = fillerReducer(chosen(), { type: 'setField', fieldId: 'contractor', value: 'ABC' })
    state = fillerReducer(state, { type: 'goTo', index: 5 })
    state = fillerReducer(state, { type: 'setProcessing', processing: true })
    expect(fillerReducer(state, { type: 'reset' })).toEqual({ formId: '400.04', mode: 'select', data: {}, pointer: 0, processing: false, review: {} })
  })
})

describe('submit messages and posted fields', () => {
  it('builds the §5 toast from the labels of the empty required fields', () => {
    const labels = missingRequiredFields(hma, { date: '2026-11-20', projectNumber: '  ', weather: 'Sunny' })
    expect(missingFieldsToast(labels)).toEqual({
      title: 'Missing required fields',
      description: 'Please fill in: Project Number, Contractor, Location/Station, Mix Type, Tonnage Placed, Mat Temperature (°F)',
      variant: 'destructive',
    })
  })
  it('names the form in the success toast', () => {
    expect(submitSuccessToast(hma)).toEqual({
      title: 'Form submitted successfully',
      description: 'Hot Mix Asphalt Construction Daily Report has been completed and saved.',
    })
  })
  it('posts fields under the prefix the server reads', () => {
    expect(FIELD_INPUT_PREFIX).toBe(FIELD_PREFIX)
    expect(SIGN_IN_TO_SAVE_FORMS).toBe(SIGN_IN_TO_SAVE_MESSAGE)
    expect(fieldInputName('date')).toBe('field.date')
  })
  it('reads only the form fields from a posted body, capped to their length', () => {
    const body = new URLSearchParams({ 'field.date': '2026-11-20', formId: '400.04', 'field.evil': 'x', 'field.mixType': 'a'.repeat(300) })
    const data = formDataFromEntries(hma, (name) => body.get(name))
    expect(Object.keys(data)).toEqual(['date', 'mixType'])
    expect(data.mixType).toHaveLength(200)
  })
})

describe('review of scanned values (issue 15)', () => {
  const flag = { read: '23450', reasons: ['plus-read-as-4' as const], confidence: 0, message: 'Check it.' }
  const scanned = () => fillerReducer(chosen('photo'), { type: 'mergeOcr', data: { location: '23+50', date: '2026-11-20' }, review: { location: flag } })

  it('keeps the flags of a scan until each is confirmed or corrected', () => {
    const state = scanned()
    expect(state.review.location).toEqual({ ...flag, confirmed: false })
    expect(pendingReviewIds(hma, state.review)).toEqual(['location'])
    const confirmed = fillerReducer(state, { type: 'confirmReview', fieldId: 'location', confirmed: true })
    expect(pendingReviewIds(hma, confirmed.review)).toEqual([])
    expect(confirmed.data.location).toBe('23+50')
    // Unconfirming puts it back; an unknown field changes nothing.
    expect(pendingReviewIds(hma, fillerReducer(confirmed, { type: 'confirmReview', fieldId: 'location', confirmed: false }).review)).toEqual(['location'])
    expect(fillerReducer(state, { type: 'confirmReview', fieldId: 'weather', confirmed: true })).toBe(state)
  })

  it('drops a flag when the user types the value, and when a later scan reads the field cleanly', () => {
    expect(fillerReducer(scanned(), { type: 'setField', fieldId: 'location', value: '23+50' }).review).toEqual({})
    expect(fillerReducer(scanned(), { type: 'mergeOcr', data: { location: 'STA 23+50' }, review: {} }).review).toEqual({})
    // A scan that did not read the field leaves its flag.
    expect(fillerReducer(scanned(), { type: 'mergeOcr', data: { weather: 'Sunny' }, review: {} }).review.location).toBeDefined()
  })

  it('forgets flags on Reset and on another form, keeps them on Back', () => {
    expect(fillerReducer(scanned(), { type: 'reset' }).review).toEqual({})
    expect(fillerReducer(scanned(), { type: 'selectForm', formId: '300.02' }).review).toEqual({})
    expect(fillerReducer(scanned(), { type: 'back' }).review.location).toBeDefined()
  })

  it('says which fields to check, in the toasts', () => {
    expect(reviewPendingToast(['Location/Station'])).toEqual({
      title: 'Check the highlighted fields',
      description: 'Confirm or correct: Location/Station',
      variant: 'destructive',
    })
    expect(ocrSuccessToast([]).description).toBe('Form fields have been populated from the image. Please review and edit as needed.')
    expect(ocrSuccessToast(['Location/Station']).description).toBe(
      'Form fields have been populated from the image. Please review and edit as needed. 1 field needs checking: Location/Station.',
    )
  })
})
