import { Camera, ImageUp } from 'lucide-react'
import { useEffect, useRef, type ChangeEvent } from 'react'
import { toast } from '~/lib/toast-store'
import { OCR_FAILURE_TOAST, OCR_PROGRESS_TEXT, ocrSuccessToast, type ReviewState } from '~/lib/forms/form-state'
import { mapOcrReading } from '~/lib/forms/ocr-mapping'
import type { FieldReview } from '~/lib/ocr/fields'
import type { FormData, FormTemplate } from '~/lib/forms/templates'
import { FieldGrid } from './field-grid'
import { BackButton, SubmitResetBar } from './mode-actions'
import { card, secondaryButton } from './styles'
import { useOcr } from './use-ocr'

interface PhotoModeProps {
  form: FormTemplate
  data: FormData
  processing: boolean
  invalidIds: readonly string[]
  review: Readonly<Record<string, ReviewState>>
  submitting: boolean
  onProcessing: (processing: boolean) => void
  onExtracted: (data: FormData, review: Record<string, FieldReview>) => void
  onConfirm: (fieldId: string, confirmed: boolean) => void
  onChange: (fieldId: string, value: string) => void
  onBack: () => void
  onSubmit: () => void
  onReset: () => void
}

/** Photo mode (§2): take or upload a photo of the form, OCR it in the browser, review and edit, submit. */
export function PhotoMode(props: PhotoModeProps) {
  const { form, data, processing, onProcessing, onExtracted } = props
  const recognize = useOcr()
  const busy = useRef(false)
  // Back while a photo is being read ends the worker: that reading is dropped without a toast.
  const mounted = useRef(true)
  useEffect(() => {
    mounted.current = true
    return () => {
      mounted.current = false
    }
  }, [])

  async function read(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget
    const file = input.files?.[0]
    // The same photo chosen again must fire change again.
    input.value = ''
    if (!file || busy.current) return
    busy.current = true
    onProcessing(true)
    try {
      const reading = await recognize(file)
      if (!mounted.current) return
      const { data: extracted, review } = mapOcrReading(form, reading)
      // Text that fills no field counts as a form that could not be read.
      if (Object.keys(extracted).length === 0) throw new Error('No field could be read from the image')
      onExtracted(extracted, review)
      toast(ocrSuccessToast(form.fields.filter((field) => review[field.id]).map((field) => field.label)))
    } catch (error) {
      console.warn('OCR failed', error)
      if (mounted.current) toast(OCR_FAILURE_TOAST)
    } finally {
      busy.current = false
      if (mounted.current) onProcessing(false)
    }
  }

  const pickerClass = `${secondaryButton} cursor-pointer focus-within:ring-2 focus-within:ring-primary ${processing ? 'pointer-events-none opacity-50' : ''}`
  return (
    <section aria-labelledby="photo-title" className="grid gap-5">
      <BackButton onBack={props.onBack} />
      <div className={`${card} grid gap-4`}>
        <h2 id="photo-title" className="text-xl font-semibold">
          Scan {form.name}
        </h2>
        <p className="text-muted-foreground">Photograph the filled form flat and in good light; the text is read on this device.</p>
        <div className="flex flex-wrap gap-3">
          <label className={pickerClass}>
            <Camera aria-hidden className="size-5" /> Take Photo
            <input type="file" accept="image/*" capture="environment" className="sr-only" onChange={read} disabled={processing} />
          </label>
          <label className={pickerClass}>
            <ImageUp aria-hidden className="size-5" /> Upload Image
            <input type="file" accept="image/*" className="sr-only" onChange={read} disabled={processing} />
          </label>
        </div>
        <p role="status" aria-live="polite" className="min-h-6 font-semibold text-primary">
          {processing ? OCR_PROGRESS_TEXT : ''}
        </p>
      </div>
      <div className={`${card} grid gap-4`}>
        <h2 className="text-xl font-semibold">Review and Edit Extracted Data</h2>
        <FieldGrid
          form={form}
          idPrefix="photo"
          data={data}
          onChange={props.onChange}
          invalidIds={props.invalidIds}
          review={props.review}
          onConfirm={props.onConfirm}
        />
        <SubmitResetBar onSubmit={props.onSubmit} onReset={props.onReset} submitting={props.submitting || processing} />
      </div>
    </section>
  )
}
