import { X } from 'lucide-react'
import { useRef, useState } from 'react'
import { installStepsFor, type InstallDevice } from '~/lib/install/device'
import { isLastStep, nextStep, previousStep } from '~/lib/install/state'
import { Modal } from '../onboarding/modal'
import { iconButton, primaryButton, secondaryButton } from '../onboarding/ui'

const DEVICE_NAMES: Record<InstallDevice, string> = {
  ios: 'iPhone and iPad (Safari)',
  android: 'Android (Chrome)',
  desktop: 'Computer (Chrome or Edge)',
}

/**
 * Manual install steps for this device (product-spec §4): Previous, Next Step, and Complete Install on
 * the last one. Closing it (button or Escape) counts as declining.
 */
export function InstallStepsDialog({ device, onClose, onComplete }: { device: InstallDevice; onClose: () => void; onComplete: () => void }) {
  const steps = installStepsFor(device)
  const [index, setIndex] = useState(0)
  const nextRef = useRef<HTMLButtonElement>(null)
  const last = isLastStep(index, steps.length)
  return (
    <Modal labelledBy="install-steps-title" describedBy="install-step-body" onDismiss={onClose} initialFocus={nextRef} testId="install-steps-dialog">
      <div className="grid gap-4 p-5 sm:p-6">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 id="install-steps-title" className="text-xl font-bold">
              Install Instructions
            </h2>
            <p className="text-sm text-muted-foreground">{DEVICE_NAMES[device]}</p>
          </div>
          <button type="button" onClick={onClose} aria-label="Close install instructions" className={iconButton}>
            <X aria-hidden className="size-5" />
          </button>
        </div>
        <p className="text-sm font-semibold text-muted-foreground" aria-live="polite">
          Step {index + 1} of {steps.length}
        </p>
        <ol className="grid gap-2" aria-label="Install steps">
          {steps.map((item, i) => (
            <li
              key={item.title}
              aria-current={i === index ? 'step' : undefined}
              className={`rounded-lg border p-3 ${i === index ? 'border-primary bg-muted' : 'border-border'}`}
            >
              <span className="font-semibold">
                {i + 1}. {item.title}
              </span>
              {i === index ? (
                <p id="install-step-body" className="mt-1 text-sm">
                  {item.body}
                </p>
              ) : null}
            </li>
          ))}
        </ol>
        <div className="flex justify-between gap-2">
          <button type="button" onClick={() => setIndex(previousStep(index))} disabled={index === 0} className={secondaryButton}>
            Previous
          </button>
          {last ? (
            <button ref={nextRef} type="button" onClick={onComplete} className={primaryButton}>
              Complete Install
            </button>
          ) : (
            <button ref={nextRef} type="button" onClick={() => setIndex(nextStep(index, steps.length))} className={primaryButton}>
              Next Step
            </button>
          )}
        </div>
      </div>
    </Modal>
  )
}
