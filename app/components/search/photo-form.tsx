import { Form } from '@remix-run/react'
import { FileImage, FileText, ScanSearch, TriangleAlert, Upload, X } from 'lucide-react'
import { useRef, useState, type DragEvent, type FormEvent } from 'react'
import type { AnalysisType } from '~/lib/search/core/types'
import { ANALYSIS_OPTIONS } from './photo-messages'
import { FIXED_REQUEST } from '~/lib/search/client'
import { ACCEPT_ATTRIBUTE, formatBytes, REJECTED_ALERT, type Rejection } from './upload-rules'

/** Without JavaScript the photo form posts here: the home action, staying in photo mode. */
export const PHOTO_ACTION = '/?index&mode=photo'

export interface PhotoFormProps {
  hydrated: boolean
  pending: boolean
  file: File | null
  rejections: Rejection[]
  analysisType: AnalysisType
  question: string
  onFiles: (files: File[]) => void
  onRemove: () => void
  onAnalysisType: (type: AnalysisType) => void
  onQuestion: (question: string) => void
  onSubmit: () => void
}

const QUESTION_PLACEHOLDERS: Record<AnalysisType, string> = {
  features: 'e.g. What drainage structures are on this sheet?',
  general: 'e.g. Which specifications apply to this work?',
  diagnostic: 'e.g. Alligator cracking in the wheel path',
}

/**
 * Photo mode (product-spec §2, §5): the drop zone with a real file input, the chosen file with its
 * remove button, the analysis type, and the optional question once a file is chosen. A multipart form
 * posting to the home action without JavaScript; once hydrated the file is checked here and sent by
 * `onSubmit`.
 */
export function PhotoForm(props: PhotoFormProps) {
  const { hydrated, pending, file, rejections, analysisType, question } = props
  const inputRef = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)

  const submit = (event: FormEvent<HTMLFormElement>) => {
    if (!hydrated) return
    event.preventDefault()
    if (!pending) props.onSubmit()
  }
  const drop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setDragging(false)
    props.onFiles(Array.from(event.dataTransfer.files))
  }
  const remove = () => {
    if (inputRef.current) inputRef.current.value = ''
    props.onRemove()
    inputRef.current?.focus()
  }
  const showQuestion = !hydrated || file !== null

  return (
    <Form method="post" encType="multipart/form-data" action={PHOTO_ACTION} onSubmit={submit} className="grid gap-5" data-testid="photo-form">
      <input type="hidden" name="specBook" value={FIXED_REQUEST.specBook} />
      <input type="hidden" name="userRole" value={FIXED_REQUEST.userRole} />
      <div
        data-testid="photo-dropzone"
        data-dragging={dragging ? 'true' : undefined}
        onDragOver={(event) => {
          event.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        className={`grid justify-items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center ${dragging ? 'border-primary bg-accent text-accent-foreground' : 'border-border bg-muted'}`}
      >
        <input
          ref={inputRef}
          id="photo-file"
          name="image"
          type="file"
          accept={ACCEPT_ATTRIBUTE}
          aria-describedby="photo-file-hint photo-file-limits"
          disabled={hydrated && pending}
          onChange={(event) => {
            const files = Array.from(event.target.files ?? [])
            props.onFiles(files)
            // The chosen file is kept in state; clearing the input lets the same file be chosen again.
            event.target.value = ''
          }}
          className={hydrated ? 'peer sr-only' : 'order-last max-w-full text-sm'}
        />
        <label
          htmlFor="photo-file"
          className="flex min-h-[var(--tap-size)] cursor-pointer flex-col items-center gap-2 rounded-lg px-4 py-2 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring"
        >
          <Upload aria-hidden className="size-8 text-primary" />
          <span className="text-lg font-bold">Upload Photo or Document</span>
        </label>
        <p id="photo-file-hint" className="text-sm">
          Construction photos, plans, or inspection images
        </p>
        <p id="photo-file-limits" className="text-sm font-semibold text-muted-foreground">
          JPG, PNG, PDF - Max 10MB
        </p>
        {hydrated ? <p className="text-sm text-muted-foreground">Drop a file here, or tap above to choose or take one.</p> : null}
      </div>

      {rejections.length > 0 ? (
        <div role="alert" data-testid="upload-rejected" className="grid gap-1 rounded-lg border border-destructive p-3 text-destructive">
          <p className="flex items-start gap-2 font-semibold">
            <TriangleAlert aria-hidden className="mt-0.5 size-5 shrink-0" />
            {REJECTED_ALERT}
          </p>
          <ul className="grid gap-0.5 pl-7 text-sm">
            {rejections.map((rejection, i) => (
              <li key={i}>
                <span className="font-semibold">{rejection.name}</span>: {rejection.messages.join('; ')}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {file ? (
        <ul aria-label="Chosen file" data-testid="chosen-files" className="grid gap-2">
          <li className="flex items-center gap-3 rounded-lg border border-border bg-card p-3">
            {file.type === 'application/pdf' ? <FileText aria-hidden className="size-6 shrink-0 text-primary" /> : <FileImage aria-hidden className="size-6 shrink-0 text-primary" />}
            <span className="min-w-0 flex-1">
              <span className="block truncate font-semibold">{file.name}</span>
              <span className="block text-sm text-muted-foreground">{formatBytes(file.size)}</span>
            </span>
            <button
              type="button"
              onClick={remove}
              disabled={pending}
              aria-label={`Remove ${file.name}`}
              className="inline-flex size-[var(--tap-size)] shrink-0 items-center justify-center rounded-full border border-border hover:bg-muted disabled:opacity-50"
            >
              <X aria-hidden className="size-5" />
            </button>
          </li>
        </ul>
      ) : null}

      <fieldset className="grid gap-2">
        <legend className="mb-2 font-semibold">Analysis Type</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {ANALYSIS_OPTIONS.map((option) => (
            <label
              key={option.value}
              className="flex min-h-[var(--tap-size)] cursor-pointer items-start gap-3 rounded-lg border border-border bg-card p-3 has-[:checked]:border-primary has-[:checked]:bg-accent has-[:checked]:text-accent-foreground"
            >
              <input
                type="radio"
                name="analysisType"
                value={option.value}
                checked={analysisType === option.value}
                onChange={() => props.onAnalysisType(option.value)}
                aria-describedby={`analysis-${option.value}-hint`}
                className="mt-1 size-4 accent-[var(--primary)]"
              />
              <span>
                <span className="block font-semibold">{option.label}</span>
                <span id={`analysis-${option.value}-hint`} className="block text-sm">
                  {option.hint}
                </span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {showQuestion ? (
        <div className="grid gap-2">
          <label htmlFor="photo-query" className="font-semibold">
            Your question (optional)
          </label>
          <textarea
            id="photo-query"
            name="query"
            rows={2}
            maxLength={1000}
            value={question}
            onChange={(event) => props.onQuestion(event.target.value)}
            placeholder={QUESTION_PLACEHOLDERS[analysisType]}
            className="min-h-[4rem] resize-y rounded-xl border-2 border-border bg-card p-3 text-lg outline-none placeholder:text-muted-foreground focus:border-primary"
          />
        </div>
      ) : null}

      <button
        type="submit"
        aria-busy={pending || undefined}
        disabled={hydrated && pending}
        className="inline-flex min-h-[var(--tap-size)] w-fit items-center gap-2 rounded-md bg-primary px-5 font-semibold text-primary-foreground disabled:opacity-50"
      >
        <ScanSearch aria-hidden className="size-5" />
        Analyze
      </button>
    </Form>
  )
}
