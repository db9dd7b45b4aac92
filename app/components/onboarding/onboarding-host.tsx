import { useEffect, useRef, useState } from 'react'
import { isNewUser, onboardingStorageKey, shouldShowWelcome } from '~/lib/onboarding'
import { useSessionStatus } from '~/lib/use-session'
import { closeOnboarding, completeOnboarding, loadOnboarding, openTour, openWelcome, readFlag, useOnboardingState, writeFlag } from './store'
import { lazyPart } from '~/lib/lazy-part'

// Shown to a new account once, or from the menu: loaded when first shown (docs/decisions/020).
const WelcomeDialog = lazyPart(() => import('./welcome-dialog').then((m) => m.WelcomeDialog))
const TourDialog = lazyPart(() => import('./tour-dialog').then((m) => m.TourDialog))

/**
 * The welcome dialog and the product tour (product-spec §2 and §4 'Onboarding'). The welcome waits
 * for the disclaimer, then greets a user whose account was under 5 minutes old when the page loaded,
 * unless this device or the server says onboarding is done. The tour also opens from the menu.
 */
export function OnboardingHost() {
  const { user } = useSessionStatus()
  const { view, tourRun, acknowledged } = useOnboardingState()
  const [loadedAt] = useState(() => Date.now())
  const checkedFor = useRef<string | null>(null)
  const currentUser = useRef<string | null>(null)
  const userId = user?.id ?? null
  const createdAt = user?.createdAt ?? null
  const disclaimerDone = Boolean(user && (user.disclaimerAcknowledged || acknowledged.has(user.id)))
  currentUser.current = userId

  useEffect(() => {
    if (!userId) closeOnboarding()
  }, [userId])

  useEffect(() => {
    if (!userId || !createdAt || !disclaimerDone || checkedFor.current === userId) return
    checkedFor.current = userId
    const key = onboardingStorageKey(userId)
    const completedLocally = readFlag(key)
    const newHere = isNewUser(createdAt, loadedAt)
    // Only a new user who has not finished on this device costs a request.
    if (completedLocally || !newHere) return
    void loadOnboarding().then((server) => {
      if (!server || currentUser.current !== userId) return
      if (server.completed) writeFlag(key)
      const show = shouldShowWelcome({
        signedIn: true,
        disclaimerAcknowledged: true,
        // The server's clock decides too, so a device clock that is off cannot show it to an old account.
        isNew: newHere && server.isNew,
        completedLocally: readFlag(key),
        completedOnServer: server.completed,
      })
      if (show) openWelcome()
    })
  }, [userId, createdAt, disclaimerDone, loadedAt])

  if (!user) return null
  const finish = () => completeOnboarding(user.id)
  if (view === 'welcome') return <WelcomeDialog firstName={user.isGuest ? null : user.firstName} onTour={openTour} onSkip={finish} />
  if (view === 'tour') return <TourDialog key={tourRun} onFinish={finish} />
  return null
}
