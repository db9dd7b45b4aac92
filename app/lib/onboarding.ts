
/**
 * Onboarding and disclaimer rules (product-spec §4 'Onboarding' and 'Disclaimer', §9). Pure: the
 * server routes and the browser components both import this module.
 */

export const NEW_USER_WINDOW_MS = 5 * 60 * 1000
export const TOUR_STEP_TRANSITION_MS = 200
export const WELCOME_CLOSE_DELAY_MS = 300
export const TOOLTIP_DELAY_MS = 700
export const TOOLTIP_SKIP_DELAY_MS = 300

/** A user is new while their account is under 5 minutes old (4:59 yes, 5:00 no). */
export function isNewUser(createdAt: string | Date, now: Date | number): boolean {
  const created = typeof createdAt === 'string' ? Date.parse(createdAt) : createdAt.getTime()
  const at = typeof now === 'number' ? now : now.getTime()
  if (Number.isNaN(created) || Number.isNaN(at)) return false
  return at - created < NEW_USER_WINDOW_MS
}

/** localStorage keys, one per user so people sharing a device each get their own flags. */
export function onboardingStorageKey(userId: string): string {
  return `onboarding-completed:${userId}`
}

export function disclaimerStorageKey(userId: string): string {
  return `disclaimer-acknowledged:${userId}`
}

export interface WelcomeInputs {
  signedIn: boolean
  disclaimerAcknowledged: boolean
  isNew: boolean
  completedLocally: boolean
  completedOnServer: boolean
}

/** The welcome shows after the disclaimer, to a new user whom neither store marks as done. */
export function shouldShowWelcome(input: WelcomeInputs): boolean {
  return input.signedIn && input.disclaimerAcknowledged && input.isNew && !input.completedLocally && !input.completedOnServer
}

export const TOUR_STEP_IDS = [
  'welcome',
  'cheat-sheets',
  'search',
  'suggestions',
  'photo-analysis',
  'form-filler',
  'documents',
  'mobile',
] as const
export type TourStepId = (typeof TOUR_STEP_IDS)[number]

export interface TourStep {
  id: TourStepId
  title: string
  body: string
  points: readonly string[]
}

/** The tour's words. Keep them true to what the product does today. */
export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'welcome',
    title: 'Welcome to Specifications Only',
    body: 'A field assistant for South Carolina transportation professionals only: inspectors, contractors and roadway engineers working to SCDOT specifications. It does not apply to work in other states.',
    points: [
      'An independent third-party tool, not affiliated with SCDOT',
      'Verify every answer against the official SCDOT documents',
    ],
  },
  {
    id: 'cheat-sheets',
    title: 'Inspector Cheat Sheets',
    body: 'Quick reference cards for the work in front of you, opened from the menu or suggested with an answer.',
    points: ['Key measurements and tolerances', 'Critical checks before you sign off', 'The standard drawings that apply'],
  },
  {
    id: 'search',
    title: 'Ask in your own words',
    body: 'Type or speak a question and the assistant searches 43+ specifications, drawings, manuals and test procedures.',
    points: [
      'Answers cite the exact document, edition and section',
      'When the documents do not support an answer it says "I don\'t know"',
      'Pick one of the Common Topics to start quickly',
    ],
  },
  {
    id: 'suggestions',
    title: 'Suggestions while you type',
    body: 'After a few characters, up to three relevant specification sections, drawings and manuals appear under the search box.',
    points: ['Tap a suggestion to add its reference to your question', 'Suggested tools and inspector tips come with each answer'],
  },
  {
    id: 'photo-analysis',
    title: 'Photo Analysis',
    body: 'Switch to Photo Analysis and upload a site photo, a plan sheet or a PDF (JPG, PNG or PDF, up to 10 MB).',
    points: [
      'What is this?, General Analysis or Problem Diagnosis',
      'Add a question to focus the analysis',
      'It reads text and plan details, and says plainly when visual defect detection is not available',
    ],
  },
  {
    id: 'form-filler',
    title: 'Form Filler',
    body: 'Fill SCDOT inspection reports by scanning a handwritten form, by speaking field by field, or by typing. Open it from the menu.',
    points: [
      'Photo: the text is read for you to review and correct before submitting',
      'Voice: each field in turn, with a grid to jump to any field',
      'Saved forms are listed under My inspection forms, with a PDF report to download',
    ],
  },
  {
    id: 'documents',
    title: 'Reference Documents',
    body: 'Standard Specifications (2025 and 2007 editions), Standard Drawings, Construction Manuals, Supplemental Specifications and Technical References in one place.',
    points: ['Standard drawings open in the app with critical measurements', 'Download or print a drawing summary for the field'],
  },
  {
    id: 'mobile',
    title: 'Built for the field',
    body: 'Large buttons, clear text in sunlight, and an installable app for your phone or tablet.',
    points: ['Install it from your browser (on iPhone: Share, then Add to Home Screen)', 'A banner tells you when you are offline'],
  },
]

export const TOUR_STEP_COUNT = TOUR_STEPS.length

export function stepLabel(index: number): string {
  return `Step ${index + 1} of ${TOUR_STEP_COUNT}`
}

/** What POST /api/onboarding can ask for (its body schema is in onboarding-requests.ts). */
export const ONBOARDING_ACTIONS = ['complete', 'reset'] as const
export type OnboardingAction = (typeof ONBOARDING_ACTIONS)[number]

/** The no-JavaScript disclaimer form's checkbox value. */
export const DISCLAIMER_CHECKBOX_VALUE = 'yes'

/**
 * Where a no-JavaScript form goes back to: the form's own redirectTo, else the referring page when it
 * is on our origin, else home. Only local paths, never another site.
 */
export function returnPath(redirectTo: string | undefined, referer: string | null, origin: string): string {
  const local = (value: string | undefined | null) =>
    typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') ? value : null
  const fromForm = local(redirectTo)
  if (fromForm) return fromForm
  if (referer) {
    try {
      const url = new URL(referer)
      if (url.origin === origin) return local(url.pathname + url.search) ?? '/'
    } catch {
      // A malformed Referer is ignored.
    }
  }
  return '/'
}
