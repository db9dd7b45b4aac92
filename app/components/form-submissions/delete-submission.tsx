import { Form, Link, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'

export const SUBMISSIONS_PATH = '/ar-inspection/submissions'

/**
 * Delete with a confirmation step that needs no JavaScript: 'Delete' is a link that adds
 * `?delete=<id>` to the page, which then shows this question with a real form post. With JavaScript
 * the same link and form run in place, and focus moves to the question.
 */
export function DeleteSubmission({
  id,
  label,
  confirming,
  here,
  redirectTo,
}: {
  id: string
  /** 'id - name' of the form, for screen readers and the question. */
  label: string
  confirming: boolean
  /** This page's path and query without `delete`, to build the links. */
  here: string
  /** Where to go after deleting. */
  redirectTo: string
}) {
  const navigation = useNavigation()
  const deleting = navigation.formData?.get('intent') === 'delete' && navigation.formData?.get('id') === id
  const questionRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (confirming) questionRef.current?.focus()
  }, [confirming])
  const withDelete = `${here}${here.includes('?') ? '&' : '?'}delete=${encodeURIComponent(id)}`

  if (!confirming) {
    return (
      <Link
        to={withDelete}
        preventScrollReset
        className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-destructive px-4 font-semibold text-destructive"
      >
        Delete<span className="sr-only"> {label}</span>
      </Link>
    )
  }
  return (
    <div
      ref={questionRef}
      tabIndex={-1}
      role="group"
      aria-labelledby={`delete-question-${id}`}
      className="grid w-full gap-3 rounded-lg border border-destructive bg-background p-3 outline-none"
    >
      <p id={`delete-question-${id}`} className="font-semibold">
        Delete {label}? This cannot be undone.
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post" action={SUBMISSIONS_PATH}>
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <button
            type="submit"
            disabled={deleting}
            className="min-h-[var(--tap-size)] rounded-md bg-destructive px-4 font-semibold text-destructive-foreground disabled:opacity-60"
          >
            {deleting ? 'Deleting...' : 'Yes, delete'}
          </button>
        </Form>
        <Link
          to={here}
          preventScrollReset
          className="inline-flex min-h-[var(--tap-size)] items-center rounded-md border border-border px-4 font-semibold"
        >
          Cancel
        </Link>
      </div>
    </div>
  )
}
