import * as ToastPrimitive from '@radix-ui/react-toast'
import { X } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { Toast } from '~/lib/toast'
import { dismissToast, toast, useToasts } from '~/lib/toast-store'

const variantClass = {
  default: 'border-border bg-card text-card-foreground',
  destructive: 'border-destructive bg-destructive text-destructive-foreground',
} as const

/** Radix toasts: one visible, 5 s by default, swipe right past 50 px to dismiss, F8 to focus. */
export function Toaster({ flash }: { flash: Toast | null }) {
  const items = useToasts()
  const shown = useRef<string | null>(null)

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
          className={`pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-9 shadow-lg data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition ${variantClass[item.variant]}`}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-90">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label="Close notification"
            className="absolute right-2 top-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X aria-hidden className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notifications ({hotkey})"
        className="fixed bottom-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  )
}

/** The same toast, rendered by the server when JavaScript is off; CSS fades it out after 5 s. */
export function StaticToast({ toast: item }: { toast: Toast }) {
  return (
    <div className="fixed bottom-0 right-0 z-[100] w-full p-4 sm:max-w-[420px]">
      <div
        role="status"
        data-testid="toast"
        className={`toast-static rounded-lg border p-4 shadow-lg ${variantClass[item.variant]}`}
      >
        <p className="text-sm font-semibold">{item.title}</p>
        {item.description ? <p className="text-sm opacity-90">{item.description}</p> : null}
      </div>
    </div>
  )
}
