import { useEffect, useLayoutEffect, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react'

const useIsomorphicLayoutEffect = typeof window === 'undefined' ? useEffect : useLayoutEffect

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export interface ModalProps {
  labelledBy: string
  describedBy?: string
  /** Escape and other close requests. Without it the dialog cannot be dismissed that way (blocking). */
  onDismiss?: () => void
  /** Receives focus when the dialog opens; otherwise the first focusable control does. */
  initialFocus?: RefObject<HTMLElement | null>
  /** Rendered open in the server's HTML, for a dialog that must also work without JavaScript. */
  openWithoutJs?: boolean
  className?: string
  testId?: string
  children: ReactNode
}

/**
 * An accessible modal dialog on the native `<dialog>` element: mount it to open it. showModal() makes
 * the rest of the page inert and puts the dialog in the top layer; on top of that this moves focus in,
 * keeps Tab inside, lets Escape dismiss only when `onDismiss` is given (and never lets the browser close
 * it on its own), and gives focus back to where it was when the dialog goes away.
 */
export function Modal({ labelledBy, describedBy, onDismiss, initialFocus, openWithoutJs, className, testId, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const dismissRef = useRef(onDismiss)
  dismissRef.current = onDismiss

  useIsomorphicLayoutEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    let leaving = false

    const showModal = () => {
      // A dialog the server rendered open is open but not modal: reopen it as a modal.
      if (dialog.open && !dialog.matches(':modal')) dialog.close()
      if (!dialog.open) dialog.showModal()
    }
    // Browsers may still close a dialog whose cancel was refused (repeated Escape): open it again.
    const onClose = () => {
      if (!leaving) showModal()
    }
    const onCancel = (event: Event) => {
      event.preventDefault()
      dismissRef.current?.()
    }
    dialog.addEventListener('close', onClose)
    dialog.addEventListener('cancel', onCancel)
    showModal()
    const target = initialFocus?.current ?? dialog.querySelector<HTMLElement>(FOCUSABLE)
    target?.focus()

    return () => {
      leaving = true
      dialog.removeEventListener('close', onClose)
      dialog.removeEventListener('cancel', onCancel)
      const hadFocus = dialog.contains(document.activeElement)
      if (dialog.open) dialog.close()
      if ((hadFocus || document.activeElement === document.body) && previous?.isConnected) previous.focus()
    }
    // Runs once per opening (mount); the latest onDismiss is read through its ref.
  }, [])

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key === 'Escape') {
      // Cancelling the keydown stops the browser's own close request.
      event.preventDefault()
      dismissRef.current?.()
      return
    }
    if (event.key !== 'Tab' || !ref.current) return
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return (
    <dialog
      ref={ref}
      open={openWithoutJs ? true : undefined}
      aria-modal="true"
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
      data-testid={testId}
      className={`fixed inset-0 z-[100] m-auto h-fit max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-2xl border border-border bg-card p-0 text-card-foreground shadow-2xl backdrop:bg-black/60 ${className ?? ''}`}
    >
      {children}
    </dialog>
  )
}
