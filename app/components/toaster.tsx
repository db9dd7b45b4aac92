import { X } from 'lucide-react'
import { lazyPart } from '~/lib/lazy-part'
import type { Toast } from '~/lib/toast'
import { variantClass } from './toast-style'

// Radix's toast (about 10 KB gzipped) loads when the page first has a toast to show, or when the browser
// is idle (docs/decisions/020). Until then the server's toast stays on screen as StaticToast.
/**
 * The toasts of an interactive page (app/components/toaster-radix.tsx). The root mounts it once the page
 * is interactive and has a toast (the server's flash or one raised in the page); `onShown` tells the root
 * that the server's flash now shows here, so its StaticToast can go.
 */
export const Toaster = lazyPart(() => import('./toaster-radix').then((m) => m.RadixToaster))

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
