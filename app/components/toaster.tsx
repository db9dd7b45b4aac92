import * as ToastPrimitive from '@radix-ui/react-toast'
import { useLocation } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { Toast } from '~/lib/toast'
import { dismissToast, dismissToastsNotFrom, toast, useToasts } from '~/lib/toast-store'

const variantClass = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const

/**
 * Radix toasts: one visible, 5 s by default, swipe right past 50 px to dismiss, F8 to focus. They show
 * in the top bar, under the header (root.tsx TopBar), in the page's flow: the bar grows by the toast and
 * the page moves down, so a toast never lies over a button or a field (docs/decisions/016). A toast
 * belongs to the page it was raised on: it closes when the user moves to another page.
 */
export function Toaster({ flash }: { flash: Toast | null }) {
  const items = useToasts()
  const shown = useRef<string | null>(null)
  const { pathname } = useLocation()

  // Toasts raised on another page do not follow the user here.
  useEffect(() => dismissToastsNotFrom(pathname), [pathname])

  // A toast flashed by the server after a redirect shows once the page is interactive.
  useEffect(() => {
    if (flash && shown.current !== flash.id) {
      shown.current = flash.id
      toast(flash)
    }
  }, [flash])

  return (
    <ToastPrimitive.Provider swipeDirection="right" swipeThreshold={50} duration={5000}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
          data-testid="toast"
          className={`toast-item pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-3 pr-14 shadow-md data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full sm:max-w-[420px] ${variantClass[item.variant]}`}
        >
          <div className="grid gap-0.5">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-1 top-1 inline-flex size-[var(--tap-size)] items-center justify-center rounded opacity-80 hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notifications ({hotkey})"
        className="mx-auto flex w-full max-w-6xl flex-col gap-2 bg-background px-[var(--page-gutter)] py-2 empty:hidden sm:items-end"
      />
    </ToastPrimitive.Provider>
  )
}

/**
 * The same toast rendered by the server, for a page without JavaScript: in the page's flow under the
 * header (or inside the AI notice while that shows), so it covers nothing, with a close button that works
 * without script (a dialog closed by its `method="dialog"` form). It stays until closed or the next page.
 */
export function StaticToast({ toast: item }: { toast: Toast }) {
  return (
    <dialog
      open
      aria-label={item.title}
      className="toast-static static m-0 w-full max-w-none bg-transparent p-0 text-inherit"
    >
      <div className="mx-auto flex w-full max-w-6xl px-[var(--page-gutter)] py-2 sm:justify-end">
        <div
          role="status"
          data-testid="toast"
          className={`relative w-full rounded-lg border p-3 pr-14 shadow-md sm:max-w-[420px] ${variantClass[item.variant]}`}
        >
          <p className="text-sm font-semibold">{item.title}</p>
          {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
          <form method="dialog" className="absolute right-1 top-1">
            <button type="submit" aria-label="Close notification" className="inline-flex size-[var(--tap-size)] items-center justify-center rounded opacity-80 hover:opacity-100">
              <X aria-hidden className="size-4" />
            </button>
          </form>
        </div>
      </div>
    </dialog>
  )
}
