import { BellRing, BookOpen, PartyPopper, Smartphone, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { PRODUCT_NAME } from '~/lib/brand'
import { CELEBRATION_ADVANCE_MS } from '~/lib/install/keys'
import { Modal } from '../onboarding/modal'
import { iconButton, primaryButton } from '../onboarding/ui'

const FEATURES = [
  { icon: Smartphone, title: 'One tap away', body: `Open ${PRODUCT_NAME} from your home screen, in its own window.` },
  { icon: BookOpen, title: 'Specifications in the field', body: 'Search, cheat sheets, drawings and calculators where you work.' },
  { icon: BellRing, title: 'Stay informed', body: 'Construction news and trend notifications, when you turn them on in the menu.' },
] as const

/** After installation: a success page, then the features page after 1 s or on Continue. */
export function CelebrationDialog({ onClose }: { onClose: () => void }) {
  const [page, setPage] = useState<1 | 2>(1)
  const doneRef = useRef<HTMLButtonElement>(null)

  useEffect(() => {
    if (page !== 1) return
    const timer = setTimeout(() => setPage(2), CELEBRATION_ADVANCE_MS)
    return () => clearTimeout(timer)
  }, [page])

  useEffect(() => {
    if (page === 2) doneRef.current?.focus()
  }, [page])

  return (
    <Modal labelledBy="install-celebration-title" onDismiss={onClose} testId="install-celebration">
      <div className="grid gap-4 p-5 text-center sm:p-6">
        <div className="flex justify-end">
          <button type="button" onClick={onClose} aria-label="Close" className={`${iconButton} -mb-8`}>
            <X aria-hidden className="size-5" />
          </button>
        </div>
        {page === 1 ? (
          <>
            <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <PartyPopper aria-hidden className="size-7" />
            </span>
            <h2 id="install-celebration-title" className="text-2xl font-bold">
              App Installed!
            </h2>
            <p>{PRODUCT_NAME} is now on your device.</p>
            <button type="button" onClick={() => setPage(2)} className={primaryButton}>
              Continue
            </button>
          </>
        ) : (
          <>
            <h2 id="install-celebration-title" className="text-2xl font-bold">
              What you can do now
            </h2>
            <ul className="grid gap-3 text-left">
              {FEATURES.map(({ icon: Icon, title, body }) => (
                <li key={title} className="flex items-start gap-3 rounded-lg border border-border p-3">
                  <Icon aria-hidden className="mt-0.5 size-5 shrink-0 text-primary" />
                  <span>
                    <span className="block font-semibold">{title}</span>
                    <span className="block text-sm">{body}</span>
                  </span>
                </li>
              ))}
            </ul>
            <button ref={doneRef} type="button" onClick={onClose} className={primaryButton}>
              Get Started
            </button>
          </>
        )}
        <p className="text-sm text-muted-foreground" aria-live="polite">
          Page {page} of 2
        </p>
      </div>
    </Modal>
  )
}
