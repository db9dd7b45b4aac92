import { Link, useFetcher, useNavigate } from '@remix-run/react'
import { CheckCircle2 } from 'lucide-react'
import { useCallback, useEffect, useReducer, useRef, useState } from 'react'
import { toast } from '~/lib/toast-store'
import {
  fieldInputName,
  fillerReducer,
  initialFillerState,
  missingFieldsToast,
  pendingReviewIds,
  reviewPendingToast,
  submitSuccessToast,
} from '~/lib/forms/form-state'
import type { FieldReview } from '~/lib/ocr/fields'
import { FORM_TEMPLATES, findFormTemplate, type FormData as FieldValues } from '~/lib/forms/templates'
import { missingRequiredFieldIds, missingRequiredFields } from '~/lib/forms/validate'
import { useHydrated } from '~/lib/use-hydrated'
import { FormSelect } from './form-select'
import { ManualForm, type ManualFailure } from './manual-form'
import { PhotoMode } from './photo-mode'
import { VoiceMode } from './voice-mode'

export const PRESELECTED_FORM_KEY = 'preselected_form'
export const SUBMISSIONS_PATH = '/ar-inspection/submissions'

/** What the route action answers a script submit with (JSON through the fetcher). */
export type SubmitResult =
  | { ok: true; submission: { id: string; formName: string }; title: string; message: string }
  | { ok: false; status: number; title?: string; message: string; missing?: string[]; missingIds?: string[] }

interface FormFillerProps {
  selectedFormId: string | null
  manualFailure: ManualFailure | null
}

/** The form filler (§2, §4): select, photo and voice modes, and the submit that saves on the server. */
export function FormFiller({ selectedFormId, manualFailure }: FormFillerProps) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [state, dispatch] = useReducer(fillerReducer, selectedFormId, initialFillerState)
  const [invalidIds, setInvalidIds] = useState<string[]>([])
  const [saved, setSaved] = useState<string | null>(null)
  const fetcher = useFetcher<SubmitResult>()
  const awaiting = useRef(false)
  const form = state.formId ? (findFormTemplate(state.formId) ?? null) : null

  useEffect(() => {
    dispatch({ type: 'selectForm', formId: selectedFormId })
    setInvalidIds([])
  }, [selectedFormId])

  // A form chosen elsewhere (results view, dashboard) arrives once through session storage.
  useEffect(() => {
    let stored: string | null = null
    try {
      stored = window.sessionStorage.getItem(PRESELECTED_FORM_KEY)
      window.sessionStorage.removeItem(PRESELECTED_FORM_KEY)
    } catch {
      // Storage blocked: nothing preselected.
    }
    if (stored && findFormTemplate(stored)) navigate(`?form=${encodeURIComponent(stored)}`, { replace: true, preventScrollReset: true })
  }, [navigate])

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data || !awaiting.current) return
    awaiting.current = false
    const result = fetcher.data
    if (result.ok) {
      toast({ title: result.title, description: result.message })
      setSaved(result.submission.formName)
      setInvalidIds([])
      dispatch({ type: 'reset' })
    } else if (result.missing?.length) {
      toast(missingFieldsToast(result.missing))
      setInvalidIds(result.missingIds ?? [])
    } else {
      toast({ title: 'Form not saved', description: result.message, variant: 'destructive' })
    }
  }, [fetcher.state, fetcher.data])

  const setField = useCallback((fieldId: string, value: string) => {
    dispatch({ type: 'setField', fieldId, value })
    setInvalidIds((ids) => (ids.includes(fieldId) && value.trim() !== '' ? ids.filter((id) => id !== fieldId) : ids))
  }, [])

  const confirmReview = useCallback((fieldId: string, confirmed: boolean) => dispatch({ type: 'confirmReview', fieldId, confirmed }), [])

  function submit() {
    if (!form) return
    // A value the scan may have misread is never sent unchecked (issue 15): confirm or correct it first.
    const unchecked = pendingReviewIds(form, state.review)
    if (unchecked.length > 0) {
      toast(reviewPendingToast(form.fields.filter((field) => unchecked.includes(field.id)).map((field) => field.label)))
      document.getElementById(`${state.mode}-${unchecked[0]}`)?.focus()
      return
    }
    const missing = missingRequiredFields(form, state.data)
    if (missing.length > 0) {
      setInvalidIds(missingRequiredFieldIds(form, state.data))
      toast(missingFieldsToast(missing))
      return
    }
    const body = new window.FormData()
    body.set('formId', form.id)
    body.set('inputMethod', state.mode === 'voice' ? 'voice' : 'photo')
    body.set('respond', 'data')
    for (const field of form.fields) {
      const value = state.data[field.id]
      if (value) body.set(fieldInputName(field.id), value)
    }
    awaiting.current = true
    setSaved(null)
    fetcher.submit(body, { method: 'post', action: '/ar-inspection?index' })
  }

  function reset() {
    setInvalidIds([])
    dispatch({ type: 'reset' })
  }

  const submitting = fetcher.state !== 'idle'
  const common = {
    data: state.data,
    invalidIds,
    review: state.review,
    onConfirm: confirmReview,
    submitting,
    onChange: setField,
    onBack: () => dispatch({ type: 'back' }),
    onSubmit: submit,
    onReset: reset,
  }

  if (form && state.mode === 'photo') {
    return (
      <PhotoMode
        {...common}
        form={form}
        processing={state.processing}
        onProcessing={(processing) => dispatch({ type: 'setProcessing', processing })}
        onExtracted={(data: FieldValues, review: Record<string, FieldReview>) => dispatch({ type: 'mergeOcr', data, review })}
      />
    )
  }
  if (form && state.mode === 'voice') {
    return (
      <VoiceMode
        {...common}
        form={form}
        pointer={state.pointer}
        onGoTo={(index) => dispatch({ type: 'goTo', index })}
        onAdvanceFrom={(index) => dispatch({ type: 'advanceFrom', index })}
      />
    )
  }
  return (
    <div className="grid gap-6">
      {saved ? (
        <p role="status" className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-card p-3">
          <CheckCircle2 aria-hidden className="size-5 text-primary" />
          <span>{submitSuccessToast({ name: saved }).description}</span>
          <Link to={SUBMISSIONS_PATH} className="font-semibold text-primary underline">
            My submissions
          </Link>
        </p>
      ) : null}
      <FormSelect forms={FORM_TEMPLATES} selected={form} hydrated={hydrated} onMethod={(method) => dispatch({ type: 'chooseMethod', method })}>
        {form ? <ManualForm form={form} failure={manualFailure?.formId === form.id ? manualFailure : null} /> : null}
      </FormSelect>
    </div>
  )
}
