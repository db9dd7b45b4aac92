import { Download, X } from 'lucide-react'
import { useEffect } from 'react'
import { PRODUCT_NAME } from '~/lib/brand'
import type { BannerPage } from '~/lib/install/keys'
import { dismissBanner, loadPushClient, requestInstall } from '~/lib/install/store'
import { iconButton, primaryButton, secondaryButton } from '../onboarding/ui'

/**
 * The install/notification banner (product-spec §4): fixed to the bottom of the viewport, so it never
 * moves the page or covers the header. 'Not Now' and the close button dismiss it for this page.
 */
export function InstallBanner({ page, busy }: { page: BannerPage; busy: boolean }) {
  const dismiss = () => dismissBanner(page)
  // Loaded before the tap, so 'Install App' asks for notifications within the tap (store.ts).
  useEffect(() => void loadPushClient().catch(() => {}), [])
  return (
    <section
      data-testid="install-banner"
      aria-labelledby="install-banner-title"
      aria-describedby="install-banner-body"
      className="no-print fixed inset-x-0 bottom-[max(0.75rem,env(safe-area-inset-bottom))] z-30 px-[var(--page-gutter)]"
    >
      <div className="mx-auto flex max-w-xl items-start gap-3 rounded-xl border border-border bg-card p-3 text-card-foreground shadow-2xl">
        <span className="mt-0.5 hidden size-10 shrink-0 items-center justify-center rounded-full bg-primary text-primary-foreground sm:inline-flex">
          <Download aria-hidden className="size-5" />
        </span>
        <div className="grid min-w-0 flex-1 gap-2">
          <div>
            <h2 id="install-banner-title" className="font-bold leading-tight">
              Install {PRODUCT_NAME}
            </h2>
            <p id="install-banner-body" className="text-sm text-muted-foreground">
              Open it from your home screen and get notified about construction news and trends.
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={() => void requestInstall()} disabled={busy} className={`${primaryButton} min-h-10 px-3 text-sm`}>
              Install App
            </button>
            <button type="button" onClick={dismiss} className={`${secondaryButton} min-h-10 px-3 text-sm`}>
              Not Now
            </button>
          </div>
        </div>
        <button type="button" onClick={dismiss} aria-label="Close install banner" className={`${iconButton} -mr-1 -mt-1`}>
          <X aria-hidden className="size-5" />
        </button>
      </div>
    </section>
  )
}
