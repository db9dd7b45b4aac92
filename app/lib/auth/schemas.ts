import { z } from 'zod'

/** Messages of product-spec §5 and §8. Shared by the forms (client) and the actions (server). */
export const MISSING_INFORMATION = 'Missing Information'
export const SIGN_UP_MISSING = 'Please fill in all fields.'
export const SIGN_IN_MISSING = 'Please enter your email and password.'
export const PASSWORD_HINT = 'Must be at least 6 characters long'
export const INVALID_EMAIL = 'Enter a valid email address.'
export const PASSWORD_MIN = 6

const required = (message: string, max: number) => z.string({ error: message }).trim().min(1, message).max(max)

const email = (missing: string) =>
  z
    .string({ error: missing })
    .trim()
    .min(1, missing)
    .max(254, INVALID_EMAIL)
    .toLowerCase()
    .pipe(z.email({ error: INVALID_EMAIL }))

export const SignUpSchema = z.object({
  firstName: required(SIGN_UP_MISSING, 80),
  lastName: required(SIGN_UP_MISSING, 80),
  email: email(SIGN_UP_MISSING),
  password: z.string({ error: SIGN_UP_MISSING }).min(1, SIGN_UP_MISSING).min(PASSWORD_MIN, PASSWORD_HINT).max(200),
  newsEmailOptIn: z
    .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
    .optional()
    .transform((v) => v === true || v === 'on' || v === 'true'),
})
export type SignUpInput = z.infer<typeof SignUpSchema>

export const SignInSchema = z.object({
  email: email(SIGN_IN_MISSING),
  // Length is enforced on sign-up only (spec §5); here it must just be present.
  password: z.string({ error: SIGN_IN_MISSING }).min(1, SIGN_IN_MISSING).max(200),
})
export type SignInInput = z.infer<typeof SignInSchema>

/** The first message of a failed parse: what a toast or a JSON error shows. */
export function firstIssueMessage(error: z.ZodError): string {
  return error.issues[0]?.message ?? 'Please check your information and try again.'
}

/** A missing field wins over any other problem: it is what the spec's toast reports. */
export function isMissingInformation(error: z.ZodError | readonly string[], missingMessage: string): boolean {
  const messages = Array.isArray(error) ? error : (error as z.ZodError).issues.map((issue) => issue.message)
  return messages.includes(missingMessage)
}
