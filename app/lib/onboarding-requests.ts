import { z } from 'zod'
import { DISCLAIMER_CHECKBOX_VALUE, ONBOARDING_ACTIONS } from './onboarding'

// The request bodies of /api/onboarding and /api/disclaimer. Apart from app/lib/onboarding.ts because the
// root route's client code imports that module, and these schemas would bring zod into every page.

/** The body of POST /api/onboarding, as JSON or as a form. */
export const OnboardingActionSchema = z.object({
  action: z.enum(ONBOARDING_ACTIONS),
  redirectTo: z.string().max(2000).optional(),
})

/** POST /api/disclaimer as JSON. */
export const DisclaimerJsonSchema = z.object({ acknowledged: z.literal(true) })

/** POST /api/disclaimer as a form (JavaScript off): the required checkbox and where to go back to. */
export const DisclaimerFormSchema = z.object({
  acknowledge: z.literal(DISCLAIMER_CHECKBOX_VALUE),
  redirectTo: z.string().max(2000).optional(),
})
