import { describe, expect, it } from 'vitest'
import {
  NEW_USER_WINDOW_MS,
  TOOLTIP_DELAY_MS,
  TOOLTIP_SKIP_DELAY_MS,
  TOUR_STEPS,
  TOUR_STEP_COUNT,
  TOUR_STEP_IDS,
  TOUR_STEP_TRANSITION_MS,
  WELCOME_CLOSE_DELAY_MS,
  disclaimerStorageKey,
  isNewUser,
  onboardingStorageKey,
  returnPath,
  shouldShowWelcome,
  stepLabel,
} from './onboarding'
import { DisclaimerFormSchema, DisclaimerJsonSchema, OnboardingActionSchema } from './onboarding-requests'

const created = '2026-03-02T14:00:00.000Z'
const at = (minutes: number, seconds = 0) => new Date(Date.parse(created) + (minutes * 60 + seconds) * 1000)

describe('isNewUser', () => {
  it('is new under 5 minutes and not from 5:00 on', () => {
    expect(isNewUser(created, at(4, 59))).toBe(true)
    expect(isNewUser(created, at(5, 0))).toBe(false)
    expect(isNewUser(created, at(5, 1))).toBe(false)
  })

  it('accepts a Date or an ISO string, and a Date or milliseconds for now', () => {
    expect(isNewUser(new Date(created), at(0, 1).getTime())).toBe(true)
    expect(isNewUser(created, at(0))).toBe(true)
    expect(NEW_USER_WINDOW_MS).toBe(300_000)
  })

  it('treats an unreadable date as not new', () => {
    expect(isNewUser('not a date', at(0))).toBe(false)
  })
})

describe('storage keys', () => {
  it('are built from the user id', () => {
    expect(onboardingStorageKey('u-1')).toBe('onboarding-completed:u-1')
    expect(disclaimerStorageKey('u-1')).toBe('disclaimer-acknowledged:u-1')
    expect(onboardingStorageKey('a')).not.toBe(onboardingStorageKey('b'))
  })
})

describe('tour', () => {
  it('has the 8 steps in order', () => {
    expect(TOUR_STEPS.map((s) => s.id)).toEqual([
      'welcome',
      'cheat-sheets',
      'search',
      'suggestions',
      'photo-analysis',
      'form-filler',
      'documents',
      'mobile',
    ])
    expect(TOUR_STEP_IDS).toEqual(TOUR_STEPS.map((s) => s.id))
    expect(TOUR_STEP_COUNT).toBe(8)
  })

  it('says who it is for, and that the form filler is available (no longer coming soon)', () => {
    expect(TOUR_STEPS[0]!.body).toContain('South Carolina transportation professionals only')
    const formFiller = TOUR_STEPS.find((s) => s.id === 'form-filler')!
    expect(formFiller.title).toBe('Form Filler')
    expect(`${formFiller.title} ${formFiller.body} ${formFiller.points.join(' ')}`.toLowerCase()).not.toContain('coming soon')
    expect(TOUR_STEPS.find((s) => s.id === 'search')!.body).toContain('43+')
  })

  it('labels steps from 1', () => {
    expect(stepLabel(0)).toBe('Step 1 of 8')
    expect(stepLabel(7)).toBe('Step 8 of 8')
  })

  it('keeps the timing constants of product-spec §9', () => {
    expect([TOUR_STEP_TRANSITION_MS, WELCOME_CLOSE_DELAY_MS, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([200, 300, 700, 300])
  })
})

describe('shouldShowWelcome', () => {
  const base = { signedIn: true, disclaimerAcknowledged: true, isNew: true, completedLocally: false, completedOnServer: false }
  it('shows for a new signed-in user who has acknowledged the disclaimer', () => {
    expect(shouldShowWelcome(base)).toBe(true)
  })
  it('does not show when either store says completed, before the disclaimer, or for an old account', () => {
    expect(shouldShowWelcome({ ...base, completedLocally: true })).toBe(false)
    expect(shouldShowWelcome({ ...base, completedOnServer: true })).toBe(false)
    expect(shouldShowWelcome({ ...base, disclaimerAcknowledged: false })).toBe(false)
    expect(shouldShowWelcome({ ...base, isNew: false })).toBe(false)
    expect(shouldShowWelcome({ ...base, signedIn: false })).toBe(false)
  })
})

describe('request bodies', () => {
  it('onboarding accepts complete and reset only', () => {
    expect(OnboardingActionSchema.safeParse({ action: 'complete' }).success).toBe(true)
    expect(OnboardingActionSchema.safeParse({ action: 'reset' }).success).toBe(true)
    expect(OnboardingActionSchema.safeParse({ action: 'done' }).success).toBe(false)
    expect(OnboardingActionSchema.safeParse({}).success).toBe(false)
  })
  it('disclaimer needs acknowledged true (JSON) or the ticked box (form)', () => {
    expect(DisclaimerJsonSchema.safeParse({ acknowledged: true }).success).toBe(true)
    expect(DisclaimerJsonSchema.safeParse({ acknowledged: 'true' }).success).toBe(false)
    expect(DisclaimerFormSchema.safeParse({ acknowledge: 'yes', redirectTo: '/' }).success).toBe(true)
    expect(DisclaimerFormSchema.safeParse({ redirectTo: '/' }).success).toBe(false)
  })
})

describe('returnPath', () => {
  const origin = 'http://app.test'
  it('prefers the form value, then a same-origin referer, then home', () => {
    expect(returnPath('/documents?x=1', null, origin)).toBe('/documents?x=1')
    expect(returnPath(undefined, 'http://app.test/news?c=OSHA', origin)).toBe('/news?c=OSHA')
    expect(returnPath(undefined, null, origin)).toBe('/')
  })
  it('never leaves the site', () => {
    expect(returnPath('//evil.test/x', null, origin)).toBe('/')
    expect(returnPath('https://evil.test/', 'https://evil.test/x', origin)).toBe('/')
    expect(returnPath('/\\evil', 'not a url', origin)).toBe('/')
  })
})
