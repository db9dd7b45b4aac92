import { useLocation, useRevalidator } from '@remix-run/react'
import { ShieldAlert } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react'
import { DISCLAIMER_CHECKBOX_VALUE, disclaimerStorageKey } from '~/lib/onboarding'
import { useHydrated } from '~/lib/use-hydrated'
import { useSessionStatus } from '~/lib/use-session'
import { Modal } from './modal'
import { markAcknowledged, readFlag, saveDisclaimer, useOnboardingState, writeFlag } from './store'
import { primaryButton } from './ui'

export const DISCLAIMER_TITLE = 'AI Assistance Notice'
export const DISCLAIMER_BUTTON = 'I Acknowledge - Continue'

const LIMITATIONS = [
  'AI may make mistakes: an answer can be incomplete, out of date or wrong.',
  'Always verify requirements with the official SCDOT documents.',
  'Valid only for South Carolina; it does not apply to work in other states.',
  'Consult a qualified engineer for critical decisions.',
  'It cannot replace official approval, inspection or testing.',
]

/**
 * The blocking AI Assistance Notice (product-spec §2, §4, §5) for anyone with a session until they
 * acknowledge it. The server renders it from `user.disclaimerAcknowledged` as a plain form, so it works
 * without JavaScript; with JavaScript it becomes a modal that Escape and outside clicks cannot close,
 * and it submits in place. Children passed in are made inert while it shows. `notice` (the server's toast
 * on a page without JavaScript) shows at the top of the dialog, so it never covers the dialog's button.
 */
export function DisclaimerGate({ children, notice }: { children?: ReactNode; notice?: ReactNode }) {
  const { user } = useSessionStatus()
  const { acknowledged } = useOnboardingState()
  const userId = user?.id ?? null
  const serverAcknowledged = user?.disclaimerAcknowledged ?? false
  const showing = Boolean(user && !serverAcknowledged && !acknowledged.has(user.id))

  // Keeps this device and the server in step: a flag only one side has is copied to the other.
  useEffect(() => {
    if (!userId) return
    const key = disclaimerStorageKey(userId)
    if (serverAcknowledged) {
      if (!readFlag(key)) writeFlag(key)
    } else if (readFlag(key)) {
      markAcknowledged(userId)
      void saveDisclaimer()
    }
  }, [userId, serverAcknowledged])

  return (
    <>
      {children !== undefined ? (
        // React 18 has no `inert` prop; an empty string attribute is what the HTML wants.
        <div className="contents" {...(showing ? { inert: '' } : {})}>
          {children}
        </div>
      ) : null}
      {showing && userId ? <DisclaimerDialog userId={userId} notice={notice} /> : null}
    </>
  )
}

function DisclaimerDialog({ userId, notice }: { userId: string; notice?: ReactNode }) {
  const hydrated = useHydrated()
  const location = useLocation()
  const revalidator = useRevalidator()
  const [ticked, setTicked] = useState(false)
  const checkbox = useRef<HTMLInputElement>(null)

  // A box ticked before the page became interactive still counts.
  useEffect(() => {
    if (checkbox.current?.checked) setTicked(true)
  }, [])

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!checkbox.current?.checked) return
    writeFlag(disclaimerStorageKey(userId))
    markAcknowledged(userId)
    void saveDisclaimer().then((ok) => {
      if (ok) revalidator.revalidate()
    })
  }

  return (
    <>
      {hydrated ? null : <div aria-hidden className="fixed inset-0 z-[99] bg-black/60" />}
      <Modal labelledBy="disclaimer-title" describedBy="disclaimer-intro" openWithoutJs testId="disclaimer-dialog">
        {notice}
        <form method="post" action="/api/disclaimer" onSubmit={onSubmit} className="grid gap-4 p-5 sm:p-6">
          <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
          <div className="flex items-center gap-3">
            <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <ShieldAlert aria-hidden className="size-6" />
            </span>
            <h2 id="disclaimer-title" className="text-xl font-bold sm:text-2xl">
              {DISCLAIMER_TITLE}
            </h2>
          </div>
          <p id="disclaimer-intro" className="leading-relaxed">
            This tool uses AI to search and summarise South Carolina DOT specifications. It answers only from the documents it
            finds, and when it is uncertain it will explicitly say &quot;I don&apos;t know&quot; instead of guessing.
          </p>
          <div className="rounded-lg border border-border bg-muted p-4">
            <h3 className="font-semibold">Key limitations</h3>
            <ul className="mt-2 grid list-disc gap-1.5 pl-5 text-[0.95rem]">
              {LIMITATIONS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </div>
          <label className="flex cursor-pointer items-start gap-3 rounded-md p-1 text-[0.95rem]">
            <input
              ref={checkbox}
              type="checkbox"
              name="acknowledge"
              value={DISCLAIMER_CHECKBOX_VALUE}
              required
              onChange={(event) => setTicked(event.currentTarget.checked)}
              className="mt-0.5 size-5 shrink-0 accent-primary"
            />
            <span>
              I understand that this AI assistant supports, but does not replace, the official SCDOT documents, engineering
              judgement and official approval.
            </span>
          </label>
          {/* Without JavaScript the checkbox's `required` does the blocking. */}
          <button type="submit" disabled={hydrated && !ticked} className={`${primaryButton} w-full`}>
            {DISCLAIMER_BUTTON}
          </button>
        </form>
      </Modal>
    </>
  )
}
