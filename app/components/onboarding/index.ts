export { DisclaimerGate } from './disclaimer-gate'
export { OnboardingHost } from './onboarding-host'
export { RestartTourButton } from './restart-tour-button'
export { resetOnboarding, restartTour } from './store'
