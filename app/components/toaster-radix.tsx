import * as ToastPrimitive from '@radix-ui/react-toast'
import { useLocation } from '@remix-run/react'
import { X } from 'lucide-react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import type { Toast } from '~/lib/toast'
import { dismissToast, dismissToastsNotFrom, toast, useToasts } from '~/lib/toast-store'
import { variantClass } from './toast-style'

/**
 * Radix toasts: one visible, 5 s by default, swipe right past 50 px to dismiss, F8 to focus. They show
 * in the top bar, under the header (root.tsx TopBar), in the page's flow: the bar grows by the toast and
 * the page moves down, so a toast never lies over a button or a field (docs/decisions/016). A toast
 * belongs to the page it was raised on: it closes when the user moves to another page. Loaded on
 * demand by Toaster (toaster.tsx), which keeps the server's toast on screen until `onShown`.
 */
export function RadixToaster({ flash, onShown }: { flash: Toast | null; onShown: () => void }) {
  const items = useToasts()
  const shown = useRef<string | null>(null)
  const { pathname } = useLocation()

  // Toasts raised on another page do not follow the user here.
  useEffect(() => dismissToastsNotFrom(pathname), [pathname])

  // A toast flashed by the server after a redirect moves here from the server's copy (StaticToast) before
  // the next paint (a layout effect), so it neither blinks nor moves the page.
  useLayoutEffect(() => {
    if (flash && shown.current !== flash.id) {
      shown.current = flash.id
      toast(flash)
    }
    onShown()
  }, [flash, onShown])

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

