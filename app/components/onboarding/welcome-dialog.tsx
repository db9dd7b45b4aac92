import { Compass } from 'lucide-react'
import { useRef } from 'react'
import { PRODUCT_NAME } from '~/lib/brand'
import { TOUR_STEP_COUNT } from '~/lib/onboarding'
import { Modal } from './modal'
import { primaryButton, secondaryButton } from './ui'
import { RESTART_TOUR_LABEL } from './restart-tour-button'

/** Greets a new user. Escape counts as 'Skip for Now'. */
export function WelcomeDialog({ firstName, onTour, onSkip }: { firstName: string | null; onTour: () => void; onSkip: () => void }) {
  const tourRef = useRef<HTMLButtonElement>(null)
  return (
    <Modal labelledBy="welcome-title" describedBy="welcome-body" onDismiss={onSkip} initialFocus={tourRef} testId="welcome-dialog">
      <div className="grid gap-4 p-5 text-center sm:p-6">
        <span className="mx-auto inline-flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
          <Compass aria-hidden className="size-7" />
        </span>
        <h2 id="welcome-title" className="text-2xl font-bold">
          {firstName ? `Welcome, ${firstName}!` : `Welcome to ${PRODUCT_NAME}!`}
        </h2>
        <p id="welcome-body" className="leading-relaxed">
          {PRODUCT_NAME} finds South Carolina DOT specifications, standard drawings and field checks for you, with exact
          citations. A short tour ({TOUR_STEP_COUNT} steps, about a minute) shows where everything is.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          <button ref={tourRef} type="button" onClick={onTour} className={primaryButton}>
            Take the Tour
          </button>
          <button type="button" onClick={onSkip} className={secondaryButton}>
            Skip for Now
          </button>
        </div>
        <p className="text-sm text-muted-foreground">
          You can reopen the tour any time from the profile menu: open the menu and choose {RESTART_TOUR_LABEL}.
        </p>
      </div>
    </Modal>
  )
}
