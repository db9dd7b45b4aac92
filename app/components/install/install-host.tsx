import { useLocation } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { INSTALL_PROMPT_DELAY_MS, bannerPageFor } from '~/lib/install/keys'
import { shouldShowBanner } from '~/lib/install/state'
import {
  INSTALL_CAPTURE_SCRIPT,
  closeCelebration,
  completeManualInstall,
  declineInstall,
  startInstallStore,
  useInstallState,
} from '~/lib/install/store'
import { lazyPart } from '~/lib/lazy-part'
import { useNonce } from '~/lib/nonce'

// The banner and dialogs load when first shown (docs/decisions/020): all of them sit over the page
// (fixed), so their arrival moves nothing.
const InstallBanner = lazyPart(() => import('./install-banner').then((m) => m.InstallBanner))
const InstallStepsDialog = lazyPart(() => import('./install-steps-dialog').then((m) => m.InstallStepsDialog))
const CelebrationDialog = lazyPart(() => import('./celebration-dialog').then((m) => m.CelebrationDialog))

/**
 * Mounted once in the root: catches the browser's install events from the first moment, shows the
 * banner on home, news and trends 8 s after load, and hosts the install and celebration dialogs.
 */
export function InstallHost() {
  const nonce = useNonce()
  const { pathname } = useLocation()
  const install = useInstallState()
  const [delayElapsed, setDelayElapsed] = useState(false)

  useEffect(() => {
    startInstallStore()
    const timer = setTimeout(() => setDelayElapsed(true), INSTALL_PROMPT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [])

  const page = bannerPageFor(pathname)
  const showBanner =
    install.ready &&
    page !== null &&
    shouldShowBanner({ pathname, status: install.status, dismissedForPage: install.dismissed.has(page), delayElapsed })

  return (
    <>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: INSTALL_CAPTURE_SCRIPT }} />
      {showBanner && page ? <InstallBanner page={page} busy={install.busy} /> : null}
      {install.view === 'steps' ? (
        <InstallStepsDialog key={install.stepsRun} device={install.device} onClose={declineInstall} onComplete={completeManualInstall} />
      ) : null}
      {install.view === 'celebration' ? <CelebrationDialog onClose={closeCelebration} /> : null}
    </>
  )
}
