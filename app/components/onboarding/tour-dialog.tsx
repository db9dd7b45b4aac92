import {
  BookOpen,
  Camera,
  Check,
  ClipboardList,
  FileText,
  Lightbulb,
  MapPin,
  Search,
  Smartphone,
  X,
  type LucideIcon,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { TOUR_STEPS, TOUR_STEP_COUNT, TOUR_STEP_TRANSITION_MS, stepLabel, type TourStepId } from '~/lib/onboarding'
import { Modal } from './modal'
import { Tooltip } from './tooltip'
import { iconButton, primaryButton, secondaryButton } from './ui'

const ICONS: Record<TourStepId, LucideIcon> = {
  welcome: MapPin,
  'cheat-sheets': ClipboardList,
  search: Search,
  suggestions: Lightbulb,
  'photo-analysis': Camera,
  'form-filler': FileText,
  documents: BookOpen,
  mobile: Smartphone,
}

/** The 8-step product tour. Finishing, skipping or closing it all call `onFinish`. */
export function TourDialog({ onFinish }: { onFinish: () => void }) {
  const [index, setIndex] = useState(0)
  const [announcement, setAnnouncement] = useState('')
  const direction = useRef<1 | -1>(1)
  const contentRef = useRef<HTMLDivElement>(null)
  const nextRef = useRef<HTMLButtonElement>(null)
  const moved = useRef(false)
  const step = TOUR_STEPS[index]!
  const Icon = ICONS[step.id]
  const isLast = index === TOUR_STEP_COUNT - 1

  // Each move slides the new step in over 200 ms (not on first show, not with reduced motion).
  useEffect(() => {
    if (!moved.current) return
    setAnnouncement(`${stepLabel(index)}: ${TOUR_STEPS[index]!.title}`)
    const content = contentRef.current
    if (!content?.animate || window.matchMedia('(prefers-reduced-motion: reduce)').matches) return
    content.animate(
      [
        { opacity: 0, transform: `translateX(${direction.current * 0.75}rem)` },
        { opacity: 1, transform: 'translateX(0)' },
      ],
      { duration: TOUR_STEP_TRANSITION_MS, easing: 'ease-out' },
    )
  }, [index])

  function go(to: number) {
    moved.current = true
    direction.current = to > index ? 1 : -1
    // Previous disables itself on step 1: keep focus on a live control.
    if (to === 0) nextRef.current?.focus()
    setIndex(to)
  }

  return (
    <Modal labelledBy="tour-name tour-title" describedBy="tour-body" onDismiss={onFinish} initialFocus={nextRef} testId="tour-dialog">
      <div className="grid gap-5 p-5 sm:p-6">
        <div className="flex items-center justify-between gap-3">
          <p className="text-sm font-semibold text-muted-foreground">
            <span id="tour-name" className="sr-only">
              Product tour,
            </span>
            <span data-testid="tour-step">{stepLabel(index)}</span>
          </p>
          <Tooltip label="Close tour">
            <button type="button" aria-label="Close tour" onClick={onFinish} className={iconButton}>
              <X aria-hidden className="size-5" />
            </button>
          </Tooltip>
        </div>
        <div
          role="progressbar"
          aria-label="Tour progress"
          aria-valuemin={1}
          aria-valuemax={TOUR_STEP_COUNT}
          aria-valuenow={index + 1}
          aria-valuetext={stepLabel(index)}
          className="h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full rounded-full bg-primary transition-[width] motion-reduce:transition-none"
            style={{ width: `${((index + 1) / TOUR_STEP_COUNT) * 100}%`, transitionDuration: `${TOUR_STEP_TRANSITION_MS}ms` }}
          />
        </div>
        <div ref={contentRef} className="grid gap-3" data-step={step.id}>
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Icon aria-hidden className="size-6" />
          </span>
          <h2 id="tour-title" className="text-xl font-bold sm:text-2xl">
            {step.title}
          </h2>
          <p id="tour-body" className="leading-relaxed">
            {step.body}
          </p>
          <ul className="grid gap-2 text-[0.95rem]">
            {step.points.map((point) => (
              <li key={point} className="flex items-start gap-2">
                <Check aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
                <span>{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="sr-only" aria-live="polite">
          {announcement}
        </p>
        <div className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-4">
          <button type="button" onClick={() => go(index - 1)} disabled={index === 0} className={secondaryButton}>
            Previous
          </button>
          <div className="flex flex-wrap gap-2">
            <button type="button" onClick={onFinish} className={secondaryButton}>
              Skip Tour
            </button>
            <button ref={nextRef} type="button" onClick={() => (isLast ? onFinish() : go(index + 1))} className={primaryButton}>
              {isLast ? 'Get Started' : 'Next'}
            </button>
          </div>
        </div>
      </div>
    </Modal>
  )
}
